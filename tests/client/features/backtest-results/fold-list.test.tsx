import { describe, expect, it } from 'vitest';
import { foldRows, listedFolds } from '../../../../src/client/features/backtest-results/ml-view';
import { ML_RUN } from './ml-fixtures';

const report = ML_RUN.result.ml!;
const rows = (samplesOf: (index: number) => number) =>
  foldRows(
    { ...report, folds: report.folds.map((fold, index) => ({ ...fold, samples: samplesOf(index) })) },
    null,
    'UTC',
    false,
  );

describe('the folds the ML tab lists', () => {
  it('lists every fold that scored a test bar, with no note', () => {
    const { listed, note } = listedFolds(rows(() => 40));
    expect(listed.map((row) => row.number)).toEqual(report.folds.map((_, index) => index + 1));
    expect(note).toBeNull();
  });

  it('leaves out a fold without a labelled test bar and says why, keeping the others’ numbers', () => {
    const last = report.folds.length;
    const { listed, note } = listedFolds(rows((index) => (index === last - 1 ? 0 : 40)));
    expect(listed.map((row) => row.number)).toEqual(
      Array.from({ length: last - 1 }, (_, index) => index + 1),
    );
    expect(note).toBe(
      `Fold ${last} is not listed: no test bar of it has a label to score (a bar’s label looks ahead, and near the end of the data there is nothing to look at).`,
    );
    expect(listedFolds(rows(() => 0)).note).toMatch(/^Folds 1, 2, 3 are not listed: no test bar of them/);
  });
});
