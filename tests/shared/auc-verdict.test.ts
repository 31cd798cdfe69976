/**
 * The verdict on an ML run's headline AUC never contradicts its figures: "better" or "worse
 * than chance" only with p < 0.05 and an interval clear of 0.5, and no verdict, with the
 * reason, on too few windows or samples, on meaningless scores or without an interval.
 */
import { describe, expect, it } from 'vitest';
import { aucVerdict } from '../../src/shared/auc-verdict';
import type { MlReport } from '../../src/shared/ml-result';

type Input = Parameters<typeof aucVerdict>[0];

/** A report of `windows` folds with an AUC and the given headline figures. */
function report(
  figures: Partial<MlReport['outOfSample']> & { windows?: number },
  extra: Partial<Input> = {},
): Input {
  const { windows = 10, ...outOfSample } = figures;
  const folds = Array.from({ length: windows }, () => ({ auc: 0.55 })) as MlReport['folds'];
  return {
    folds,
    scoresMeaningful: true,
    degenerateFolds: 0,
    ...extra,
    outOfSample: {
      samples: 1250,
      aucFoldsAveraged: windows,
      aucCi95: { low: 0.52, high: 0.58, method: 't-interval' },
      pValue: 0.001,
      ...outOfSample,
    } as MlReport['outOfSample'],
  };
}

const interval = (low: number, high: number) => ({ low, high, method: 't-interval' });

describe('aucVerdict', () => {
  it('says better or worse than chance when p < 0.05 and the interval leaves 0.5 out', () => {
    expect(aucVerdict(report({}))).toEqual({ verdict: 'better than chance', reason: null });
    expect(aucVerdict(report({ aucCi95: interval(0.41, 0.47), pValue: 0.002 }))).toEqual({
      verdict: 'worse than chance',
      reason: null,
    });
  });

  it('says indistinguishable when either the p-value or the interval does not clear chance', () => {
    const indistinguishable = { verdict: 'indistinguishable from chance', reason: null };
    // The figures of a run that once said "better than chance": p = 0.124.
    expect(aucVerdict(report({ aucCi95: interval(0.527, 0.987), pValue: 0.124 }))).toEqual(indistinguishable);
    expect(aucVerdict(report({ aucCi95: interval(0.48, 0.56), pValue: 0.03 }))).toEqual(indistinguishable);
    expect(aucVerdict(report({ aucCi95: interval(0.5, 0.6), pValue: 0.049 }))).toEqual(indistinguishable);
    expect(aucVerdict(report({ aucCi95: interval(0.48, 0.56), pValue: 0.4 }))).toEqual(indistinguishable);
  });

  it('gives no verdict on fewer than 8 windows or 100 samples, and says why', () => {
    // 3 windows and 48 samples: the windows are what is short first.
    expect(
      aucVerdict(report({ windows: 3, samples: 48, aucCi95: interval(0.527, 0.987), pValue: 0.124 })),
    ).toEqual({
      verdict: null,
      reason: '3 test windows with an AUC are too few to judge: a verdict needs at least 8',
    });
    expect(aucVerdict(report({ windows: 7 })).reason).toBe(
      '7 test windows with an AUC are too few to judge: a verdict needs at least 8',
    );
    expect(aucVerdict(report({ windows: 8 })).verdict).toBe('better than chance');
    expect(aucVerdict(report({ samples: 99 }))).toEqual({
      verdict: null,
      reason: '99 out-of-sample samples are too few to judge: a verdict needs at least 100',
    });
    expect(aucVerdict(report({ samples: 100 })).verdict).toBe('better than chance');
  });

  it('gives no verdict when the scores are not meaningful, whatever the figures', () => {
    // 52 of 58 folds degenerate, p = 1: once marked not meaningful yet "better than chance".
    const degenerate = report(
      { windows: 58, aucCi95: interval(0.51, 0.53), pValue: 1 },
      { scoresMeaningful: false, degenerateFolds: 52 },
    );
    expect(aucVerdict(degenerate)).toEqual({
      verdict: null,
      reason:
        '52 of 58 folds are degenerate (their model gives every test bar one probability): the scores are not meaningful',
    });
  });

  it('gives no verdict without an interval, and counts the folds with an AUC in runs stored before', () => {
    expect(aucVerdict(report({ windows: 1, aucCi95: null, pValue: null }))).toEqual({
      verdict: null,
      reason: '1 test window has an AUC: an interval needs two',
    });
    expect(aucVerdict(report({ aucCi95: null, pValue: null })).reason).toBe(
      'the test windows hold one label only: there is no AUC',
    );
    const stored = report({ aucFoldsAveraged: null });
    expect(aucVerdict(stored).verdict).toBe('better than chance');
    expect(aucVerdict({ ...stored, folds: stored.folds.slice(0, 5) }).reason).toMatch(/^5 test windows/);
  });
});
