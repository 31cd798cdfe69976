import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { planWalkForward } from '../../../src/engine/index';
import { stitchOutOfSampleEquity, walkForwardEfficiency } from '../../../src/engine/robustness/walk-forward';

describe('planWalkForward', () => {
  it('plans rolling windows of equal length whose tests follow their training', () => {
    expect(planWalkForward({ bars: 100, windows: 3, mode: 'rolling', trainToTestRatio: 2 })).toEqual([
      { trainFrom: 0, trainTo: 40, testFrom: 40, testTo: 60 },
      { trainFrom: 20, trainTo: 60, testFrom: 60, testTo: 80 },
      { trainFrom: 40, trainTo: 80, testFrom: 80, testTo: 100 },
    ]);
  });

  it('anchors every training window at bar 0 and puts the remainder at the start', () => {
    // L = floor(103 / (2 + 4)) = 17 test bars; the out-of-sample period is the last 34 bars.
    expect(planWalkForward({ bars: 103, windows: 2, mode: 'anchored' })).toEqual([
      { trainFrom: 0, trainTo: 69, testFrom: 69, testTo: 86 },
      { trainFrom: 0, trainTo: 86, testFrom: 86, testTo: 103 },
    ]);
  });

  it('never tests a window on bars it trained on; tests tile the out-of-sample period', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 20, max: 100_000 }),
        fc.integer({ min: 1, max: 12 }),
        fc.constantFrom('rolling' as const, 'anchored' as const),
        fc.double({ min: 0.5, max: 10, noNaN: true }),
        (bars, windows, mode, trainToTestRatio) => {
          const testLength = Math.floor(bars / (windows + trainToTestRatio));
          if (testLength < 1 || Math.floor(testLength * trainToTestRatio) < 1) {
            expect(() => planWalkForward({ bars, windows, mode, trainToTestRatio })).toThrow(/too few/);
            return;
          }
          const plan = planWalkForward({ bars, windows, mode, trainToTestRatio });
          expect(plan).toHaveLength(windows);
          plan.forEach((window, index) => {
            expect(window.trainFrom).toBeGreaterThanOrEqual(0);
            expect(window.trainFrom).toBeLessThan(window.trainTo);
            expect(window.testFrom).toBeLessThan(window.testTo);
            // No intersection between [trainFrom, trainTo) and [testFrom, testTo).
            expect(window.trainTo <= window.testFrom || window.testTo <= window.trainFrom).toBe(true);
            if (index > 0) expect(window.testFrom).toBe(plan[index - 1]!.testTo);
          });
          expect(plan.at(-1)!.testTo).toBe(bars);
        },
      ),
    );
  });

  it('rejects too few bars and a bad window count', () => {
    expect(() => planWalkForward({ bars: 4, windows: 3, mode: 'rolling' })).toThrow(
      '4 bars are too few for 3 windows with 4 training bars per test bar',
    );
    expect(() => planWalkForward({ bars: 100, windows: 0, mode: 'rolling' })).toThrow(/windows/);
  });
});

describe('stitchOutOfSampleEquity', () => {
  it('continues each window from the previous window’s final equity', () => {
    const stitched = stitchOutOfSampleEquity(
      [
        { equity: Float64Array.from([1000, 1100]), initialCapital: 1000 },
        { equity: Float64Array.from([500, 450, 550]), initialCapital: 500 },
      ],
      1000,
    );
    expect(stitched.windowStarts).toEqual([0, 2]);
    [1000, 1100, 1100, 990, 1210].forEach((value, bar) => expect(stitched.equity[bar]).toBeCloseTo(value, 9));
    expect(stitched.equity).toHaveLength(5);
  });
});

describe('walkForwardEfficiency', () => {
  it('divides the annualised out-of-sample return by the annualised in-sample one', () => {
    const result = walkForwardEfficiency(
      [
        { inSampleReturnPct: 20, inSampleBars: 400, outOfSampleReturnPct: 2, outOfSampleBars: 100 },
        { inSampleReturnPct: 12, inSampleBars: 400, outOfSampleReturnPct: -1, outOfSampleBars: 100 },
      ],
      250,
    );
    expect(result.inSampleAnnualisedReturnPct).toBeCloseTo((32 * 250) / 800, 12);
    expect(result.outOfSampleAnnualisedReturnPct).toBeCloseTo((1 * 250) / 200, 12);
    expect(result.efficiency).toBeCloseTo(1.25 / 10, 12);
    expect(result.windows[0]).toBeCloseTo(5 / 12.5, 12);
    expect(result.windows[1]).toBeCloseTo(-2.5 / 7.5, 12);
  });

  it('has no efficiency without an in-sample gain', () => {
    const result = walkForwardEfficiency(
      [{ inSampleReturnPct: -3, inSampleBars: 100, outOfSampleReturnPct: 1, outOfSampleBars: 25 }],
      252,
    );
    expect(result.efficiency).toBeNull();
    expect(result.windows).toEqual([null]);
  });
});
