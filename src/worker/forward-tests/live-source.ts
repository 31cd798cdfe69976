/**
 * Where a forward test's bars come from, for one symbol and interval, kept with the test so a
 * restarted test reads the source it started on:
 *
 * - Binance pairs (`feed` "binance", or absent on tests started before stocks): its REST klines
 *   (warm-up and backfill, the same source as backtests) and its kline WebSocket stream;
 * - stocks, where the market-data provider is configured (`feed` "provider"): its intraday bars,
 *   read for the warm-up and backfill and polled every minute for the live bars
 *   (bar-stream.ts, closed-bars.ts). The base URL is kept here; the key is read from the
 *   environment of the object that calls, never stored.
 */
import type { BacktestRequest } from '../../shared/backtest-request';
import { isSampleMarket, isUploadMarket } from '../../shared/data-sources';
import { CANDLE_TIMEFRAMES, CODE_OF_TIMEFRAME, type CandleTimeframe } from '../../shared/timeframes';
import type { Env } from '../env';
import { ApiError } from '../errors';
import { STOCK_FORWARD_TEST_TIMEFRAMES } from '../../shared/api/forward-tests';
import { providerConfig } from '../market-data/provider';
import { BINANCE_EXCHANGE, candleProviderOf } from '../market-data/providers';

export const DEFAULT_BINANCE_WS_URL = 'wss://stream.binance.com:9443';

export interface LiveSource {
  /** How live bars arrive: Binance's kline stream, or polls of the provider's intraday bars. */
  feed?: 'binance' | 'provider';
  /** Binance's REST base (BINANCE_API_URL), or the provider's (MARKET_DATA_URL). */
  apiUrl: string;
  /** Binance's stream base (BINANCE_WS_URL); empty for a polled source. */
  wsUrl: string;
  /** The stock's exchange (polled sources). */
  exchange?: string;
  symbol: string;
  interval: CandleTimeframe;
}

export const isPolled = (source: Pick<LiveSource, 'feed'>) => source.feed === 'provider';

/** The live source of a request, or a 400 naming what forward tests run on (503 unconfigured). */
export function liveSourceOf(env: Env, request: BacktestRequest): LiveSource {
  const interval = CODE_OF_TIMEFRAME[request.timeframe];
  if (request.exchange === BINANCE_EXCHANGE) return binanceSource(env, request, interval);
  if (
    isUploadMarket(request.exchange) ||
    isSampleMarket(request.exchange, request.stock) ||
    candleProviderOf(env, request.exchange) !== 'eodhd'
  ) {
    throw new ApiError(
      400,
      `Forward tests run on Binance pairs, and on stocks where this server has the market-data provider's live bars: ${request.exchange} has none here. Choose a Binance pair to forward-test.`,
    );
  }
  if (!STOCK_FORWARD_TEST_TIMEFRAMES.includes(request.timeframe)) {
    throw new ApiError(
      400,
      `Forward tests on stocks run on the 1-minute, 5-minute or hourly bars the provider serves: choose 1 min, 5 min or 1 hour.`,
    );
  }
  return {
    feed: 'provider',
    apiUrl: providerConfig(env)!.baseUrl,
    wsUrl: '',
    exchange: request.exchange,
    symbol: request.stock.toUpperCase(),
    interval,
  };
}

function binanceSource(env: Env, request: BacktestRequest, interval: CandleTimeframe): LiveSource {
  if (!env.BINANCE_API_URL) {
    throw new ApiError(
      503,
      'Binance market data is not configured on this server: forward tests cannot start.',
    );
  }
  return {
    feed: 'binance',
    apiUrl: env.BINANCE_API_URL.replace(/\/+$/, ''),
    wsUrl: (env.BINANCE_WS_URL || DEFAULT_BINANCE_WS_URL).replace(/\/+$/, ''),
    symbol: request.stock.toUpperCase(),
    interval,
  };
}

export const intervalMs = (source: Pick<LiveSource, 'interval'>) =>
  CANDLE_TIMEFRAMES[source.interval] * 60_000;

/** The stream object's name: one per stream server (or provider), symbol and interval. */
export const streamName = (source: LiveSource) =>
  isPolled(source)
    ? `provider|${source.apiUrl}|${source.exchange}|${source.symbol}|${source.interval}`
    : `binance|${source.wsUrl}|${source.symbol}|${source.interval}`;

/**
 * The stream's URL for fetch: `<BINANCE_WS_URL>/ws/<symbol>@kline_<interval>` with ws(s) as
 * http(s), which is how a Worker opens an outbound WebSocket.
 */
export function streamUrl(source: LiveSource): string {
  const url = `${source.wsUrl}/ws/${source.symbol.toLowerCase()}@kline_${source.interval}`;
  return url.replace(/^ws(s?):\/\//, 'http$1://');
}
