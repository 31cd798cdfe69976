/**
 * `ml --request R.json --candles C.csv` -> {folds: [{trainFrom, trainTo, testFrom, testTo, auc,
 * accuracy, precision, recall, logLoss, samples}], oosMetrics, trades, featureImportance,
 * baselines, outOfSample, calibration, thresholdSweep: {thresholds, pbo, pboReason, dsr,
 * dsrReason}, warnings}: the request's ML run (its `ml` block, or the defaults) on the candles. Rows are CSV data rows (0 = the first row after the header).
 */
import { parseArgs } from 'node:util';
import { listTrades, mlReport, runMlBacktest } from '../../engine/index';
import { REQUEST_INPUT_OPTIONS, readRequestInputs } from '../read-inputs';
import { requireOptions } from '../usage';

export function mlCommand(args: string[]) {
  const { values } = parseArgs({ args, options: REQUEST_INPUT_OPTIONS });
  requireOptions('ml', values, ['request', 'candles']);
  const { request, candles } = readRequestInputs(values);
  const result = runMlBacktest(request, candles);
  const report = mlReport(result, candles);
  return {
    folds: report.folds.map((fold) => ({
      trainFrom: fold.trainFrom,
      trainTo: fold.trainTo,
      testFrom: fold.testFrom,
      testTo: fold.testTo,
      auc: fold.auc,
      accuracy: fold.accuracy,
      precision: fold.precision,
      recall: fold.recall,
      logLoss: fold.logLoss,
      samples: fold.samples,
    })),
    oosMetrics: report.metrics,
    trades: listTrades(result.strategy.trades, candles.t),
    featureImportance: report.featureImportance,
    baselines: report.baselines,
    outOfSample: report.outOfSample,
    calibration: report.calibration,
    thresholdSweep: report.thresholdSweep,
    warnings: report.warnings,
  };
}
