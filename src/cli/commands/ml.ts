/**
 * `ml --request R.json --candles C.csv` -> {folds, outOfSampleFrom, oosMetrics, trades,
 * featureImportance, baselines, outOfSample, sharpePsr, calibration, thresholdSweep, warnings}:
 * the request's ML run (its `ml` block, or the defaults) on the candles. A fold's trainFrom,
 * trainTo, testFrom and testTo are the open times (ISO 8601) of its first and last training and
 * test bars; its ...Row fields are CSV data rows (0 = the first row after the header),
 * half-open, trainToRow ending the purged training range. outOfSample's verdict on the headline
 * AUC is null when the evidence is too thin, with verdictReason saying why. The first warning
 * says that every trade and metric is out-of-sample.
 */
import { IsoTimeFormatter, listTrades, mlReport, runMlBacktest } from '../../engine/cli';
import { aucVerdict } from '../../shared/auc-verdict';
import { parseOptions } from '../parse-options';
import { REQUEST_INPUT_OPTIONS, readRequestInputs } from '../read-inputs';
import { requireOptions } from '../usage';

export async function mlCommand(args: string[]) {
  const { values } = parseOptions({ args, options: REQUEST_INPUT_OPTIONS });
  requireOptions('ml', values, ['request', 'candles']);
  const { request, candles } = await readRequestInputs(values);
  const result = runMlBacktest(request, candles);
  const report = mlReport(result, candles);
  const { verdict, reason } = aucVerdict(report);
  const isoTime = new IsoTimeFormatter();
  const time = (row: number) => isoTime.format(candles.t[row]!);
  return {
    folds: report.folds.map((fold) => ({
      trainFrom: time(fold.trainFrom),
      trainTo: time(fold.trainTo - 1),
      testFrom: time(fold.testFrom),
      testTo: time(fold.testTo - 1),
      trainFromRow: fold.trainFrom,
      trainToRow: fold.trainTo,
      testFromRow: fold.testFrom,
      testToRow: fold.testTo,
      auc: fold.auc,
      aucDistantPairs: fold.aucDistantPairs,
      accuracy: fold.accuracy,
      precision: fold.precision,
      recall: fold.recall,
      logLoss: fold.logLoss,
      samples: fold.samples,
      degenerate: fold.degenerate,
      degenerateReason: fold.degenerateReason,
    })),
    outOfSampleFrom: report.outOfSampleFrom.time,
    oosMetrics: report.metrics,
    trades: listTrades(result.strategy.trades, candles.t),
    featureImportance: report.featureImportance,
    baselines: report.baselines,
    outOfSample: { ...report.outOfSample, verdict, verdictReason: reason },
    scoresMeaningful: report.scoresMeaningful,
    sharpePsr: report.sharpePsr,
    calibration: report.calibration,
    thresholdSweep: report.thresholdSweep,
    warnings: [
      `Every trade and metric is out-of-sample: trading starts at ${report.outOfSampleFrom.time}, and ` +
        'each bar is predicted by a model trained only on bars before its test window',
      ...report.warnings,
    ],
  };
}
