/**
 * `ml --request R.json --candles C.csv` -> {folds, outOfSampleFrom, oosMetrics, trades,
 * featureImportance, baselines, outOfSample, sharpePsr, calibration, thresholdSweep, warnings}:
 * the request's ML run (its `ml` block, or the defaults) on the candles. A fold's trainFrom,
 * trainTo, testFrom and testTo are the open times (ISO 8601) of its first and last training and
 * test bars; its ...Row fields are CSV data rows (0 = the first row after the header),
 * half-open, trainToRow ending the purged training range. The first warning says that every
 * trade and metric is out-of-sample.
 */
import { IsoTimeFormatter, listTrades, mlReport, runMlBacktest } from '../../engine/index';
import { indistinguishableFromChance, type MlReport } from '../../shared/ml-result';
import { parseOptions } from '../parse-options';
import { REQUEST_INPUT_OPTIONS, readRequestInputs } from '../read-inputs';
import { requireOptions } from '../usage';

/** Where the pooled AUC stands against chance (0.5), by its 95% interval. */
function aucVerdict(outOfSample: MlReport['outOfSample']): string {
  const interval = outOfSample.aucCi95;
  if (interval === null) return 'no AUC: the test windows hold one label only';
  if (indistinguishableFromChance(interval)) return 'indistinguishable from chance';
  return interval.low > 0.5 ? 'better than chance' : 'worse than chance';
}

export async function mlCommand(args: string[]) {
  const { values } = parseOptions({ args, options: REQUEST_INPUT_OPTIONS });
  requireOptions('ml', values, ['request', 'candles']);
  const { request, candles } = await readRequestInputs(values);
  const result = runMlBacktest(request, candles);
  const report = mlReport(result, candles);
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
    outOfSample: { ...report.outOfSample, verdict: aucVerdict(report.outOfSample) },
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
