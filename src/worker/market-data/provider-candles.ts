import {
  adjustForSplits,
  adjustWithAdjustedCloses,
  aggregateBars,
  dropDuplicateBars,
  parseSplitRatio,
  seriesFromRows,
  type CandleRow,
  type CandleSeries,
  type SessionCalendar,
  type Split,
  UTC_CALENDAR,
} from '../../engine/index';
import type { PriceAdjustment } from '../../shared/backtest-vocabulary';
import { CANDLE_TIMEFRAMES } from '../../shared/timeframes';
import type { Env } from '../env';
import {
  type CandleQuery,
  DAY_MS,
  MAX_BARS_PER_ANSWER,
  type MarketCandles,
  answerWithWarmup,
  noBarsInRange,
  tooManyBars,
} from './candle-answer';
import { cacheJson } from './cache';
import type * as z from 'zod';
import { type ProviderConfig, ProviderError, fetchJsonArray, providerId } from './provider';
import {
  parseRows,
  providerDailyBarSchema,
  providerIntradayBarSchema,
  providerSplitSchema,
} from './provider-rows';
import { type ExchangeSession, exchangeSession } from './sessions';

const DAILY_TTL_SECONDS = 24 * 60 * 60;
const CLOSED_DAYS_TTL_SECONDS = 7 * 24 * 60 * 60;
/** Largest span of one intraday request, in days (provider limits). */
const INTRADAY_SPAN_DAYS = { '1m': 120, '5m': 600, '1h': 7200 } as const;
/** Exchanges whose provider data includes pre- and after-hours trading, cut to the session. */
const REGULAR_SESSION_ONLY = new Set(['US', 'NASDAQ']);

const INCOMPLETE = 'The market-data provider answered with incomplete candles';

/** What one provider fetch yields, as cached: raw bars, the adjusted closes of daily bars, duplicates. */
export interface FetchedBars {
  rows: CandleRow[];
  adjustedCloses?: (number | null)[];
  duplicatesDropped: number;
}

/** Bars checked by zod, stamped by `timeOf`; a bar whose time cannot be read makes the answer partial. */
function toRows<
  Bar extends z.infer<typeof providerDailyBarSchema> | z.infer<typeof providerIntradayBarSchema>,
>(bars: Bar[], timeOf: (bar: Bar) => number): CandleRow[] {
  return bars.map((bar) => {
    const t = timeOf(bar);
    if (!Number.isFinite(t)) throw new ProviderError(INCOMPLETE);
    return { t, o: bar.open, h: bar.high, l: bar.low, c: bar.close, v: bar.volume };
  });
}

/** Daily bars, each stamped with its trading day's opening instant in the exchange's calendar. */
async function fetchDaily(
  config: ProviderConfig,
  calendar: SessionCalendar,
  ticker: string,
  from: string,
  to: string,
  deadline: AbortSignal,
): Promise<FetchedBars> {
  const raw = await fetchJsonArray(
    config,
    `/eod/${encodeURIComponent(ticker)}`,
    { from, to, period: 'd', order: 'a' },
    deadline,
  );
  const bars = parseRows(providerDailyBarSchema, raw, INCOMPLETE);
  const rows = toRows(bars, (bar) => calendar.startOfDate(bar.date));
  const adjustedCloses = bars.map((bar) => bar.adjusted_close ?? null);
  // One bar a day: a repeated day keeps its first bar and adjusted close.
  const kept = rows.map((row, i) => ({ ...row, i }));
  const deduped = dropDuplicateBars(kept);
  return {
    rows: deduped.rows.map(({ i: _i, ...row }) => row),
    adjustedCloses: deduped.rows.map((row) => adjustedCloses[row.i]!),
    duplicatesDropped: deduped.dropped,
  } satisfies FetchedBars;
}

/** The provider's own intraday intervals (15m and 30m are aggregated from 5m). */
export type ProviderIntradayInterval = keyof typeof INTRADAY_SPAN_DAYS;
export const isProviderIntradayInterval = (code: string): code is ProviderIntradayInterval =>
  Object.hasOwn(INTRADAY_SPAN_DAYS, code);

/**
 * Raw intraday bars (not adjusted, not cached) opening in [from, to), or from `from` to the
 * newest bar the provider has when `to` is null (one call: the caller bounds the span), in order
 * of time, a repeated bar dropped. Throws ProviderError.
 */
export async function fetchIntraday(
  config: ProviderConfig,
  ticker: string,
  interval: ProviderIntradayInterval,
  from: number,
  to: number | null,
  deadline: AbortSignal,
): Promise<FetchedBars> {
  const span = INTRADAY_SPAN_DAYS[interval] * DAY_MS;
  const rows: CandleRow[] = [];
  // The spans share one deadline: the whole answer takes at most the provider's time-out.
  for (let start = from; to === null || start < to; start += span) {
    const range: Record<string, string> = { interval, from: String(Math.floor(start / 1000)) };
    if (to !== null) range.to = String(Math.floor(Math.min(to, start + span) / 1000) - 1);
    const raw = await fetchJsonArray(config, `/intraday/${encodeURIComponent(ticker)}`, range, deadline);
    rows.push(
      ...toRows(parseRows(providerIntradayBarSchema, raw, INCOMPLETE), (bar) => bar.timestamp * 1000),
    );
    if (to === null) break;
  }
  const deduped = dropDuplicateBars(rows);
  return { rows: deduped.rows, duplicatesDropped: deduped.dropped };
}

/**
 * The ticker's splits, each effective from its day's session open, through the cache (a day).
 * Needed only when bars are adjusted.
 */
async function fetchSplits(
  env: Env,
  config: ProviderConfig,
  calendar: SessionCalendar,
  ticker: string,
  deadline: AbortSignal,
): Promise<Split[]> {
  const key = `md:v3:${providerId(config)}:splits:${ticker}`;
  const cached = await env.CACHE.get<Split[]>(key, 'json');
  if (cached) return cached;
  const raw = await fetchJsonArray(config, `/splits/${encodeURIComponent(ticker)}`, {}, deadline);
  const splits: Split[] = [];
  for (const split of parseRows(providerSplitSchema, raw, INCOMPLETE)) {
    const ratio = parseSplitRatio(split.split);
    const t = calendar.startOfDate(split.date);
    if (ratio === null || !Number.isFinite(t)) throw new ProviderError(INCOMPLETE);
    splits.push({ t, ratio });
  }
  await cacheJson(env.CACHE, key, splits, DAILY_TTL_SECONDS);
  return splits;
}

/**
 * The bars as the request asks: raw, split-adjusted, or adjusted for splits and dividends. The
 * provider's daily volume is already adjusted for splits (its documentation), its intraday bars
 * are not adjusted at all.
 */
function adjusted(fetched: FetchedBars, splits: Split[], adjustment: PriceAdjustment): CandleRow[] {
  if (adjustment === 'none') return fetched.rows;
  const daily = fetched.adjustedCloses !== undefined;
  if (adjustment === 'splits-and-dividends' && daily)
    return adjustWithAdjustedCloses(fetched.rows, fetched.adjustedCloses!, []);
  return adjustForSplits(fetched.rows, splits, { volumeAdjusted: daily });
}

/** Whether the splits list is needed: daily bars adjusted for both use the adjusted close alone. */
const needsSplits = (timeframe: string, adjustment: PriceAdjustment) =>
  adjustment === 'splits' || (adjustment === 'splits-and-dividends' && timeframe !== '1d');

/**
 * `rows` without the extended hours where the provider's bars include them (US equities), as
 * backtests read them.
 */
export function regularSessionRows(exchange: string, rows: CandleRow[]): CandleRow[] {
  const session = exchangeSession(exchange);
  return session && REGULAR_SESSION_ONLY.has(exchange) ? rows.filter(opensInSession(session)) : rows;
}

/**
 * Bars that open inside the regular session. The provider's hourly bars start on the clock
 * hour, so with a 09:30 open the 09:00 bar (half of it pre-market) is left out with the rest of
 * the extended hours: hourly US bars run 10:00-16:00. Finer bars align to the open exactly.
 */
function opensInSession(session: ExchangeSession) {
  const length = session.minutes * 60_000;
  return (row: CandleRow) => {
    const open = session.calendar.startOfDayAt(row.t);
    return row.t < open + length;
  };
}

/**
 * Candles from the provider through the KV cache: daily bars from EOD data, 1m, 5m and 1h bars
 * from intraday data (15m and 30m aggregated from 5m, aligned to the session), US equities
 * cut to the regular session, with warm-up bars fetched before `from`. Throws ProviderError.
 */
export async function providerCandles(
  env: Env,
  config: ProviderConfig,
  query: CandleQuery,
): Promise<MarketCandles> {
  const minutes = CANDLE_TIMEFRAMES[query.timeframe];
  const session = exchangeSession(query.exchange);
  const calendar = session?.calendar ?? UTC_CALENDAR;
  const sessionMinutes = session?.minutes ?? 1440;
  const barsPerDay = Math.ceil(sessionMinutes / Math.min(minutes, sessionMinutes));
  const days = Math.max(0, (Date.parse(query.to) - Date.parse(query.from)) / DAY_MS + 1);
  const estimate = Math.ceil((days * 5) / 7) * barsPerDay + query.warmup;
  if (estimate > MAX_BARS_PER_ANSWER) throw tooManyBars(estimate, query.timeframe);

  const warmupDays = Math.ceil((query.warmup / barsPerDay) * 1.5) + 4;
  const fetchFrom = Date.parse(`${query.from}T00:00:00Z`) - warmupDays * DAY_MS;
  const fetchTo = Date.parse(`${query.to}T00:00:00Z`) + DAY_MS;
  const ticker = `${query.symbol}.${query.exchange}`;
  const adjustment = query.adjustment ?? 'splits-and-dividends';
  // v3: raw bars with their adjusted closes; the adjustment is applied per request.
  const key = `md:v3:${providerId(config)}:candles:${ticker}:${query.timeframe}:${fetchFrom}:${fetchTo}`;
  const meta = {
    calendar,
    warnings: session ? [] : [`Sessions of ${query.exchange} are not known: bars are aligned to UTC days.`],
    adjustment,
  };
  // One deadline for every call of this answer (spans, splits): the provider's time-out.
  const deadline = AbortSignal.timeout(config.timeoutMs);
  const splitsOf = () =>
    needsSplits(query.timeframe, adjustment)
      ? fetchSplits(env, config, calendar, ticker, deadline)
      : Promise.resolve([]);

  const cached = await env.CACHE.get<FetchedBars>(key, 'json');
  if (cached) {
    return answerWithWarmup(shape(adjusted(cached, await splitsOf(), adjustment)), query, {
      ...meta,
      source: 'cache',
      duplicatesDropped: cached.duplicatesDropped,
    });
  }

  let fetched: FetchedBars;
  if (query.timeframe === '1d') {
    fetched = await fetchDaily(
      config,
      calendar,
      ticker,
      new Date(fetchFrom).toISOString().slice(0, 10),
      query.to,
      deadline,
    );
  } else {
    fetched = await fetchIntraday(
      config,
      ticker,
      // The provider's own intervals; 15m and 30m are aggregated from 5m below.
      query.timeframe === '1h' || query.timeframe === '1m' ? query.timeframe : '5m',
      fetchFrom,
      fetchTo,
      deadline,
    );
    fetched = { ...fetched, rows: regularSessionRows(query.exchange, fetched.rows) };
  }
  /** 15m and 30m bars aggregated from 5m ones, aligned to the session. */
  function shape(rows: CandleRow[]): CandleSeries {
    return seriesFromRows(
      minutes === 15 || minutes === 30 ? aggregateBars(rows, minutes, (t) => calendar.startOfDayAt(t)) : rows,
    );
  }

  // Shaped before caching: rows that make no answer (too many bars) are not kept either.
  const answer = answerWithWarmup(shape(adjusted(fetched, await splitsOf(), adjustment)), query, {
    ...meta,
    source: 'provider',
    duplicatesDropped: fetched.duplicatesDropped,
  });
  // Daily data is kept a day; intraday data only once its days are closed; an answer without a
  // bar of the asked range, never (the provider may have been missing them for a while).
  const closed = fetchTo <= Date.now() - DAY_MS;
  const ttl = noBarsInRange(answer)
    ? 0
    : query.timeframe === '1d'
      ? DAILY_TTL_SECONDS
      : closed
        ? CLOSED_DAYS_TTL_SECONDS
        : 0;
  if (fetched.rows.length > 0) await cacheJson(env.CACHE, key, fetched, ttl);
  return answer;
}
