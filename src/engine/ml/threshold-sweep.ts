/**
 * The robustness lab's overfitting check for an ML run , at the cost of a
 * few simulations: the out-of-sample probabilities are fixed once the folds are trained, so the
 * same out-of-sample bars are traded at each threshold of a small grid (with the run's exits),
 * and the per-bar returns of those configurations go to PBO (pbo.ts, CSCV on the return matrix)
 * and to the deflated Sharpe ratio of the run's own threshold (deflated-sharpe.ts), the trials
 * being the grid's thresholds and their variance the measured variance of their Sharpe ratios.
 * Retraining per configuration (what a sweep of the model's settings would need) is not done.
 */
import { deflatedSharpeRatio, type DeflatedSharpe } from '../robustness/deflated-sharpe';
import { dsrTooFewWarning, pboTooFewReason } from '../robustness/evidence';
import { DEFAULT_PBO_BLOCKS, probabilityOfBacktestOverfitting, type PboResult } from '../robustness/pbo';
import { returnMoments, sharpeVariance } from '../stats/return-moments';
import { returnsMatrixFromColumns } from '../robustness/returns-matrix';

/**
 * The thresholds tried besides the run's own: from a coin flip (0.50) to a confident 0.70 in
 * steps of 0.025, the range where a classifier's threshold is usually set. Written out so
 * that each value is the exact decimal a request would send.
 */
export const ML_THRESHOLD_GRID = [0.5, 0.525, 0.55, 0.575, 0.6, 0.625, 0.65, 0.675, 0.7] as const;

/** The grid with `threshold` added when it is not on it, in increasing order. */
export function sweptThresholds(threshold: number): number[] {
  const grid: number[] = [...ML_THRESHOLD_GRID];
  if (!grid.includes(threshold)) grid.push(threshold);
  return grid.sort((a, b) => a - b);
}

/** Per-bar returns (fractions) of an equity curve over rows [from, to), from the initial capital. */
export function perBarReturns(
  equity: Float64Array,
  from: number,
  to: number,
  initialCapital: number,
): Float64Array {
  const returns = new Float64Array(Math.max(0, to - from));
  let previous = initialCapital;
  for (let row = from; row < to; row++) {
    const current = equity[row]!;
    returns[row - from] = previous > 0 ? current / previous - 1 : 0;
    previous = current;
  }
  return returns;
}

export interface MlThresholdDeflatedSharpe extends DeflatedSharpe {
  /** Index in `thresholds` of the configuration judged: the run's own threshold. */
  configuration: number;
  /** Its per-bar Sharpe ratio (not annualised), the number of bars and the returns' shape. */
  sharpe: number;
  observations: number;
  skewness: number;
  kurtosis: number;
  /** The grid's size, and the variance of its configurations' per-bar Sharpe ratios. */
  trials: number;
  trialsSharpeVariance: number;
}

export interface MlThresholdSweep {
  thresholds: number[];
  /** Index in `thresholds` of the run's own threshold. */
  chosen: number;
  /** Per configuration, its per-bar returns over the out-of-sample bars. */
  returns: Float64Array[];
  /** PBO with DEFAULT_PBO_BLOCKS blocks; null (with pboReason) when the bars are too few. */
  pbo: PboResult | null;
  pboReason: string | null;
  dsr: MlThresholdDeflatedSharpe | null;
  dsrReason: string | null;
  /** Set when the DSR rests on fewer bars than EVIDENCE.dsrObservations. */
  dsrWarning: string | null;
}

function pboOf(returns: readonly Float64Array[]): Pick<MlThresholdSweep, 'pbo' | 'pboReason'> {
  const reason = pboTooFewReason(returns[0]!.length, DEFAULT_PBO_BLOCKS, 'out-of-sample bars', 'bars');
  if (reason) return { pbo: null, pboReason: reason };
  return {
    pbo: probabilityOfBacktestOverfitting(returnsMatrixFromColumns(returns), { blocks: DEFAULT_PBO_BLOCKS }),
    pboReason: null,
  };
}

function dsrOf(
  returns: readonly Float64Array[],
  chosen: number,
): Pick<MlThresholdSweep, 'dsr' | 'dsrReason' | 'dsrWarning'> {
  const moments = returns.map((series) => returnMoments(series));
  const trialsSharpeVariance = sharpeVariance(moments.map((moment) => moment.sharpe));
  const { sharpe, observations, skewness, kurtosis } = moments[chosen]!;
  if (!Number.isFinite(sharpe)) {
    return {
      dsr: null,
      dsrReason: 'the returns at the run threshold never vary: they have no Sharpe ratio',
      dsrWarning: null,
    };
  }
  if (!Number.isFinite(trialsSharpeVariance)) {
    return { dsr: null, dsrReason: 'fewer than two thresholds have a Sharpe ratio', dsrWarning: null };
  }
  const trials = returns.length;
  return {
    dsr: {
      ...deflatedSharpeRatio({ sharpe, observations, skewness, kurtosis, trials, trialsSharpeVariance }),
      configuration: chosen,
      sharpe,
      observations,
      skewness,
      kurtosis,
      trials,
      trialsSharpeVariance,
    },
    dsrReason: null,
    dsrWarning: dsrTooFewWarning(observations, 'out-of-sample bars'),
  };
}

/** The check from each threshold's per-bar returns (see the module note). */
export function thresholdSweep(
  thresholds: number[],
  chosen: number,
  returns: Float64Array[],
): MlThresholdSweep {
  return { thresholds, chosen, returns, ...pboOf(returns), ...dsrOf(returns, chosen) };
}
