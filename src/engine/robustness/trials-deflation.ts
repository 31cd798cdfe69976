/**
 * The deflated Sharpe ratio of a judged configuration over every strategy tried on the same
 * data, not only the configurations measured with it (docs/ml-evidence.md#every-trial-counted).
 * N is the larger of the two counts. V[SR] is the larger of the variance measured across the
 * configurations and that of the other trials' Sharpe ratios: SR0 grows with both, so an
 * underestimated V overstates the DSR, and a history of similar runs must not make the
 * judged configuration look better than its own configurations say.
 */
import { deflatedSharpeRatio, type DeflatedSharpe, type SharpeEstimate } from './deflated-sharpe';

/** A DSR as the sweeps report it: the estimate judged, its N and V[SR], per period. */
export interface JudgedSharpe extends DeflatedSharpe, SharpeEstimate {
  trials: number;
  trialsSharpeVariance: number;
}

/** The strategies tried on the data: how many, and their Sharpe ratios' variance per period. */
export interface TriedStrategies {
  count: number;
  /** Null when fewer than two have a Sharpe ratio. */
  sharpeVariance: number | null;
}

/** `judged` deflated over `tried` as well (see the module note); PSR(0) does not change. */
export function deflateOverTried<T extends JudgedSharpe>(judged: T, tried: TriedStrategies): T {
  const trials = Math.max(judged.trials, tried.count);
  const trialsSharpeVariance = Math.max(judged.trialsSharpeVariance, tried.sharpeVariance ?? 0);
  return {
    ...judged,
    ...deflatedSharpeRatio({ ...judged, trials, trialsSharpeVariance }),
    trials,
    trialsSharpeVariance,
  };
}

/**
 * The variance of per-period Sharpe ratios from that of annualised ones: an annualised ratio
 * is the per-period one times sqrt(periods a year), so its variance is periods a year times
 * larger.
 */
export function perPeriodSharpeVariance(annualised: number | null, periodsPerYear: number): number | null {
  return annualised === null ? null : annualised / periodsPerYear;
}
