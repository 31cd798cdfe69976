import { FALLBACK_EXCHANGES, fallbackStocks } from '../../shared/fallback-market';
import {
  CANDLE_TIMEFRAMES,
  type CandleAnswer,
  type CandleQuery,
  CandleRequestError,
  DAY_MS,
  MAX_BARS_PER_ANSWER,
  answerWithWarmup,
  tooManyBars,
} from './candle-answer';
import { isSample, sampleCandles } from './sample-candles';
import { syntheticCandles } from './synthetic-candles';
import { minutesOfClock } from './zoned-time';

export const SYNTHETIC_WARNING =
  'Synthetic sample data: these candles are generated for demonstration and are not real market prices.';

/** Candles from the bundled sample or, for the fallback stocks, synthetic bars. */
export function bundledCandles(query: CandleQuery): CandleAnswer {
  if (isSample(query)) return sampleCandles(query);
  return fallbackCandles(query);
}

/**
 * Deterministic synthetic bars for a fallback stock, inside its exchange's session, with
 * `warmup` extra bars before `from` for indicators.
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
  if (estimate > MAX_BARS_PER_ANSWER) throw tooManyBars(estimate, query.timeframe);

  // Enough calendar days before `from` to hold the warm-up bars (weekends included).
  const warmupDays = Math.ceil((query.warmup / barsPerDay) * 1.5) + 4;
  const start = new Date(Date.parse(query.from) - warmupDays * DAY_MS).toISOString().slice(0, 10);
  return answerWithWarmup(syntheticCandles(query.symbol, session, minutes, start, query.to), query, {
    timezone: exchange.timezone,
    source: 'synthetic',
    warnings: [SYNTHETIC_WARNING],
  });
}
