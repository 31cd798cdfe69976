/**
 * The candles of a run, as POST /api/backtests loads them (market data, the user's upload, the
 * S&P sample or the synthetic fallback), with the warm-up its indicators need, as a series in
 * the exchange's own calendar. A robustness analysis reloads its run's candles through here.
 */
import { seriesFromColumns, type CandleSeries } from '../../engine/candles/series';
import type { BacktestRequest } from '../../shared/backtest-request';
import { TIMEFRAME_MINUTES } from '../../shared/backtest-vocabulary';
import type { Env } from '../env';
import { CANDLE_TIMEFRAMES, type CandleAnswer, type CandleTimeframe } from '../market-data/candle-answer';
import { loadCandles } from '../market-data/candles';
import { calendarOf } from '../market-data/sessions';

function candleTimeframe(request: BacktestRequest): CandleTimeframe {
  const minutes = TIMEFRAME_MINUTES[request.timeframe];
  return (Object.keys(CANDLE_TIMEFRAMES) as CandleTimeframe[]).find(
    (code) => CANDLE_TIMEFRAMES[code] === minutes,
  )!;
}

/** The run's candles; throws CandleRequestError as loadCandles does. */
export function loadRunCandles(
  env: Env,
  request: BacktestRequest,
  userId: string,
  warmup: number,
): Promise<CandleAnswer> {
  return loadCandles(
    env,
    {
      exchange: request.exchange.toUpperCase(),
      symbol: request.stock.toUpperCase(),
      timeframe: candleTimeframe(request),
      from: request.fromDate,
      to: request.toDate,
      warmup,
    },
    userId,
  );
}

/** Trading days (session VWAP, pivots, the request's dates) in the exchange's own calendar. */
export function runSeries(request: BacktestRequest, candles: CandleAnswer['candles']): CandleSeries {
  return seriesFromColumns(candles, calendarOf(request.exchange.toUpperCase()));
}
