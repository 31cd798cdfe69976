/**
 * The candles of a run, as POST /api/backtests loads them (market data, the user's upload, the
 * S&P sample or the synthetic fallback), with the warm-up its indicators need, as a series in
 * the exchange's own calendar. A robustness analysis reloads its run's candles through here.
 */
import type { CandleSeries } from '../../engine/index';
import type { BacktestRequest } from '../../shared/backtest-request';
import type { Env } from '../env';
import { CODE_OF_TIMEFRAME } from '../../shared/timeframes';
import type { MarketCandles } from '../market-data/candle-answer';
import { loadCandles } from '../market-data/candles';
import { calendarOf } from '../market-data/sessions';

/** The run's candles; throws CandleRequestError as loadCandles does. */
export function loadRunCandles(
  env: Env,
  request: BacktestRequest,
  userId: string,
  warmup: number,
): Promise<MarketCandles> {
  return loadCandles(
    env,
    {
      exchange: request.exchange,
      symbol: request.stock.toUpperCase(),
      timeframe: CODE_OF_TIMEFRAME[request.timeframe],
      from: request.fromDate,
      to: request.toDate,
      warmup,
      adjustment: request.priceAdjustment ?? 'splits-and-dividends',
    },
    userId,
  );
}

/** Trading days (session VWAP, pivots, the request's dates) in the exchange's own calendar. */
export function runSeries(request: BacktestRequest, candles: CandleSeries): CandleSeries {
  return { ...candles, calendar: calendarOf(request.exchange) };
}
