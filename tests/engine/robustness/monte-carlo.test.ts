import { describe, expect, it } from 'vitest';
import { monteCarloTrades } from '../../../src/engine/robustness/monte-carlo';
import { percentileOfSorted } from '../../../src/engine/robustness/percentile';
import { mulberry32 } from '../../../src/engine/robustness/random';

function seededTrades(count: number, seed: number): Float64Array {
  const random = mulberry32(seed);
  return Float64Array.from({ length: count }, () => (random() - 0.45) * 8);
}

describe('monteCarloTrades', () => {
  const trades = seededTrades(60, 3);

  it('reshuffling never changes the final return but changes the drawdown distribution', () => {
    const result = monteCarloTrades(trades, { method: 'reshuffle', paths: 500, seed: 9 });
    const compounded = (trades.reduce((equity, r) => equity * (1 + r / 100), 1) - 1) * 100;
    expect(result.actual.finalReturnPct).toBeCloseTo(compounded, 10);
    for (const value of Object.values(result.finalReturnPct)) expect(value).toBeCloseTo(compounded, 10);
    expect(result.maxDrawdownPct.p95).toBeGreaterThan(result.maxDrawdownPct.p5 + 1);
    expect(result.fan.p50.at(-1)).toBeCloseTo(1 + compounded / 100, 12);
  });

  it('bootstrapping spreads the final return too', () => {
    const result = monteCarloTrades(trades, { method: 'bootstrap', paths: 500, seed: 9 });
    expect(result.finalReturnPct.p95).toBeGreaterThan(result.finalReturnPct.p5 + 10);
    expect(result.finalReturnPct.p5).toBeLessThanOrEqual(result.finalReturnPct.p50);
  });

  it.each(['reshuffle', 'bootstrap'] as const)(
    '%s: all-positive trades have no drawdown on any path',
    (method) => {
      const winners = Float64Array.from([1, 0.5, 2, 3.5, 0.1, 4]);
      const result = monteCarloTrades(winners, { method, paths: 200, seed: 4 });
      expect(result.maxDrawdownPct).toEqual({ p5: 0, p50: 0, p95: 0 });
      expect(result.actual.maxDrawdownPct).toBe(0);
    },
  );

  it('gives the same result for the same seed and a different one for another seed', () => {
    const a = monteCarloTrades(trades, { method: 'bootstrap', paths: 300, seed: 42 });
    expect(monteCarloTrades(trades, { method: 'bootstrap', paths: 300, seed: 42 })).toEqual(a);
    expect(monteCarloTrades(trades, { method: 'bootstrap', paths: 300, seed: 43 })).not.toEqual(a);
  });

  it('measures the actual order: a win, a 50% loss, a win', () => {
    const result = monteCarloTrades(Float64Array.from([10, -50, 20]), { method: 'reshuffle', paths: 10 });
    expect(result.actual.maxDrawdownPct).toBeCloseTo(50, 12);
    expect(result.actual.finalReturnPct).toBeCloseTo((1.1 * 0.5 * 1.2 - 1) * 100, 12);
  });

  it('samples the fan at up to 100 points from 0 trades to the last', () => {
    const many = monteCarloTrades(seededTrades(250, 5), { method: 'reshuffle', paths: 20 });
    expect(many.fan.afterTrades).toHaveLength(101);
    expect(many.fan.afterTrades[0]).toBe(0);
    expect(many.fan.afterTrades.at(-1)).toBe(250);
    expect(many.fan.p5[0]).toBe(1);
    const few = monteCarloTrades(Float64Array.from([1, -1, 2]), { method: 'bootstrap', paths: 20 });
    expect(few.fan.afterTrades).toEqual([0, 1, 2, 3]);
  });

  it('warns below 30 trades that the percentiles rest on too few trades, and not from 30 on', () => {
    const two = monteCarloTrades(Float64Array.from([5, -3]), { method: 'bootstrap', paths: 50 });
    expect(two.warning).toBe(
      'Only 2 trades: these percentiles rest on too few trades to be reliable; they need at least 30',
    );
    const one = monteCarloTrades(Float64Array.from([5]), { method: 'reshuffle', paths: 5 });
    expect(one.warning).toBe(
      'Only 1 trade: these percentiles rest on too few trades to be reliable; they need at least 30',
    );
    expect(monteCarloTrades(seededTrades(29, 6), { method: 'bootstrap', paths: 50 }).warning).toMatch(
      /^Only 29 trades/,
    );
    expect(monteCarloTrades(seededTrades(30, 6), { method: 'bootstrap', paths: 50 }).warning).toBeNull();
    expect(monteCarloTrades(trades, { method: 'reshuffle', paths: 50 }).warning).toBeNull();
  });

  it('rejects returns below -100%, a bad method and a bad path count', () => {
    expect(() => monteCarloTrades(Float64Array.from([5, -120]), { method: 'reshuffle' })).toThrow(/trade 1/);
    expect(() => monteCarloTrades(trades, { method: 'shuffle' as 'reshuffle' })).toThrow(/method/);
    expect(() => monteCarloTrades(trades, { method: 'bootstrap', paths: 0 })).toThrow(/paths/);
  });
});

describe('percentileOfSorted', () => {
  it('interpolates linearly between the closest ranks (Hyndman-Fan 7)', () => {
    const sorted = [1, 2, 3, 4, 10];
    expect(percentileOfSorted(sorted, 0)).toBe(1);
    expect(percentileOfSorted(sorted, 50)).toBe(3);
    expect(percentileOfSorted(sorted, 95)).toBeCloseTo(8.8, 12); // h = 3.8: 4 + 0.8 * 6
    expect(percentileOfSorted(sorted, 100)).toBe(10);
    expect(percentileOfSorted([], 50)).toBeNaN();
  });
});
