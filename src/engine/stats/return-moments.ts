/**
 * The moments of a return series that the probabilistic and deflated Sharpe ratios take
 * (Bailey and Lopez de Prado, "The Deflated Sharpe Ratio", Journal of Portfolio Management
 * 40(5), 2014): the non-annualised Sharpe ratio, the skewness and the raw kurtosis.
 */

export interface ReturnMoments {
  /** Number of returns (T). */
  observations: number;
  /** mean / sample standard deviation (n - 1), per period, not annualised; NaN when undefined. */
  sharpe: number;
  /** m3 / m2^(3/2) with central moments m_k = mean((r - mean)^k); 0 for a normal sample. */
  skewness: number;
  /** Raw (not excess) kurtosis m4 / m2^2; 3 for a normal sample. */
  kurtosis: number;
}

/**
 * Sharpe ratio, skewness and raw kurtosis of per-period returns. Skewness and kurtosis are the
 * moment estimators (SciPy's skew and kurtosis(fisher=False) defaults), the estimators the
 * paper's formulas were written for. With fewer than two returns, or returns that never vary,
 * the ratios are NaN.
 */
export function returnMoments(returns: ArrayLike<number>): ReturnMoments {
  const count = returns.length;
  let sum = 0;
  for (let i = 0; i < count; i++) sum += returns[i]!;
  const mean = sum / count;
  let m2 = 0;
  let m3 = 0;
  let m4 = 0;
  for (let i = 0; i < count; i++) {
    const deviation = returns[i]! - mean;
    const square = deviation * deviation;
    m2 += square;
    m3 += square * deviation;
    m4 += square * square;
  }
  if (count < 2 || m2 === 0) {
    return { observations: count, sharpe: Number.NaN, skewness: Number.NaN, kurtosis: Number.NaN };
  }
  const sampleStdev = Math.sqrt(m2 / (count - 1));
  m2 /= count;
  m3 /= count;
  m4 /= count;
  return {
    observations: count,
    sharpe: mean / sampleStdev,
    skewness: m3 / m2 ** 1.5,
    kurtosis: m4 / (m2 * m2),
  };
}

/**
 * V[SR_n]: the sample variance (n - 1) of the trials' Sharpe ratios, all in the same units
 * (per period, or all annualised). Values that are not finite (a configuration that never
 * traded) are left out; NaN with fewer than two finite values.
 */
export function sharpeVariance(sharpes: ArrayLike<number>): number {
  let count = 0;
  let sum = 0;
  for (let i = 0; i < sharpes.length; i++) {
    if (Number.isFinite(sharpes[i])) {
      count++;
      sum += sharpes[i]!;
    }
  }
  if (count < 2) return Number.NaN;
  const mean = sum / count;
  let squares = 0;
  for (let i = 0; i < sharpes.length; i++) {
    if (Number.isFinite(sharpes[i])) squares += (sharpes[i]! - mean) ** 2;
  }
  return squares / (count - 1);
}
