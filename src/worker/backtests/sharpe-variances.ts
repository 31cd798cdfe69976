/**
 * The trials' Sharpe ratio variance in both units the API states (docs/ml-evidence.md#every-trial-counted):
 * as measured on the annualised ratios of the metrics, and per bar of the run's timeframe, the
 * unit of the run's own per-bar Sharpe ratio that a deflated Sharpe ratio judges.
 */
import { barsPerYear, perPeriodSharpeVariance } from '../../engine/index';
import type { Trials } from '../../shared/api/backtests';
import type { Timeframe } from '../../shared/backtest-vocabulary';

/** An annualised ratio is the per-bar one times sqrt(bars a year): its variance, bars a year times. */
export function sharpeVariances(
  annualised: number | null,
  timeframe: Timeframe,
): Pick<Trials, 'sharpeVarianceAnnualised' | 'sharpeVariancePerBar' | 'barsPerYear'> {
  const bars = barsPerYear(timeframe);
  return {
    sharpeVarianceAnnualised: annualised,
    sharpeVariancePerBar: perPeriodSharpeVariance(annualised, bars),
    barsPerYear: bars,
  };
}
