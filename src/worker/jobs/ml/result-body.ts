/**
 * An ML run as a stored backtest result: the out-of-sample strategy is the run (its metrics,
 * trades and curves from the first test bar, the standard dashboard), and `ml` its report.
 */
import { mlReport, type CandleSeries, type MlBacktestResult } from '../../../engine/index';
import type { BacktestResultBody } from '../../../shared/api/backtests';
import { toResultBody, type ResultContext } from '../../backtests/result';

export function mlResultBody(
  result: MlBacktestResult,
  series: CandleSeries,
  data: Omit<ResultContext, 'curveFrom' | 'buyHoldEquity'>,
): BacktestResultBody {
  const { metrics, trades, equity, drawdown, monthlyReturns } = result.strategy;
  const body = toResultBody(
    { metrics, trades, equity, drawdown, monthlyReturns, warnings: result.warnings },
    series,
    { ...data, curveFrom: result.outOfSampleFrom, buyHoldEquity: result.baselines.buyAndHold.equity },
  );
  return { ...body, ml: mlReport(result, series) };
}
