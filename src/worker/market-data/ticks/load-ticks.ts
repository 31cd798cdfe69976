/**
 * The trades of a market between two instants, from the source that serves its exchange:
 * Binance's aggregated trades (exchange BINANCE, no key), the provider's US tick API (US
 * exchanges, where EODHD is configured) or the user's uploaded tick files (exchange UPLOAD).
 * Provider trades are fetched a UTC day at a time; a day that is over is read from and kept in
 * the R2 bucket TICKS (tick-store.ts), so it is fetched once.
 */
import type { TickSeries } from '../../../engine/index';
import { isUploadMarket } from '../../../shared/data-sources';
import type { Env } from '../../env';
import { binanceConfig, cacheHost } from '../binance';
import { CandleRequestError } from '../candle-answer';
import { type ProviderConfig, ProviderError, providerConfig, providerId } from '../provider';
import { BINANCE_EXCHANGE } from '../providers';
import { binanceTradeCount, binanceTradesOfDay } from './binance-trades';
import { eodhdTicksOfDay } from './eodhd-ticks';
import { TickBudget } from './tick-budget';
import { DAY_MS, keepTickDay, readTickDay, tickDayKey, type TickColumns } from './tick-store';
import { uploadTicks } from './upload-ticks';

export type TickSourceName = 'binance' | 'eodhd' | 'upload';

/** The exchanges of the provider's US tick API. */
export const US_TICK_EXCHANGES: readonly string[] = ['US', 'NASDAQ', 'NYSE', 'AMEX'];

/** The source of trades for `exchange` on this server, or null (none). */
export function tickSourceOf(env: Env, exchange: string): TickSourceName | null {
  if (isUploadMarket(exchange)) return 'upload';
  if (exchange === BINANCE_EXCHANGE) return binanceConfig(env) ? 'binance' : null;
  if (US_TICK_EXCHANGES.includes(exchange)) return providerConfig(env) ? 'eodhd' : null;
  return null;
}

/** The 400 for an exchange without a source of trades. */
export function noTickSource(exchange: string): CandleRequestError {
  return new CandleRequestError(
    `No source of trades serves ${exchange}: ticks come from Binance (exchange BINANCE), the market-data ` +
      `provider's US tick API (${US_TICK_EXCHANGES.join(', ')}) or an uploaded tick file (exchange UPLOAD).`,
    400,
  );
}

export interface TickQuery {
  exchange: string;
  symbol: string;
  /** Unix ms, inclusive. */
  from: number;
  /** Unix ms, exclusive. */
  to: number;
}

export interface MarketTicks {
  ticks: TickSeries;
  source: TickSourceName;
}

export interface LoadOptions {
  /**
   * Count each finished day's trades before fetching it where the source tells the count in a
   * few calls (Binance), so the day is held in one block of its size: a queued run's chunk reads
   * a busy day within a Worker's memory. A day in the store needs no count.
   */
  sizeDays?: boolean;
}

/** The trades in [from, to); throws CandleRequestError (400, 404, 502) as loadCandles does. */
export async function loadTicks(
  env: Env,
  query: TickQuery,
  userId: string | null,
  budget: TickBudget,
  now = Date.now(),
  { sizeDays = false }: LoadOptions = {},
): Promise<MarketTicks> {
  const source = tickSourceOf(env, query.exchange);
  if (source === null) throw noTickSource(query.exchange);
  if (source === 'upload') {
    const ticks = await uploadTicks(env, userId, query);
    budget.hold(ticks.t.length);
    return { ticks, source };
  }
  const fetchDay = dayFetcher(env, source, query.symbol);
  const days: TickSeries[] = [];
  try {
    for (let day = Math.floor(query.from / DAY_MS) * DAY_MS; day < query.to && day <= now; day += DAY_MS) {
      const key = tickDayKey(fetchDay.keyPrefix, query.symbol, day);
      let ticks = await readTickDay(env.TICKS, key);
      if (!ticks) {
        const expected = sizeDays && day + DAY_MS <= now ? await fetchDay.count?.(day, budget) : null;
        ticks = (await fetchDay.fetch(day, budget, expected ?? undefined)).series();
        await keepTickDay(env.TICKS, key, ticks, day + DAY_MS, now);
      }
      const trimmed = trim(ticks, query.from, query.to);
      budget.hold(trimmed.t.length);
      days.push(trimmed);
    }
  } catch (error) {
    if (!(error instanceof ProviderError)) throw error;
    console.warn(`Tick data: ${error.message}`);
    throw new CandleRequestError(`Trades could not be loaded: ${error.message}.`, 502);
  }
  return { ticks: concat(days), source };
}

function dayFetcher(
  env: Env,
  source: 'binance' | 'eodhd',
  symbol: string,
): {
  keyPrefix: string;
  fetch: (day: number, budget: TickBudget, expected?: number) => Promise<TickColumns>;
  /** The day's trades counted beforehand, where the source can (null: it cannot tell). */
  count?: (day: number, budget: TickBudget) => Promise<number | null>;
} {
  if (source === 'binance') {
    const config = binanceConfig(env)!;
    return {
      keyPrefix: `binance/${cacheHost(config)}`,
      fetch: (day, budget, expected) => binanceTradesOfDay(config, symbol, day, budget, expected),
      count: (day, budget) => binanceTradeCount(config, symbol, day, day + DAY_MS, budget),
    };
  }
  const config: ProviderConfig = providerConfig(env)!;
  return {
    keyPrefix: `eodhd/${providerId(config)}`,
    fetch: (day, budget) => eodhdTicksOfDay(config, symbol, day, budget),
  };
}

/** The trades of `ticks` in [from, to). */
function trim(ticks: TickSeries, from: number, to: number): TickSeries {
  let start = 0;
  while (start < ticks.t.length && ticks.t[start]! < from) start++;
  let end = ticks.t.length;
  while (end > start && ticks.t[end - 1]! >= to) end--;
  if (start === 0 && end === ticks.t.length) return ticks;
  return {
    t: ticks.t.subarray(start, end),
    p: ticks.p.subarray(start, end),
    q: ticks.q.subarray(start, end),
  };
}

function concat(parts: readonly TickSeries[]): TickSeries {
  // One day (a queued run's chunk) is handed on as it is: a busy day is not held twice.
  if (parts.length === 1) return parts[0]!;
  const length = parts.reduce((sum, part) => sum + part.t.length, 0);
  const ticks = { t: new Float64Array(length), p: new Float64Array(length), q: new Float64Array(length) };
  let at = 0;
  for (const part of parts) {
    ticks.t.set(part.t, at);
    ticks.p.set(part.p, at);
    ticks.q.set(part.q, at);
    at += part.t.length;
  }
  return ticks;
}
