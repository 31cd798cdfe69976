import { FALLBACK_EXCHANGES, fallbackStocks } from '../../shared/fallback-market';
import type { CandleRow } from '../../engine/candles/series';
import { syntheticCandles } from './synthetic-candles';
import { minutesOfClock } from './zoned-time';

export const CANDLE_TIMEFRAMES = { '5m': 5, '15m': 15, '30m': 30, '1h': 60, '1d': 1440 } as const;
export type CandleTimeframe = keyof typeof CANDLE_TIMEFRAMES;
/** Most bars one answer may hold (about 5 years of 5-minute US bars). */
export const MAX_BARS_PER_ANSWER = 100_000;

export interface CandleQuery {
  exchange: string;
  symbol: string;
  timeframe: CandleTimeframe;
  from: string;
  to: string;
  warmup: number;
}

export interface CandleAnswer {
  candles: { t: number[]; o: number[]; h: number[]; l: number[]; c: number[]; v: number[] };
  timezone: string;
  source: 'synthetic';
  warmupBars: number;
  warnings: string[];
}

export class CandleRequestError extends Error {
  constructor(
    message: string,
    readonly status: 400 | 404,
  ) {
    super(message);
  }
}

const DAY_MS = 86_400_000;
export const SYNTHETIC_WARNING =
  'Synthetic sample data: these candles are generated for demonstration and are not real market prices.';

/**
 * Candles for a fallback stock: deterministic synthetic bars in the exchange's session, with
 * `warmup` extra bars before `from` for indicators. (Provider, sample and uploaded data are
 * separate sources, added with the market-data issue.)
 */
export function fallbackCandles(query: CandleQuery): CandleAnswer {
  const exchange = FALLBACK_EXCHANGES.find((e) => e.code === query.exchange);
  const known = exchange && fallbackStocks(exchange.code).some((stock) => stock.code === query.symbol);
  if (!exchange || !known) {
    throw new CandleRequestError(`No data for ${query.symbol} on ${query.exchange}.`, 404);
  }
  const minutes = CANDLE_TIMEFRAMES[query.timeframe];
  const session = { timezone: exchange.timezone, open: exchange.sessionOpen, close: exchange.sessionClose };
  const sessionMinutes = minutesOfClock(exchange.sessionClose) - minutesOfClock(exchange.sessionOpen);
  const barsPerDay = Math.ceil(sessionMinutes / Math.min(minutes, sessionMinutes));
  const days = Math.max(0, (Date.parse(query.to) - Date.parse(query.from)) / DAY_MS + 1);
  const estimate = Math.ceil((days * 5) / 7) * barsPerDay + query.warmup;
  if (estimate > MAX_BARS_PER_ANSWER) {
    throw new CandleRequestError(
      `That range holds about ${estimate} bars of ${query.timeframe}; one answer holds at most ${MAX_BARS_PER_ANSWER}. Ask for a shorter range or a longer timeframe.`,
      400,
    );
  }

  // Enough calendar days before `from` to hold the warm-up bars (weekends included).
  const warmupDays = Math.ceil((query.warmup / barsPerDay) * 1.5) + 4;
  const start = new Date(Date.parse(query.from) - warmupDays * DAY_MS).toISOString().slice(0, 10);
  const rows = syntheticCandles(query.symbol, session, minutes, start, query.to);
  const firstInRange = rows.findIndex((row) => row.t >= Date.parse(`${query.from}T00:00:00Z`));
  const splitAt = firstInRange === -1 ? rows.length : firstInRange;
  const warmupBars = Math.min(query.warmup, splitAt);
  const kept = rows.slice(splitAt - warmupBars);
  const warnings = [SYNTHETIC_WARNING];
  if (kept.length === warmupBars) warnings.push(`No trading days between ${query.from} and ${query.to}.`);
  return { candles: columns(kept), timezone: exchange.timezone, source: 'synthetic', warmupBars, warnings };
}

function columns(rows: CandleRow[]): CandleAnswer['candles'] {
  return {
    t: rows.map((r) => r.t),
    o: rows.map((r) => r.o),
    h: rows.map((r) => r.h),
    l: rows.map((r) => r.l),
    c: rows.map((r) => r.c),
    v: rows.map((r) => r.v),
  };
}
