import { describe, expect, it } from 'vitest';
import { barsPerYear } from '../../../src/engine/metrics/annualisation';
import { barReturns, riskRatios } from '../../../src/engine/metrics/returns';

describe('per-bar returns', () => {
  it('start from the initial capital and skip the warm-up', () => {
    const equity = Float64Array.from([Number.NaN, 102, 100.98, 104.0094]);
    const returns = Array.from(barReturns(equity, 1, 100).values);
    expect(returns[0]).toBeCloseTo(0.02, 15);
    expect(returns[1]).toBeCloseTo(-0.01, 15);
    expect(returns[2]).toBeCloseTo(0.03, 15);
  });

  it('are 0 after the equity has reached 0', () => {
    expect(Array.from(barReturns(Float64Array.from([50, 0, 0]), 0, 100).values)).toEqual([-0.5, -1, 0]);
  });
});

describe('Sharpe and Sortino (hand-computed)', () => {
  // r = 2%, -1%, 3%, 0% from a capital of 100: mean 1%; sample variance (1 + 4 + 4 + 1)e-4 / 3;
  // downside deviation sqrt(1e-4 / 4) = 0.5%.
  const returns = barReturns(Float64Array.from([102, 100.98, 104.0094, 104.0094]), 0, 100);

  it('gather the sums the ratios take while the returns are written', () => {
    expect(returns.sum).toBeCloseTo(0.04, 15);
    expect(returns.downsideSquares).toBeCloseTo(1e-4, 15);
  });

  it('Sharpe = mean / sample std * sqrt(bars per year)', () => {
    const { sharpe } = riskRatios(returns, 252);
    expect(sharpe).toBeCloseTo((0.01 / Math.sqrt(1e-3 / 3)) * Math.sqrt(252), 12);
    expect(sharpe).toBeCloseTo(8.694826, 5);
  });

  it('Sortino = mean / downside deviation * sqrt(bars per year)', () => {
    expect(riskRatios(returns, 252).sortino).toBeCloseTo(2 * Math.sqrt(252), 12);
  });

  it('are null when undefined', () => {
    const ratiosOf = (equity: number[]) => riskRatios(barReturns(Float64Array.from(equity), 0, 100), 252);
    const oneLoss = ratiosOf([99]);
    expect(oneLoss.sharpe).toBeNull();
    expect(oneLoss.sortino).toBeCloseTo(-Math.sqrt(252), 12);
    expect(ratiosOf([100, 100]).sharpe).toBeNull();
    expect(ratiosOf([101, 101]).sortino).toBeNull();
    expect(ratiosOf([])).toEqual({ sharpe: null, sortino: null });
  });
});

describe('bars per year', () => {
  it('is 252 trading days of a 6.5-hour session', () => {
    expect(barsPerYear('1 day')).toBe(252);
    expect(barsPerYear('1 hour')).toBe(252 * 7);
    expect(barsPerYear('30 min')).toBe(252 * 13);
    expect(barsPerYear('15 min')).toBe(252 * 26);
    expect(barsPerYear('5 min')).toBe(252 * 78);
  });
});
