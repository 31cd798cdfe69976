/**
 * Where a forward test's bars come from: Binance's REST klines (warm-up and backfill, the same
 * source as backtests) and its kline WebSocket stream, for one symbol and interval. Kept with
 * the test, so a restarted test reads the source it started on.
 */
import type { BacktestRequest } from '../../shared/backtest-request';
import { CANDLE_TIMEFRAMES, CODE_OF_TIMEFRAME, type CandleTimeframe } from '../../shared/timeframes';
import type { Env } from '../env';
import { ApiError } from '../errors';

export const DEFAULT_BINANCE_WS_URL = 'wss://stream.binance.com:9443';

export interface LiveSource {
  /** Binance's REST base (BINANCE_API_URL). */
  apiUrl: string;
  /** Binance's stream base (BINANCE_WS_URL). */
  wsUrl: string;
  symbol: string;
  interval: CandleTimeframe;
}

/** The live source of a request, or a 400 naming what forward tests run on. */
export function liveSourceOf(env: Env, request: BacktestRequest): LiveSource {
  if (request.exchange !== 'BINANCE') {
    throw new ApiError(
      400,
      'Forward tests run on Binance pairs (exchange BINANCE) for now: choose a Binance pair to forward-test.',
    );
  }
  if (!env.BINANCE_API_URL) {
    throw new ApiError(
      503,
      'Binance market data is not configured on this server: forward tests cannot start.',
    );
  }
  return {
    apiUrl: env.BINANCE_API_URL.replace(/\/+$/, ''),
    wsUrl: (env.BINANCE_WS_URL || DEFAULT_BINANCE_WS_URL).replace(/\/+$/, ''),
    symbol: request.stock.toUpperCase(),
    interval: CODE_OF_TIMEFRAME[request.timeframe],
  };
}

export const intervalMs = (source: Pick<LiveSource, 'interval'>) =>
  CANDLE_TIMEFRAMES[source.interval] * 60_000;

/** The stream object's name: one per stream server, symbol and interval. */
export const streamName = (source: LiveSource) =>
  `binance|${source.wsUrl}|${source.symbol}|${source.interval}`;

/**
 * The stream's URL for fetch: `<BINANCE_WS_URL>/ws/<symbol>@kline_<interval>` with ws(s) as
 * http(s), which is how a Worker opens an outbound WebSocket.
 */
export function streamUrl(source: LiveSource): string {
  const url = `${source.wsUrl}/ws/${source.symbol.toLowerCase()}@kline_${source.interval}`;
  return url.replace(/^ws(s?):\/\//, 'http$1://');
}
