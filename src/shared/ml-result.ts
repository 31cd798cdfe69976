/**
 * What an ML run reports (docs/engine.md#ml-backtesting), for the worker to build and the
 * client to read: the walk-forward folds with their out-of-sample scores, the pooled scores, a
 * calibration table, permutation feature importance, the out-of-sample strategy's metrics and
 * the baselines over the same bars, and PBO/DSR over a sweep of the threshold. Rows are bar
 * indices of the run's candles (half-open ranges); the training windows' times are there for
 * the chart to shade.
 */
import * as z from 'zod';
import { resultMetricsSchema } from './result-metrics';
import { ML_MODELS } from './ml-request';
import { dsrSchema, pboSchema } from './api/robustness';

const score = z.number().nullable();
const row = z.number().int().nonnegative();

export const mlScoresSchema = z.object({
  samples: z.number().int().nonnegative(),
  auc: score,
  logLoss: score,
  accuracy: score,
  precision: score,
  recall: score,
});

export const mlFoldSchema = mlScoresSchema.extend({
  trainFrom: row,
  /** End of the purged training range (exclusive): the label horizon and embargo come after. */
  trainTo: row,
  testFrom: row,
  testTo: row,
  trainSamples: z.number().int().nonnegative(),
  /**
   * ROC AUC over the pairs of test samples far enough apart to share no bars (the headline's
   * unit, docs/ml-evidence.md#the-headline-auc-and-its-uncertainty); null without such a pair.
   */
  aucDistantPairs: score.default(null),
  /**
   * The model gave every test bar one probability (it ranks nothing), and why. Defaults here and
   * below read runs stored before these fields existed.
   */
  degenerate: z.boolean().default(false),
  degenerateReason: z.string().nullable().default(null),
});

/**
 * The pooled out-of-sample scores (`auc` ranks every window's samples together, which the
 * windows' differing base rates bias) and the headline AUC with its uncertainty
 * (docs/ml-evidence.md#the-headline-auc-and-its-uncertainty): `aucDistantPairsMeanOfFolds`, the
 * mean over `aucFoldsAveraged` test windows of their AUC over pairs that share no bars, its 95%
 * interval (`method` says how it was drawn) and its two-sided p-value against 0.5. Runs stored
 * before the headline have a null one, and an interval and p-value of the pooled AUC (by a block
 * bootstrap and label rotations, as their method says).
 */
export const mlOutOfSampleSchema = mlScoresSchema.extend({
  /** Mean of the folds' plain ROC AUC. */
  aucMeanOfFolds: score.default(null),
  aucDistantPairsMeanOfFolds: score.default(null),
  aucFoldsAveraged: z.number().int().nonnegative().nullable().default(null),
  aucCi95: z.object({ low: z.number(), high: z.number(), method: z.string() }).nullable().default(null),
  pValue: score.default(null),
});

export const calibrationBinSchema = z.object({
  from: z.number(),
  to: z.number(),
  samples: z.number().int().nonnegative(),
  meanProbability: score,
  observedRate: score,
});

export const mlReportSchema = z.object({
  model: z.enum(ML_MODELS),
  threshold: z.number(),
  seed: z.number().int(),
  features: z.array(z.string()),
  folds: z.array(mlFoldSchema),
  /** Open times (ISO 8601) of each fold's first and last training bar, for the chart. */
  trainingWindows: z.array(z.object({ from: z.string(), to: z.string() })),
  /** First out-of-sample bar: row and open time. */
  outOfSampleFrom: z.object({ row, time: z.string() }),
  outOfSample: mlOutOfSampleSchema,
  /** Folds marked degenerate; over a quarter of them and the pooled scores are not meaningful. */
  degenerateFolds: z.number().int().nonnegative().default(0),
  scoresMeaningful: z.boolean().default(true),
  /**
   * PSR(0) of the strategy's per-bar Sharpe ratio (not annualised) over its `observations`
   * out-of-sample bars; null when the returns never vary.
   */
  sharpePsr: z
    .object({ psr: z.number(), sharpe: z.number(), observations: z.number() })
    .nullable()
    .default(null),
  calibration: z.array(calibrationBinSchema),
  featureImportance: z.array(z.object({ feature: z.string(), importance: z.number() })),
  /** The out-of-sample strategy's metrics (its trades are the run's trade list). */
  metrics: resultMetricsSchema,
  baselines: z.object({
    /** The rules alone on the same bars with the same exits; null when there are no rules. */
    rulesOnly: resultMetricsSchema.nullable(),
    buyAndHold: resultMetricsSchema,
  }),
  /**
   * The robustness lab's overfitting check without retraining: the same out-of-sample bars
   * traded at each of `thresholds` (the engine's grid plus the run's own threshold), PBO on
   * their per-bar returns, and the deflated Sharpe ratio of the run's threshold (dsr.configuration
   * indexes `thresholds`) with the grid's size as the trials. A null check carries its reason.
   */
  thresholdSweep: z.object({
    thresholds: z.array(z.number()),
    pbo: pboSchema.nullable(),
    pboReason: z.string().nullable(),
    dsr: dsrSchema.nullable(),
    dsrReason: z.string().nullable(),
    /** Set when the DSR rests on too few out-of-sample bars to be reliable. */
    dsrWarning: z.string().nullable().default(null),
  }),
  warnings: z.array(z.string()),
});

export type MlReport = z.infer<typeof mlReportSchema>;
