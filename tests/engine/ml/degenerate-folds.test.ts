/**
 * Folds whose model ranks nothing are marked, and the tree models' child-weight limits scale
 * with the training rows so that short windows still split.
 */
import { describe, expect, it } from 'vitest';
import { binRows } from '../../../src/engine/ml/binning';
import { prepareMlBacktest, runMlBacktest } from '../../../src/engine/ml/ml-backtest';
import { NO_LABEL } from '../../../src/engine/ml/labels';
import { RANDOM_FOREST, trainRandomForest } from '../../../src/engine/ml/random-forest';
import { mulberry32 } from '../../../src/engine/robustness/random';
import { createSeries } from '../../../src/engine/candles/series';
import { backtestRequestSchema, type BacktestRequestInput } from '../../../src/shared/backtest-request';
import { loadSp500 } from '../data/sp500';
import { hourlyBars, nextBarRequest } from './planted-signal';

const sp500 = loadSp500();

/** The S&P 500 fixture as a user found it: a random forest on 50-bar windows. */
const smallWindows = backtestRequestSchema.parse({
  exchange: 'INDX',
  stock: 'GSPC',
  timeframe: '1 day',
  fromDate: '2000-01-03',
  toDate: '2020-12-31',
  mode: 'ml',
  entry: {},
  ml: {
    model: 'random-forest',
    label: { horizonBars: 5 },
    walkForward: { trainBars: 50, testBars: 20 },
  },
} satisfies BacktestRequestInput);

const distinct = (values: ArrayLike<number>) =>
  new Set(Array.from(values).filter((value) => !Number.isNaN(value))).size;

describe('degenerate folds', () => {
  it('reproduces the constant forest of 50-bar windows with an absolute child weight of 30', () => {
    // The training rows of the run's first fold, trained with the forest's fixed limit: a
    // bootstrap of 44 rows cannot give two children 30 each, so every tree is one leaf.
    const run = prepareMlBacktest(smallWindows, sp500);
    const fold = run.folds[0]!;
    const rows: number[] = [];
    for (let row = fold.trainFrom; row < fold.trainTo; row++) {
      if (run.labels[row] !== NO_LABEL && run.complete[row] === 1) rows.push(row);
    }
    expect(rows.length).toBe(44);
    const model = trainRandomForest(
      {
        binned: binRows(run.features.columns, Int32Array.from(rows)),
        labels: Uint8Array.from(rows, (row) => run.labels[row]!),
        count: rows.length,
        featureCount: run.features.columns.length,
        random: mulberry32(1),
      },
      RANDOM_FOREST.minChildWeight,
    );
    const predicted = Array.from({ length: fold.testTo - fold.testFrom }, (_, i) =>
      model.probability(run.features.columns, fold.testFrom + i),
    );
    expect(distinct(predicted)).toBe(1);
  });

  it('lets the forest split on 50-bar windows of the S&P 500, so no fold predicts one value', () => {
    const result = runMlBacktest(smallWindows, sp500);
    expect(result.folds.length).toBeGreaterThan(200);
    expect(result.degenerateFolds).toBe(0);
    expect(result.scoresMeaningful).toBe(true);
    for (const fold of result.folds) {
      expect(fold.degenerate).toBe(false);
      expect(distinct(result.probabilities.subarray(fold.testFrom, fold.testTo))).toBeGreaterThan(1);
    }
    expect(result.warnings.some((warning) => warning.includes('degenerate'))).toBe(false);
  }, 60_000);

  it('lets gradient boosting split on 60-bar windows with a planted signal', () => {
    const request = backtestRequestSchema.parse(
      nextBarRequest({ model: 'gradient-boosting', walkForward: { trainBars: 60, testBars: 60 } }),
    );
    const result = runMlBacktest(request, hourlyBars(3000, 7, true));
    expect(result.folds.length).toBe(49);
    expect(result.degenerateFolds).toBe(0);
    for (const fold of result.folds) {
      expect(distinct(result.probabilities.subarray(fold.testFrom, fold.testTo))).toBeGreaterThan(1);
    }
  });

  it('marks folds trained on one label, warns past a quarter of them and flags the scores', () => {
    // Every bar rises 1%, with a 0.5% target and a 50% stop: every label is 1, so each model
    // predicts the smoothed rate of its window for every bar.
    const length = 400;
    const bars = createSeries(length);
    for (let bar = 0; bar < length; bar++) {
      bars.t[bar] = Date.UTC(2020, 0, 1) + bar * 3_600_000;
      bars.o[bar] = 100 * 1.01 ** bar;
      bars.c[bar] = bars.o[bar]! * 1.01;
      bars.h[bar] = bars.c[bar]! * 1.001;
      bars.l[bar] = bars.o[bar]! * 0.999;
      bars.v[bar] = 1000 + (bar % 7);
    }
    const request = backtestRequestSchema.parse({
      ...nextBarRequest({ walkForward: { trainBars: 100, testBars: 50 } }),
      exitCriteria: {
        targetProfit: { type: 'percentage', value: 0.5 },
        stopLoss: { type: 'percentage', value: 50 },
      },
    });
    const result = runMlBacktest(request, bars);
    expect(result.folds.length).toBeGreaterThan(4);
    for (const fold of result.folds) {
      expect(fold.degenerate).toBe(true);
      expect(fold.degenerateReason).toBe(
        'the training window has one label only, so the model predicts its rate for every bar',
      );
    }
    expect(result.degenerateFolds).toBe(result.folds.length);
    expect(result.scoresMeaningful).toBe(false);
    expect(result.warnings).toContain(
      `${result.folds.length} of ${result.folds.length} folds are degenerate (the model predicts one ` +
        'probability for every test bar): the pooled scores are not meaningful; use longer training windows',
    );
  });
});
