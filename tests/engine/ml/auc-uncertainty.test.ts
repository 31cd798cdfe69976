/**
 * The pooled AUC's uncertainty: a two-stage block bootstrap interval and a within-fold label
 * rotation p-value that hold their level on null data with overlapping labels, and that see a
 * planted signal.
 */
import { describe, expect, it } from 'vitest';
import { aucUncertainty } from '../../../src/engine/ml/auc-uncertainty';
import { runMlBacktest } from '../../../src/engine/ml/ml-backtest';
import { LEAK_WARNING } from '../../../src/engine/robustness/evidence';
import { mulberry32 } from '../../../src/engine/robustness/random';
import { backtestRequestSchema } from '../../../src/shared/backtest-request';
import { indistinguishableFromChance } from '../../../src/shared/ml-result';
import { hourlyBars, nextBarRequest } from './planted-signal';

/** Default ML settings (logistic, 500/125-bar windows, 20-bar ATR labels) on a random walk. */
const nullRequest = backtestRequestSchema.parse({
  ...nextBarRequest(),
  exitCriteria: {},
  ml: {},
});

describe('AUC uncertainty', () => {
  // Measured: the interval contains 0.5 in 37 of the 40 runs and p < 0.05 in 3, the pooled AUC
  // ranging 0.450-0.557 with a mean interval width of 0.136.
  it('holds its level on 40 seeded null data sets: the 95% interval contains 0.5 in at least 36', () => {
    let covered = 0;
    let significant = 0;
    for (let seed = 1; seed <= 40; seed++) {
      const { outOfSample, warnings } = runMlBacktest(nullRequest, hourlyBars(3000, 100 + seed, false));
      expect(outOfSample.samples).toBeGreaterThan(2000);
      // No false leak alarm on noise.
      expect(warnings).not.toContain(LEAK_WARNING);
      if (indistinguishableFromChance(outOfSample.aucCi95)) covered++;
      if (outOfSample.pValue! < 0.05) significant++;
    }
    expect(covered).toBeGreaterThanOrEqual(36);
    expect(significant).toBeLessThanOrEqual(4);
  }, 120_000);

  it('excludes 0.5 and gives a small p-value for a planted signal', () => {
    const request = backtestRequestSchema.parse(
      nextBarRequest({ walkForward: { trainBars: 2000, testBars: 2000 } }),
    );
    const { outOfSample } = runMlBacktest(request, hourlyBars(20_000, 7, true));
    expect(outOfSample.auc).toBeGreaterThan(0.52);
    expect(outOfSample.aucCi95!.low).toBeGreaterThan(0.5);
    expect(outOfSample.aucCi95!.low).toBeLessThan(outOfSample.auc!);
    expect(outOfSample.aucCi95!.high).toBeGreaterThan(outOfSample.auc!);
    expect(outOfSample.aucCi95!.method).toBe(
      'two-stage block bootstrap: test windows redrawn, then blocks of 21 samples within each, 1000 resamples',
    );
    expect(outOfSample.pValue).toBeLessThanOrEqual(0.01);
    expect(indistinguishableFromChance(outOfSample.aucCi95)).toBe(false);
  });

  it('averages the folds with an AUC, and is the same for the same seed', () => {
    const random = mulberry32(3);
    const folds = [0, 1, 2].map(() => {
      const labels = Array.from({ length: 200 }, () => (random() < 0.5 ? 1 : 0));
      return { labels, probabilities: labels.map((label) => 0.4 * label + 0.6 * random()) };
    });
    const first = aucUncertainty(folds, [0.7, null, 0.8], 10, 5);
    expect(first.aucMeanOfFolds).toBeCloseTo(0.75, 15);
    expect(aucUncertainty(folds, [0.7, null, 0.8], 10, 5)).toEqual(first);
    expect(aucUncertainty(folds, [null], 10, 5).aucMeanOfFolds).toBeNull();
    // A strong ranking: every rotation of the labels scores nearer to 0.5.
    expect(first.pValue).toBe(1 / 1000);
  });

  it('has no interval or p-value without both labels', () => {
    const one = aucUncertainty([{ labels: [1, 1, 1], probabilities: [0.2, 0.5, 0.7] }], [null], 2, 1);
    expect(one).toEqual({ aucMeanOfFolds: null, aucCi95: null, pValue: null });
  });
});
