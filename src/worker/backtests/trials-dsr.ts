/**
 * The deflated Sharpe ratios served with a run (its own, and an ML run's threshold check) and
 * with a robustness analysis, deflated over every strategy the user tried on the data (trials.ts):
 * computed when the run or the analysis is read, so that they always use the trials served
 * beside them (docs/ml-evidence.md#every-trial-counted). Results stored before the judged
 * returns' skewness and kurtosis were kept are served as stored.
 */
import {
  barsPerYear,
  deflatedSharpeRatio,
  deflateOverTried,
  dsrTooFewWarning,
  perPeriodSharpeVariance,
  TRADING_DAYS_PER_YEAR,
} from '../../engine/index';
import type { BacktestRun, Trials } from '../../shared/api/backtests';
import type { RobustnessResult } from '../../shared/api/robustness';

type StoredDsr = NonNullable<RobustnessResult['dsr']>;

/** `dsr` deflated over `trials`, its Sharpe ratio's period `periodsPerYear` times a year. */
function deflated(dsr: StoredDsr, trials: Trials, periodsPerYear: number): StoredDsr {
  const { skewness, kurtosis } = dsr;
  if (skewness === undefined || kurtosis === undefined) return dsr;
  return deflateOverTried(
    { ...dsr, skewness, kurtosis },
    {
      count: trials.count,
      sharpeVariance: perPeriodSharpeVariance(trials.sharpeVarianceAnnualised, periodsPerYear),
    },
  );
}

/**
 * The run with its ML threshold check's DSR over its trials (its per-bar Sharpe ratio): N is
 * the thresholds it chose among plus every other strategy tried on the data (the run itself is
 * one strategy of `trials`, its thresholds are its own count).
 */
export function runWithTrialsInDsr(run: BacktestRun, trials: Trials): BacktestRun {
  const ml = run.result.ml;
  const dsr = ml?.thresholdSweep.dsr;
  if (!ml || !dsr) return run;
  const perBar = barsPerYear(run.request.timeframe);
  const tried = { ...trials, count: dsr.trials + Math.max(0, trials.count - 1) };
  return {
    ...run,
    result: {
      ...run.result,
      ml: { ...ml, thresholdSweep: { ...ml.thresholdSweep, dsr: deflated(dsr, tried, perBar) } },
    },
  };
}

/** The analysis's result with its DSR over its trials (its per-day Sharpe ratio). */
export function analysisWithTrialsInDsr(result: RobustnessResult, trials: Trials): RobustnessResult {
  return result.dsr ? { ...result, dsr: deflated(result.dsr, trials, TRADING_DAYS_PER_YEAR) } : result;
}

/**
 * The trials with the run's own DSR over them: N = their count, V[SR] their Sharpe ratios'
 * variance per bar (0 with fewer than two, as deflateOverTried takes it): the figures the CLI's
 * `dsr` takes to give the same DSR (docs/ml-evidence.md#every-trial-counted). Null without the
 * run's stored moments (ML and portfolio runs, runs stored before they were kept).
 */
export function trialsWithRunDsr(run: BacktestRun, trials: Trials): Trials {
  const estimate = run.result.sharpeEstimate;
  if (!estimate) return { ...trials, dsr: null };
  // The estimate's Sharpe ratio is per bar: so is the variance it is judged against.
  const { psr, dsr, sr0 } = deflatedSharpeRatio({
    ...estimate,
    trials: trials.count,
    trialsSharpeVariance: trials.sharpeVariancePerBar ?? 0,
  });
  const warning = dsrTooFewWarning(estimate.observations, 'bars');
  return { ...trials, dsr: { psr, dsr, sr0, observations: estimate.observations, warning } };
}
