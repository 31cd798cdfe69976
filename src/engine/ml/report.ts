/** An ML run's result as the JSON report of src/shared/ml-result.ts (no per-bar arrays). */
import type { MlReport } from '../../shared/ml-result';
import type { CandleSeries } from '../candles/series';
import { IsoTimeFormatter } from '../simulate/iso-time';
import type { MlBacktestResult } from './ml-backtest';

export function mlReport(result: MlBacktestResult, series: CandleSeries): MlReport {
  const isoTime = new IsoTimeFormatter();
  const time = (row: number) => isoTime.format(series.t[row]!);
  return {
    model: result.settings.model,
    threshold: result.settings.threshold,
    seed: result.settings.seed,
    features: result.features,
    folds: result.folds,
    trainingWindows: result.folds
      .filter((fold) => fold.trainTo > fold.trainFrom)
      .map((fold) => ({ from: time(fold.trainFrom), to: time(fold.trainTo - 1) })),
    outOfSampleFrom: { row: result.outOfSampleFrom, time: time(result.outOfSampleFrom) },
    outOfSample: result.outOfSample,
    degenerateFolds: result.degenerateFolds,
    scoresMeaningful: result.scoresMeaningful,
    sharpePsr: result.sharpePsr,
    calibration: result.calibration,
    featureImportance: result.featureImportance,
    metrics: result.strategy.metrics,
    baselines: {
      rulesOnly: result.baselines.rulesOnly?.metrics ?? null,
      buyAndHold: result.baselines.buyAndHold.metrics,
    },
    thresholdSweep: {
      thresholds: result.thresholdSweep.thresholds,
      pbo: result.thresholdSweep.pbo,
      pboReason: result.thresholdSweep.pboReason,
      dsr: result.thresholdSweep.dsr,
      dsrReason: result.thresholdSweep.dsrReason,
      dsrWarning: result.thresholdSweep.dsrWarning,
    },
    warnings: result.warnings,
  };
}
