/** The O(n) building blocks against naive recomputation. */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ema, sma } from '../../../src/engine/indicators/moving-averages';
import { SlidingExtreme } from '../../../src/engine/indicators/rolling-extremes';
import { syntheticSeries } from '../data/synthetic';

const window = (values: Float64Array, end: number, period: number) =>
  values.subarray(end - period + 1, end + 1);

describe('SlidingExtreme (monotonic deque)', () => {
  it('gives the naive max and min of every window, the window growing up to N bars', () => {
    const prices = fc.array(fc.integer({ min: -50, max: 50 }), { minLength: 0, maxLength: 80 });
    fc.assert(
      fc.property(prices, fc.integer({ min: 1, max: 20 }), (list, period) => {
        const values = Float64Array.from(list);
        const highest = new SlidingExtreme(values, period, 1);
        const lowest = new SlidingExtreme(values, period, -1);
        for (let i = 0; i < values.length; i++) {
          const bars = values.subarray(Math.max(0, i - period + 1), i + 1);
          expect(highest.advance(i)).toBe(Math.max(...bars));
          expect(lowest.advance(i)).toBe(Math.min(...bars));
        }
      }),
    );
  });
});

describe('running sums', () => {
  it('keep the SMA within 1e-9 relative of an exact window sum over 500,000 bars', () => {
    const close = syntheticSeries(500_000, 9).c.map((price) => price * 1000);
    for (const period of [5, 200]) {
      const averages = sma(close, period);
      for (let t = period; t < close.length; t += 9973) {
        const exact = window(close, t, period).reduce((sum, value) => sum + value, 0) / period;
        expect(Math.abs(averages[t]! - exact)).toBeLessThanOrEqual(1e-9 * Math.abs(exact));
      }
    }
  });

  it('chain: an SMA or EMA may start at a later first valid input', () => {
    const values = Float64Array.from([NaN, NaN, 1, 2, 3, 4, 5]);
    expect(Array.from(sma(values, 3, 2))).toEqual([NaN, NaN, NaN, NaN, 2, 3, 4]);
    expect(Array.from(ema(values, 3, 2))).toEqual([NaN, NaN, NaN, NaN, 2, 3, 4]);
  });
});
