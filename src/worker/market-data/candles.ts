import { FALLBACK_WARNING, fallbackErrorMessage, fallbackStocks } from '../../shared/fallback-market';
import { seriesFromRows } from '../../engine/index';
import { isUploadMarket } from '../../shared/data-sources';
import { CANDLE_TIMEFRAMES } from '../../shared/timeframes';
import type { Env } from '../env';
import {
  type CandleQuery,
  CandleRequestError,
  type MarketCandles,
  DAY_MS,
  MAX_BARS_PER_ANSWER,
  answerWithWarmup,
  tooManyBars,
} from './candle-answer';
import { binanceCandles, binanceConfig } from './binance';
import { ProviderError, providerConfig } from './provider';
import { providerCandles } from './provider-candles';
import { candleProviderOf } from './providers';
import { tiingoCandles, tiingoConfig } from './tiingo';
import { isSample, sampleCandles } from './sample-candles';
import { uploadCandles } from './upload-candles';
import { syntheticCandles } from './synthetic-candles';
import { exchangeSession } from './sessions';

export const SYNTHETIC_WARNING =
  'Synthetic sample data: these candles are generated for demonstration and are not real market prices.';

/** The candles of the provider that serves the query's exchange (providers.ts), or null without one. */
function fromProvider(env: Env, query: CandleQuery): Promise<MarketCandles> | null {
  switch (candleProviderOf(env, query.exchange)) {
    case 'eodhd':
      return providerCandles(env, providerConfig(env)!, query);
    case 'tiingo':
      return tiingoCandles(env, tiingoConfig(env)!, query);
    case 'binance':
      return binanceCandles(env, binanceConfig(env)!, query);
    case null:
      return null;
  }
}

/**
 * Candles for a query: the bundled sample; the user's own upload (exchange UPLOAD); else the
 * provider that serves the exchange (providers.ts, through the KV cache) when one is configured;
 * else synthetic bars for the fallback stocks (labelled, no error: nothing failed), and when the
 * provider fails, those with the spec's banner texts among the warnings. Other symbols without a
 * provider answer 404/502.
 */
export async function loadCandles(
  env: Env,
  query: CandleQuery,
  userId: string | null,
): Promise<MarketCandles> {
  if (isSample(query)) return sampleCandles(query);
  if (isUploadMarket(query.exchange)) return uploadCandles(env, userId, query);
  const loading = fromProvider(env, query);
  if (!loading) return fallbackCandles(query);
  try {
    return await loading;
  } catch (error) {
    if (!(error instanceof ProviderError)) throw error;
    console.warn(`Market data: ${error.message}`);
    if (!isFallbackStock(query)) {
      throw new CandleRequestError(`Market data could not be loaded: ${error.message}.`, 502);
    }
    const answer = fallbackCandles(query);
    return {
      ...answer,
      warnings: [fallbackErrorMessage(error.message), FALLBACK_WARNING, ...answer.warnings],
    };
  }
}

function isFallbackStock(query: CandleQuery): boolean {
  return fallbackStocks(query.exchange).some((stock) => stock.code === query.symbol);
}

/**
 * Deterministic synthetic bars for a fallback stock, inside its exchange's session, with
 * `warmup` extra bars before `from` for indicators.
 */
export function fallbackCandles(query: CandleQuery): MarketCandles {
  const session = exchangeSession(query.exchange);
  if (!session || !isFallbackStock(query)) {
    throw new CandleRequestError(`No data for ${query.symbol} on ${query.exchange}.`, 404);
  }
  const minutes = CANDLE_TIMEFRAMES[query.timeframe];
  const sessionMinutes = session.minutes;
  const barsPerDay = Math.ceil(sessionMinutes / Math.min(minutes, sessionMinutes));
  const days = Math.max(0, (Date.parse(query.to) - Date.parse(query.from)) / DAY_MS + 1);
  const estimate = Math.ceil((days * 5) / 7) * barsPerDay + query.warmup;
  if (estimate > MAX_BARS_PER_ANSWER) throw tooManyBars(estimate, query.timeframe);

  // Enough calendar days before `from` to hold the warm-up bars (weekends included).
  const warmupDays = Math.ceil((query.warmup / barsPerDay) * 1.5) + 4;
  const start = new Date(Date.parse(query.from) - warmupDays * DAY_MS).toISOString().slice(0, 10);
  const bars = seriesFromRows(syntheticCandles(query.symbol, session, minutes, start, query.to));
  return answerWithWarmup(bars, query, {
    calendar: session.calendar,
    source: 'synthetic',
    warnings: [SYNTHETIC_WARNING],
  });
}
