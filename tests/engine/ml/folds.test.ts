import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { planFolds } from '../../../src/engine/ml/folds';

describe('purged, embargoed walk-forward folds', () => {
  it('never trains on a sample whose label window reaches its test window (property)', () => {
    fc.assert(
      fc.property(
        fc.record({
          firstRow: fc.integer({ min: 0, max: 300 }),
          extraRows: fc.integer({ min: 0, max: 3000 }),
          trainBars: fc.integer({ min: 3, max: 600 }),
          testBars: fc.integer({ min: 1, max: 400 }),
          window: fc.constantFrom('rolling' as const, 'anchored' as const),
          horizonFraction: fc.double({ min: 0, max: 1, noNaN: true }),
          embargoBars: fc.integer({ min: 0, max: 20 }),
        }),
        (drawn) => {
          const embargoBars = Math.min(drawn.embargoBars, drawn.trainBars - 2);
          const horizonBars = 1 + Math.floor(drawn.horizonFraction * (drawn.trainBars - embargoBars - 2));
          const rows = drawn.firstRow + drawn.extraRows;
          const folds = planFolds({ ...drawn, rows, horizonBars, embargoBars });
          let expectedTestFrom = drawn.firstRow + drawn.trainBars;
          for (const fold of folds) {
            expect(fold.testFrom).toBe(expectedTestFrom);
            expect(fold.testTo).toBeLessThanOrEqual(rows);
            expect(fold.trainFrom).toBeGreaterThanOrEqual(drawn.firstRow);
            // The last training sample is the latest: if its label window t+1 .. t+horizon and the
            // embargo after it end before the test window, every earlier sample's do too.
            const lastSample = fold.trainTo - 1;
            if (lastSample >= fold.trainFrom) {
              const labelWindowEnd = lastSample + horizonBars;
              expect(labelWindowEnd + embargoBars).toBeLessThan(fold.testFrom);
            }
            expect(fold.trainTo).toBe(fold.testFrom - horizonBars - embargoBars);
            expectedTestFrom = fold.testTo;
          }
          // The test windows tile the rows after the first training window to the end.
          expect(expectedTestFrom).toBe(Math.max(rows, drawn.firstRow + drawn.trainBars));
        },
      ),
      { numRuns: 300 },
    );
  });

  it('slides rolling windows and anchors anchored ones at the first row', () => {
    const common = { firstRow: 10, rows: 100, trainBars: 40, testBars: 20, horizonBars: 5, embargoBars: 1 };
    expect(planFolds({ ...common, window: 'rolling' })).toEqual([
      { trainFrom: 10, trainTo: 44, testFrom: 50, testTo: 70 },
      { trainFrom: 30, trainTo: 64, testFrom: 70, testTo: 90 },
      { trainFrom: 50, trainTo: 84, testFrom: 90, testTo: 100 },
    ]);
    expect(planFolds({ ...common, window: 'anchored' }).map((fold) => fold.trainFrom)).toEqual([10, 10, 10]);
  });

  it('refuses a training window no longer than the horizon plus the embargo', () => {
    expect(() =>
      planFolds({
        firstRow: 0,
        rows: 100,
        trainBars: 10,
        testBars: 5,
        window: 'rolling',
        horizonBars: 9,
        embargoBars: 1,
      }),
    ).toThrow(/longer than the label horizon plus the embargo \(10\)/);
  });
});
