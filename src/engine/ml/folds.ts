/**
 * Purged, embargoed walk-forward folds (Lopez de Prado, Advances in Financial Machine Learning,
 * ch. 7, adapted to walk-forward). Test windows of `testBars` tile the rows from
 * `firstRow + trainBars` to the end (the last may be shorter); each trains on the window before
 * it: `trainBars` bars (rolling) or everything from `firstRow` (anchored). A training sample at
 * row t has the label window t + 1 .. t + horizon, so samples whose window reaches the test
 * window are purged, and `embargoBars` more are dropped before it so that features serially
 * correlated with the test window's first bars do not train the model. Ranges are half-open
 * rows; the fold's trainTo is the end of the purged training range, so
 * trainTo - 1 + horizon + embargo < testFrom.
 *
 * The layout depends on firstRow and the settings only, never on the number of rows after a
 * window, so cutting the data short leaves every earlier fold as it was.
 */

export interface FoldSettings {
  /** First row with complete features. */
  firstRow: number;
  /** Rows of the data (exclusive end). */
  rows: number;
  trainBars: number;
  testBars: number;
  window: 'rolling' | 'anchored';
  horizonBars: number;
  embargoBars: number;
}

export interface Fold {
  trainFrom: number;
  trainTo: number;
  testFrom: number;
  testTo: number;
}

export function planFolds(settings: FoldSettings): Fold[] {
  const { firstRow, rows, trainBars, testBars, window, horizonBars, embargoBars } = settings;
  for (const [name, value] of Object.entries({ trainBars, testBars, horizonBars })) {
    if (!Number.isInteger(value) || value < 1) throw new RangeError(`${name} must be a whole number >= 1`);
  }
  if (!Number.isInteger(embargoBars) || embargoBars < 0) throw new RangeError('embargoBars must be >= 0');
  if (horizonBars + embargoBars >= trainBars) {
    throw new RangeError(
      `The training window (${trainBars} bars) must be longer than the label horizon plus the embargo (${horizonBars + embargoBars})`,
    );
  }
  const folds: Fold[] = [];
  for (let testFrom = firstRow + trainBars; testFrom < rows; testFrom += testBars) {
    folds.push({
      trainFrom: window === 'anchored' ? firstRow : testFrom - trainBars,
      trainTo: testFrom - horizonBars - embargoBars,
      testFrom,
      testTo: Math.min(testFrom + testBars, rows),
    });
  }
  return folds;
}
