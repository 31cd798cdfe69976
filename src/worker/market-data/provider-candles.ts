import { aggregateBars, type CandleRow, type SessionCalendar, UTC_CALENDAR } from '../../engine/index';
import type { CandlesAnswer } from '../../shared/api/market';
import { CANDLE_TIMEFRAMES } from '../../shared/timeframes';
import type { Env } from '../env';
import {
  type CandleQuery,
  DAY_MS,
  MAX_BARS_PER_ANSWER,
  answerWithWarmup,
  tooManyBars,
} from './candle-answer';
import { cacheRows } from './cache';
import type { z } from 'zod';
import { type ProviderConfig, ProviderError, fetchJsonArray, providerId } from './provider';
import { parseRows, providerDailyBarSchema, providerIntradayBarSchema } from './provider-rows';
import { type ExchangeSession, exchangeSession } from './sessions';

const DAILY_TTL_SECONDS = 24 * 60 * 60;
const CLOSED_DAYS_TTL_SECONDS = 7 * 24 * 60 * 60;
/** Largest span of one intraday request, in days (provider limits). */
const INTRADAY_SPAN_DAYS = { '5m': 600, '1h': 7200 } as const;
/** Exchanges whose provider data includes pre- and after-hours trading, cut to the session. */
const REGULAR_SESSION_ONLY = new Set(['US', 'NASDAQ']);

const INCOMPLETE = 'The market-data provider answered with incomplete candles';

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
) {
  const raw = await fetchJsonArray(config, `/eod/${encodeURIComponent(ticker)}`, {
    from,
    to,
    period: 'd',
    order: 'a',
  });
  return toRows(parseRows(providerDailyBarSchema, raw, INCOMPLETE), (bar) => calendar.startOfDate(bar.date));
}

async function fetchIntraday(
  config: ProviderConfig,
  ticker: string,
  interval: '5m' | '1h',
  from: number,
  to: number,
) {
  const span = INTRADAY_SPAN_DAYS[interval] * DAY_MS;
  const rows: CandleRow[] = [];
  for (let start = from; start < to; start += span) {
    const end = Math.min(to, start + span);
    const raw = await fetchJsonArray(config, `/intraday/${encodeURIComponent(ticker)}`, {
      interval,
      from: String(Math.floor(start / 1000)),
      to: String(Math.floor(end / 1000) - 1),
    });
    rows.push(
      ...toRows(parseRows(providerIntradayBarSchema, raw, INCOMPLETE), (bar) => bar.timestamp * 1000),
    );
  }
  return rows.sort((a, b) => a.t - b.t).filter((row, i, all) => i === 0 || row.t !== all[i - 1]!.t);
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
 * Candles from the provider through the KV cache: daily bars from EOD data, 5m and 1h bars
 * from intraday data (15m and 30m aggregated from 5m, aligned to the session), US equities
 * cut to the regular session, with warm-up bars fetched before `from`. Throws ProviderError.
 */
export async function providerCandles(
  env: Env,
  config: ProviderConfig,
  query: CandleQuery,
): Promise<CandlesAnswer> {
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
  // v2: daily bars stamped at the session open (v1 stamped them at midnight UTC).
  const key = `md:v2:${providerId(config)}:candles:${ticker}:${query.timeframe}:${fetchFrom}:${fetchTo}`;
  const meta = {
    calendar,
    warnings: session ? [] : [`Sessions of ${query.exchange} are not known: bars are aligned to UTC days.`],
  };

  const cached = await env.CACHE.get<CandleRow[]>(key, 'json');
  if (cached) return answerWithWarmup(cached, query, { ...meta, source: 'cache' });

  let rows: CandleRow[];
  if (query.timeframe === '1d') {
    rows = await fetchDaily(
      config,
      calendar,
      ticker,
      new Date(fetchFrom).toISOString().slice(0, 10),
      query.to,
    );
  } else {
    rows = await fetchIntraday(config, ticker, query.timeframe === '1h' ? '1h' : '5m', fetchFrom, fetchTo);
    if (session && REGULAR_SESSION_ONLY.has(query.exchange)) rows = rows.filter(opensInSession(session));
    if (minutes === 15 || minutes === 30)
      rows = aggregateBars(rows, minutes, (t) => calendar.startOfDayAt(t));
  }

  // Shaped before caching: rows that make no answer (too many bars) are not kept either.
  const answer = answerWithWarmup(rows, query, { ...meta, source: 'provider' });
  // Daily data is kept a day; intraday data only once its days are closed; no bars, never.
  const closed = fetchTo <= Date.now() - DAY_MS;
  const ttl = query.timeframe === '1d' ? DAILY_TTL_SECONDS : closed ? CLOSED_DAYS_TTL_SECONDS : 0;
  await cacheRows(env.CACHE, key, rows, ttl);
  return answer;
}
