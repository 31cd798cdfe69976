import { describe, expect, it } from 'vitest';
import { mulberry32 } from '../../../src/engine/robustness/random';
import {
  drawdownCurve,
  drawdownCurveAndExtremes,
  drawdownExtremes,
  equityDrawdownExtremes,
} from '../../../src/engine/metrics/drawdown';

describe('drawdown (hand-computed)', () => {
  // Capital 100. Peaks: 110, 110, 121, 121, 121, 121, 130.
  const equity = Float64Array.from([Number.NaN, 110, 99, 121, 121, 88, 100, 130]);
  const curve = drawdownCurve(equity, 1, 100);

  it('is the fall from the running peak in percent, NaN in the warm-up', () => {
    expect(curve[0]).toBeNaN();
    expect(curve[1]).toBe(0);
    expect(curve[2]).toBeCloseTo(10, 12); // (110 - 99) / 110
    expect(curve[5]).toBeCloseTo(27.272727272727, 10); // (121 - 88) / 121
    expect(curve[6]).toBeCloseTo(17.355371900826, 10); // (121 - 100) / 121
    expect(curve[7]).toBe(0);
  });

  it('max drawdown 27.27% (positive); longest time under water 2 bars', () => {
    const { maxPct, longestBars } = drawdownExtremes(curve, 1);
    expect(maxPct).toBeCloseTo(27.272727272727, 10);
    expect(longestBars).toBe(2);
  });

  it('counts a drawdown from the initial capital and one still open at the end', () => {
    const falling = drawdownCurve(Float64Array.from([95, 90, 99, 98]), 0, 100);
    const { maxPct, longestBars } = drawdownExtremes(falling, 0);
    expect(maxPct).toBeCloseTo(10, 12);
    expect(longestBars).toBe(4);
  });

  it('reads the same extremes from the equity as from its curve', () => {
    expect(equityDrawdownExtremes(equity, 1, 100)).toEqual(drawdownExtremes(curve, 1));
    const random = mulberry32(11);
    let value = 100;
    const walk = Float64Array.from({ length: 500 }, () => (value *= 1 + (random() - 0.5) * 0.05));
    for (const firstBar of [0, 37]) {
      const extremes = equityDrawdownExtremes(walk, firstBar, 100);
      expect(extremes.longestBars).toBeGreaterThan(10);
      expect(extremes).toEqual(drawdownExtremes(drawdownCurve(walk, firstBar, 100), firstBar));
    }
  });

  it('finds the same extremes while it makes the curve', () => {
    const random = mulberry32(12);
    let value = 100;
    const walk = Float64Array.from({ length: 500 }, () => (value *= 1 + (random() - 0.5) * 0.05));
    for (const [series, firstBar] of [
      [equity, 1],
      [walk, 0],
      [walk, 37],
    ] as const) {
      const { curve: made, extremes } = drawdownCurveAndExtremes(series, firstBar, 100);
      const curveAlone = drawdownCurve(series, firstBar, 100);
      expect(made).toEqual(curveAlone);
      expect(extremes).toEqual(drawdownExtremes(curveAlone, firstBar));
    }
  });
});
