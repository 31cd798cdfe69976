import { describe, expect, it } from 'vitest';
import { returnMoments, sharpeVariance } from '../../../src/engine/stats/return-moments';

describe('returnMoments', () => {
  it('measures Sharpe (n - 1), skewness and raw kurtosis (moment estimators)', () => {
    // Values from SciPy: skew(returns) = 0.959449613879975,
    // kurtosis(returns, fisher=False) = 2.5817298155127952.
    const returns = [0.01, -0.02, 0.03, 0.0, 0.1];
    const moments = returnMoments(returns);
    const mean = 0.024;
    const sampleStdev = Math.sqrt(returns.reduce((s, r) => s + (r - mean) ** 2, 0) / 4);
    expect(moments.observations).toBe(5);
    expect(moments.sharpe).toBeCloseTo(mean / sampleStdev, 12);
    expect(moments.skewness).toBeCloseTo(0.959449613879975, 12);
    expect(moments.kurtosis).toBeCloseTo(2.5817298155127952, 12);
  });

  it('is symmetric: mirrored returns flip the Sharpe ratio and the skewness, not the kurtosis', () => {
    const returns = Float64Array.from([0.02, -0.01, 0.05, -0.03, 0.01, 0.04]);
    const mirrored = returns.map((r) => -r);
    const a = returnMoments(returns);
    const b = returnMoments(mirrored);
    expect(b.sharpe).toBeCloseTo(-a.sharpe, 14);
    expect(b.skewness).toBeCloseTo(-a.skewness, 14);
    expect(b.kurtosis).toBeCloseTo(a.kurtosis, 14);
  });

  it('gives NaN ratios for constant returns or a single return', () => {
    expect(returnMoments([0.01, 0.01, 0.01]).sharpe).toBeNaN();
    expect(returnMoments([0.01]).kurtosis).toBeNaN();
  });
});

describe('sharpeVariance', () => {
  it('is the sample variance of the finite Sharpe ratios', () => {
    expect(sharpeVariance([1, 2, 3, 4])).toBeCloseTo(5 / 3, 14);
    expect(sharpeVariance([1, Number.NaN, 2, 3, 4])).toBeCloseTo(5 / 3, 14);
    expect(sharpeVariance([1, Number.NaN])).toBeNaN();
  });
});
