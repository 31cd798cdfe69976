/**
 * `ml` as a user runs it: `node scripts/engine.mjs ml --request R.json --candles C.csv` on
 * seeded hourly bars with a planted signal (tests/engine/ml/planted-signal.ts) written as CSV.
 * stdout holds only JSON equal to the engine's own run; errors go to stderr.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { parseCandlesCsv } from '../../src/engine/candles/csv';
import { mlReport } from '../../src/engine/index';
import { runMlBacktest } from '../../src/engine/ml/ml-backtest';
import { listTrades } from '../../src/engine/simulate/trade-columns';
import { backtestRequestSchema } from '../../src/shared/backtest-request';
import { hourlyBars, nextBarRequest } from '../engine/ml/planted-signal';
import { TIMEOUT, cli, expectRefused, printedObject, scratchFolder } from './run-cli';

const scratch = scratchFolder('engine-cli-ml-');
const bars = hourlyBars(3000, 5, true);
const csv = [
  'datetime,open,high,low,close,volume',
  ...Array.from(bars.t, (t, i) =>
    [new Date(t).toISOString(), bars.o[i], bars.h[i], bars.l[i], bars.c[i], bars.v[i]].join(','),
  ),
].join('\n');
const candlesPath = scratch.file('bars.csv', csv);
const requestInput = nextBarRequest({
  model: 'gradient-boosting',
  walkForward: { trainBars: 1000, testBars: 500 },
  seed: 3,
});

describe('ml command', { timeout: TIMEOUT }, () => {
  it('prints the folds, out-of-sample metrics, trades, importance and baselines of the engine’s run', async () => {
    const run = await cli(
      'ml',
      '--request',
      scratch.file('request.json', JSON.stringify(requestInput)),
      '--candles',
      candlesPath,
    );
    const output = printedObject(run, [
      'folds',
      'outOfSampleFrom',
      'oosMetrics',
      'trades',
      'featureImportance',
      'baselines',
      'outOfSample',
      'scoresMeaningful',
      'sharpePsr',
      'calibration',
      'thresholdSweep',
      'warnings',
    ]);
    const series = parseCandlesCsv(readFileSync(candlesPath));
    const result = runMlBacktest(backtestRequestSchema.parse(requestInput), series);
    const report = mlReport(result, series);
    expect(output.folds).toHaveLength(4);
    const iso = (row: number) => new Date(series.t[row]!).toISOString();
    expect(output.folds[0]).toEqual({
      // Open times of the first and last bar of each window; rows half-open.
      trainFrom: iso(20),
      trainTo: iso(1020 - 1 - 10 - 1),
      testFrom: iso(1020),
      testTo: iso(1519),
      trainFromRow: 20,
      trainToRow: 1020 - 1 - 10,
      testFromRow: 1020,
      testToRow: 1520,
      auc: report.folds[0]!.auc,
      aucDistantPairs: report.folds[0]!.aucDistantPairs,
      accuracy: report.folds[0]!.accuracy,
      precision: report.folds[0]!.precision,
      recall: report.folds[0]!.recall,
      logLoss: report.folds[0]!.logLoss,
      samples: 500,
      degenerate: false,
      degenerateReason: null,
    });
    expect(output.folds[0].trainFrom).toBe('2020-01-01T20:00:00.000Z');
    expect(output.folds[3].testTo).toBe(iso(2999));
    expect(output.outOfSampleFrom).toBe(iso(1020));
    expect(output.warnings[0]).toBe(
      `Every trade and metric is out-of-sample: trading starts at ${iso(1020)}, and each bar is ` +
        'predicted by a model trained only on bars before its test window',
    );
    expect(output.warnings.slice(1)).toEqual(report.warnings);
    // 4 test windows: too few for a verdict, and the reason says so.
    expect(output.outOfSample).toEqual({
      ...JSON.parse(JSON.stringify(report.outOfSample)),
      verdict: null,
      verdictReason: '4 test windows with an AUC are too few to judge: a verdict needs at least 8',
    });
    expect(output.outOfSample.aucFoldsAveraged).toBe(4);
    expect(output.folds[0].aucDistantPairs).toBeGreaterThan(0);
    expect(output.sharpePsr).toEqual(report.sharpePsr);
    expect(output.oosMetrics).toEqual(JSON.parse(JSON.stringify(report.metrics)));
    expect(output.trades).toEqual(JSON.parse(JSON.stringify(listTrades(result.strategy.trades, series.t))));
    expect(output.featureImportance).toEqual(report.featureImportance);
    expect(output.baselines).toEqual(JSON.parse(JSON.stringify(report.baselines)));
    expect(output.baselines.rulesOnly).toBeNull();
    expect(output.outOfSample.samples).toBe(3000 - 1020 - 1);
    expect(output.thresholdSweep).toEqual(JSON.parse(JSON.stringify(report.thresholdSweep)));
    expect(output.thresholdSweep.pbo.splits).toBe(12_870);
  });

  it('names the ML field a request gets wrong, and says when the bars are too few', async () => {
    const bad = await cli(
      'ml',
      '--request',
      scratch.file('bad.json', JSON.stringify({ ...nextBarRequest(), ml: { threshold: 2, model: 'svm' } })),
      '--candles',
      candlesPath,
    );
    expectRefused(
      bad,
      1,
      /ml\.model: Choose a model: logistic, random-forest, gradient-boosting/,
      /ml\.threshold: The probability threshold must be a number between 0 and 1/,
    );
    const long = await cli(
      'ml',
      '--request',
      scratch.file('long.json', JSON.stringify(nextBarRequest({ walkForward: { trainBars: 5000 } }))),
      '--candles',
      candlesPath,
    );
    expectRefused(
      long,
      1,
      /2980 bars from 2020-01-01 with every feature are too few for a 5000-bar training window/,
    );
    const usage = await cli('ml', '--candles', candlesPath);
    expectRefused(usage, 2, /ml needs --request and --candles/);
  });
});
