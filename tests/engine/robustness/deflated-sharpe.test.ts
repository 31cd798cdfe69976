/**
 * The published values of Bailey and Lopez de Prado, "The Deflated Sharpe Ratio" (2014): the
 * worked example of section 4 and the expected-maximum factors of the false strategy theorem.
 */
import { describe, expect, it } from 'vitest';
import {
  deflatedSharpeRatio,
  expectedMaximumSharpe,
  probabilisticSharpeRatio,
} from '../../../src/engine/robustness/deflated-sharpe';
import { normalCdf } from '../../../src/engine/robustness/normal-distribution';

// The paper's example: 100 trials, annualised SR 2.5 on 1,250 daily returns (a year of 250
// days), variance of the trials' annualised Sharpe ratios 0.5, skewness -3, kurtosis 10.
const DAYS_PER_YEAR = 250;
const PAPER_EXAMPLE = {
  sharpe: 2.5 / Math.sqrt(DAYS_PER_YEAR),
  observations: 1250,
  skewness: -3,
  kurtosis: 10,
  trials: 100,
  trialsSharpeVariance: 0.5 / DAYS_PER_YEAR,
};

describe('expectedMaximumSharpe', () => {
  it.each([
    [10, 1.5746],
    [100, 2.5306],
    [1000, 3.2551],
  ])('for V = 1 and N = %d is the published factor %d', (trials, factor) => {
    expect(expectedMaximumSharpe(trials, 1)).toBeCloseTo(factor, 4);
  });

  it('scales with the standard deviation of the trials and is 0 for a single trial', () => {
    expect(expectedMaximumSharpe(100, 4)).toBeCloseTo(2 * expectedMaximumSharpe(100, 1), 12);
    expect(expectedMaximumSharpe(1, 1)).toBe(0);
    expect(expectedMaximumSharpe(100, 0)).toBe(0);
  });

  it('rejects a fractional or zero number of trials and a negative variance', () => {
    expect(() => expectedMaximumSharpe(0, 1)).toThrow(/trials must be a whole number of at least 1/);
    expect(() => expectedMaximumSharpe(2.5, 1)).toThrow(/trials/);
    expect(() => expectedMaximumSharpe(10, -1)).toThrow(/variance/);
  });
});

describe('deflatedSharpeRatio', () => {
  it("reproduces the paper's example: SR = 0.15811, SR0 = 0.11317, DSR = 0.9004", () => {
    const result = deflatedSharpeRatio(PAPER_EXAMPLE);
    expect(PAPER_EXAMPLE.sharpe).toBeCloseTo(0.15811, 5);
    expect(result.sr0).toBeCloseTo(0.11317, 5);
    expect(result.dsr).toBeCloseTo(0.9004, 4);
    expect(result.psr).toBeGreaterThan(result.dsr);
    expect(result.psr).toBeCloseTo(
      normalCdf((0.15811388300841897 * Math.sqrt(1249)) / Math.sqrt(1 + 3 * 0.158113883 + (9 / 4) * 0.025)),
      6,
    );
  });

  it('gives PSR = 0.5 when the Sharpe ratio equals the benchmark, whatever the shape', () => {
    expect(probabilisticSharpeRatio({ sharpe: 0.1, observations: 500, skewness: -1, kurtosis: 6 }, 0.1)).toBe(
      0.5,
    );
  });

  it('trusts a Sharpe ratio less when returns are negatively skewed and fat-tailed', () => {
    const normal = probabilisticSharpeRatio({ sharpe: 0.1, observations: 250, skewness: 0, kurtosis: 3 });
    const skewed = probabilisticSharpeRatio({ sharpe: 0.1, observations: 250, skewness: -3, kurtosis: 10 });
    expect(skewed).toBeLessThan(normal);
  });

  it('rejects moments no sample can have, and too few observations', () => {
    expect(() =>
      probabilisticSharpeRatio({ sharpe: 2, observations: 100, skewness: 3, kurtosis: 0 }),
    ).toThrow(/raw kurtosis/);
    expect(() =>
      probabilisticSharpeRatio({ sharpe: 0.1, observations: 1, skewness: 0, kurtosis: 3 }),
    ).toThrow(/observations/);
  });
});
