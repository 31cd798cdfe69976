/**
 * The probabilistic and the deflated Sharpe ratio: Bailey and Lopez de Prado, "The Deflated
 * Sharpe Ratio: Correcting for Selection Bias, Backtest Overfitting and Non-Normality", Journal
 * of Portfolio Management 40(5), 2014, equations 2 (PSR) and 9-10 (expected maximum, DSR). All
 * Sharpe ratios are per period (not annualised), over T observations.
 */
import { normalCdf, normalQuantile } from './normal-distribution';

/** The Euler-Mascheroni constant. */
const EULER_GAMMA = 0.5772156649015329;

/** A measured Sharpe ratio and the shape of the returns it came from (see return-moments.ts). */
export interface SharpeEstimate {
  /** Per-period Sharpe ratio. */
  sharpe: number;
  /** T, the number of returns it was measured on (at least 2). */
  observations: number;
  skewness: number;
  /** Raw kurtosis (3 for normal returns). */
  kurtosis: number;
}

export interface DeflatedSharpeInput extends SharpeEstimate {
  /** N, the number of independent configurations tried (at least 1). */
  trials: number;
  /** V[SR_n], the variance of the trials' per-period Sharpe ratios (at least 0). */
  trialsSharpeVariance: number;
}

export interface DeflatedSharpe {
  /** PSR(0): the probability that the true Sharpe ratio is above 0. */
  psr: number;
  /** PSR(SR0): the probability that it is above the best of N skill-less trials. */
  dsr: number;
  /** SR0, the expected maximum Sharpe ratio of N trials without skill (per period). */
  sr0: number;
}

function assertEstimate({ sharpe, observations, skewness, kurtosis }: SharpeEstimate): void {
  if (!Number.isFinite(sharpe))
    throw new RangeError(`the Sharpe ratio must be a finite number, got ${sharpe}`);
  if (!Number.isInteger(observations) || observations < 2) {
    throw new RangeError(`observations must be a whole number of at least 2, got ${observations}`);
  }
  if (!Number.isFinite(skewness)) throw new RangeError(`skewness must be a finite number, got ${skewness}`);
  if (!Number.isFinite(kurtosis)) throw new RangeError(`kurtosis must be a finite number, got ${kurtosis}`);
}

/**
 * PSR(SR*) = Phi[(SR - SR*) sqrt(T - 1) / sqrt(1 - g3 SR + (g4 - 1) / 4 SR^2)], the
 * probability that the true Sharpe ratio exceeds `benchmark` given the estimate's sampling
 * error under skewed, fat-tailed returns (paper, eq. 2). The term under the root is positive
 * whenever g4 >= 1 + g3^2, which every sample satisfies; other inputs throw.
 */
export function probabilisticSharpeRatio(estimate: SharpeEstimate, benchmark = 0): number {
  assertEstimate(estimate);
  const { sharpe, observations, skewness, kurtosis } = estimate;
  const variance = 1 - skewness * sharpe + ((kurtosis - 1) / 4) * sharpe * sharpe;
  if (!(variance > 0)) {
    throw new RangeError(
      `1 - skewness * sharpe + (kurtosis - 1) / 4 * sharpe^2 is ${variance}, not positive: ` +
        'kurtosis must be the raw kurtosis (3 for normal returns) and at least 1 + skewness^2',
    );
  }
  return normalCdf(((sharpe - benchmark) * Math.sqrt(observations - 1)) / Math.sqrt(variance));
}

/**
 * SR0 = sqrt(V) ((1 - gamma) Phi^-1(1 - 1/N) + gamma Phi^-1(1 - 1/(N e))): the expected
 * maximum of N Sharpe ratios drawn with variance V around a true value of 0 (paper, eq. 9,
 * from the false strategy theorem). One trial selects nothing, so SR0 = 0 there (the formula's
 * first term is -Infinity at N = 1).
 */
export function expectedMaximumSharpe(trials: number, trialsSharpeVariance: number): number {
  if (!Number.isInteger(trials) || trials < 1) {
    throw new RangeError(`trials must be a whole number of at least 1, got ${trials}`);
  }
  if (!(trialsSharpeVariance >= 0) || !Number.isFinite(trialsSharpeVariance)) {
    throw new RangeError(
      `the trials' Sharpe variance must be a finite number of at least 0, got ${trialsSharpeVariance}`,
    );
  }
  if (trials === 1) return 0;
  const factor =
    (1 - EULER_GAMMA) * normalQuantile(1 - 1 / trials) +
    EULER_GAMMA * normalQuantile(1 - 1 / (trials * Math.E));
  return Math.sqrt(trialsSharpeVariance) * factor;
}

/** PSR(0), SR0 and DSR = PSR(SR0) (paper, eq. 10) of the best of `trials` configurations. */
export function deflatedSharpeRatio(input: DeflatedSharpeInput): DeflatedSharpe {
  const sr0 = expectedMaximumSharpe(input.trials, input.trialsSharpeVariance);
  return {
    psr: probabilisticSharpeRatio(input, 0),
    dsr: probabilisticSharpeRatio(input, sr0),
    sr0,
  };
}
