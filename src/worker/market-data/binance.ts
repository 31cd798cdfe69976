/**
 * Binance's public market data (no key), on when `BINANCE_API_URL` is set: exchange BINANCE
 * with its USDT spot pairs, candles from its klines for every timeframe, 24/7 in UTC days.
 *
 * Klines come 1,000 a call. A Worker may make 50 outgoing requests per request on the free
 * plan, so one answer makes at most MAX_KLINE_CALLS. Bars are fetched and cached per calendar
 * month (UTC), 1-minute bars per UTC day: a closed month (day) is kept in KV for a week, and
 * an answer fetches only the months (days) it lacks. A range whose months need more calls than
 * that answers 400 naming the largest range that always fits (see docs/market-data.md).
 */
import * as z from 'zod';
import { dropDuplicateBars, seriesFromRows, type CandleRow } from '../../engine/index';
import type { Stock } from '../../shared/api/market';
import { MAX_WARMUP_BARS } from '../../shared/bar-budget';
import { CANDLE_TIMEFRAMES, type CandleTimeframe } from '../../shared/timeframes';
import type { Env } from '../env';
import {
  type CandleQuery,
  CandleRequestError,
  DAY_MS,
  type MarketCandles,
  answerWithWarmup,
  barName,
} from './candle-answer';
import { cacheJson } from './cache';
import { DEFAULT_TIMEOUT_MS, ProviderError, asArray, fetchProviderJson } from './provider';
import { exchangeSession } from './sessions';

export const KLINES_PER_CALL = 1000;
/** Calls one answer may make: under the free plan's 50 subrequests, with room for the rest. */
export const MAX_KLINE_CALLS = 40;
const CLOSED_MONTH_TTL_SECONDS = 7 * 24 * 60 * 60;
const INCOMPLETE = 'The market-data provider answered with incomplete candles';
/** Binance answers 429 past its request weight, and 418 to a client that kept going after that. */
const BINANCE_LIMITS: Record<number, string> = {
  429: 'HTTP error! Status: 429 (the request weight limit of Binance is reached)',
  418: 'HTTP error! Status: 418 (Binance has banned this server for a while after too many requests)',
};

export interface BinanceConfig {
  baseUrl: string;
  timeoutMs: number;
}

export function binanceConfig(env: Env): BinanceConfig | null {
  if (!env.BINANCE_API_URL) return null;
  const timeout = Number(env.MARKET_DATA_TIMEOUT_MS);
  return {
    baseUrl: env.BINANCE_API_URL.replace(/\/+$/, ''),
    timeoutMs: Number.isFinite(timeout) && timeout > 0 ? timeout : DEFAULT_TIMEOUT_MS,
  };
}

/** The server in cache keys: host and path of the base URL. */
export const cacheHost = (config: BinanceConfig) => {
  const url = new URL(config.baseUrl);
  return `${url.host}${url.pathname}`;
};

const exchangeInfoSchema = z.object({
  symbols: z.array(
    z.object({
      symbol: z.string().min(1),
      status: z.string(),
      baseAsset: z.string(),
      quoteAsset: z.string(),
      isSpotTradingAllowed: z.boolean().optional(),
    }),
  ),
});

/** The USDT spot pairs that trade now. Throws ProviderError. */
export async function binanceSymbols(config: BinanceConfig): Promise<Stock[]> {
  const body = await fetchProviderJson(new URL(`${config.baseUrl}/api/v3/exchangeInfo`), {
    timeoutMs: config.timeoutMs,
    limitMessages: BINANCE_LIMITS,
  });
  const parsed = exchangeInfoSchema.safeParse(body);
  if (!parsed.success) throw new ProviderError('The market-data provider answered with incomplete records');
  const stocks = parsed.data.symbols
    .filter((s) => s.quoteAsset === 'USDT' && s.status === 'TRADING' && s.isSpotTradingAllowed !== false)
    .map((s) => ({
      code: s.symbol,
      name: `${s.baseAsset} / USDT`,
      country: '',
      exchange: 'BINANCE',
      currency: 'USDT',
      type: 'Crypto',
    }));
  if (stocks.length === 0)
    throw new ProviderError('The market-data provider answered with an empty symbol list');
  return stocks;
}

/** [open time ms, "open", "high", "low", "close", "volume", close time, ...]. */
const klineSchema = z
  .tuple([
    z.number(),
    z.coerce.number(),
    z.coerce.number(),
    z.coerce.number(),
    z.coerce.number(),
    z.coerce.number(),
  ])
  .rest(z.unknown());

interface Period {
  start: number;
  end: number;
  name: string;
}

/** The first instant of the UTC month holding `t`, and of the next one. */
function monthOf(t: number): Period {
  const d = new Date(t);
  const start = Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), 1);
  const end = Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + 1, 1);
  return { start, end, name: new Date(start).toISOString().slice(0, 7) };
}

/** The UTC day holding `t`, and the next one's first instant. */
function dayOf(t: number): Period {
  const start = Math.floor(t / DAY_MS) * DAY_MS;
  return { start, end: start + DAY_MS, name: new Date(start).toISOString().slice(0, 10) };
}

/**
 * What bars of `timeframe` are fetched and cached by: a UTC month, or a UTC day for 1-minute
 * bars (a month of them is 45 calls, more than one answer makes; a day is 2).
 */
const periodOf = (timeframe: CandleTimeframe) => (timeframe === '1m' ? dayOf : monthOf);

/** The periods covering [from, to). */
function periodsCovering(timeframe: CandleTimeframe, from: number, to: number): Period[] {
  const of = periodOf(timeframe);
  const periods = [];
  for (let period = of(from); period.start < to; period = of(period.end)) periods.push(period);
  return periods;
}

const callsFor = (ms: number, barMs: number) => Math.ceil(ms / barMs / KLINES_PER_CALL);

/** Klines in [from, to), page by page; every page must parse or the answer is partial. */
export async function fetchKlines(
  config: BinanceConfig,
  symbol: string,
  timeframe: CandleTimeframe,
  from: number,
  to: number,
  deadline: AbortSignal,
): Promise<CandleRow[]> {
  const barMs = CANDLE_TIMEFRAMES[timeframe] * 60_000;
  const rows: CandleRow[] = [];
  for (let start = from; start < to;) {
    const url = new URL(`${config.baseUrl}/api/v3/klines`);
    url.searchParams.set('symbol', symbol);
    url.searchParams.set('interval', timeframe);
    url.searchParams.set('startTime', String(start));
    url.searchParams.set('endTime', String(to - 1));
    url.searchParams.set('limit', String(KLINES_PER_CALL));
    const page = z.array(klineSchema).safeParse(
      asArray(
        await fetchProviderJson(url, {
          timeoutMs: config.timeoutMs,
          deadline,
          limitMessages: BINANCE_LIMITS,
        }),
      ),
    );
    if (!page.success) throw new ProviderError(INCOMPLETE);
    for (const [t, o, h, l, c, v] of page.data) {
      if (t >= start && t < to && [o, h, l, c, v].every(Number.isFinite)) rows.push({ t, o, h, l, c, v });
      else if (!(t >= start && t < to)) throw new ProviderError(INCOMPLETE);
    }
    if (page.data.length < KLINES_PER_CALL) break;
    start = page.data.at(-1)![0] + barMs;
  }
  return rows;
}

function tooLargeForBinance(timeframe: CandleTimeframe): CandleRequestError {
  const minutes = CANDLE_TIMEFRAMES[timeframe];
  // Whole months are fetched: a range this long (plus its warm-up) touches few enough of them.
  // 1-minute bars come by the day: the range's days, the day before it and the longest warm-up.
  const budgetDays = Math.floor((MAX_KLINE_CALLS * KLINES_PER_CALL * minutes) / 1440);
  const days =
    timeframe === '1m'
      ? Math.floor(MAX_KLINE_CALLS / callsFor(DAY_MS, minutes * 60_000)) -
        1 -
        Math.ceil((MAX_WARMUP_BARS * minutes) / 1440)
      : Math.max(1, budgetDays - 62);
  return new CandleRequestError(
    `Binance answers ${KLINES_PER_CALL.toLocaleString('en-US')} bars a call and one request may make ${MAX_KLINE_CALLS} calls: ` +
      `a range of up to ${days.toLocaleString('en-US')} days of ${barName(timeframe)} bars always fits. Choose a shorter range or a longer timeframe.`,
    400,
  );
}

/**
 * Candles of a USDT pair from Binance's klines, with `warmup` bars before `from`, month by
 * month through the cache. Throws ProviderError (the caller answers 502) or a 400 for a range
 * that needs too many calls.
 */
export async function binanceCandles(
  env: Env,
  config: BinanceConfig,
  query: CandleQuery,
): Promise<MarketCandles> {
  const session = exchangeSession('BINANCE')!;
  const calendar = session.calendar;
  const barMs = CANDLE_TIMEFRAMES[query.timeframe] * 60_000;
  const from = calendar.startOfDate(query.from) - query.warmup * barMs - DAY_MS;
  const to = calendar.startOfDay(calendar.dayOfDate(query.to) + 1);
  const now = Date.now();
  const months = periodsCovering(query.timeframe, from, Math.min(to, now + DAY_MS));
  const calls = months.reduce((sum, month) => sum + callsFor(month.end - month.start, barMs), 0);
  if (calls > MAX_KLINE_CALLS) throw tooLargeForBinance(query.timeframe);

  const host = cacheHost(config);
  const keyOf = (month: string) => `md:v3:binance:${host}:klines:${query.symbol}:${query.timeframe}:${month}`;
  const cached = await Promise.all(
    months.map((month) => env.CACHE.get<CandleRow[]>(keyOf(month.name), 'json')),
  );
  const missing = months.filter((_, i) => cached[i] === null);
  const rows: CandleRow[] = cached.flatMap((monthRows) => monthRows ?? []);
  if (missing.length > 0) {
    // One span from the first missing month to the last: fewer calls than month by month.
    const deadline = AbortSignal.timeout(config.timeoutMs);
    const fetched = await fetchKlines(
      config,
      query.symbol,
      query.timeframe,
      missing[0]!.start,
      missing.at(-1)!.end,
      deadline,
    );
    for (const month of missing) {
      const monthRows = fetched.filter((row) => row.t >= month.start && row.t < month.end);
      rows.push(...monthRows);
      // A month is kept once it is over (its last bar closed), never an empty one.
      if (month.end <= now && monthRows.length > 0)
        await cacheJson(env.CACHE, keyOf(month.name), monthRows, CLOSED_MONTH_TTL_SECONDS);
    }
  }
  const { rows: sorted, dropped } = dropDuplicateBars(rows);
  return answerWithWarmup(seriesFromRows(sorted), query, {
    calendar,
    source: 'binance',
    warnings: [],
    adjustment: 'none',
    duplicatesDropped: dropped,
  });
}
