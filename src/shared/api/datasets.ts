/** Answers of /api/datasets: the user's uploaded OHLCV datasets. */
import * as z from 'zod';
import { CANDLE_TIMEFRAME_CODES } from '../timeframes';

export const datasetSchema = z.object({
  id: z.string(),
  name: z.string(),
  rows: z.number().int(),
  /** First and last bar open times, ISO 8601. */
  from: z.string(),
  to: z.string(),
  /** Candle timeframe code ('5m' ... '1d'), or null when the spacing is irregular. */
  timeframe: z.enum(CANDLE_TIMEFRAME_CODES).nullable(),
  /** What the file holds: bars, or trades (a tick file, for runs with intrabar "ticks"). */
  kind: z.enum(['candles', 'ticks']).optional(),
});
export type Dataset = z.infer<typeof datasetSchema>;

/**
 * What the user's uploads take and what the plan lets them keep (`storage` of PlanLimits in
 * src/shared/plans.ts): files and bytes (the uploaded CSV files' sizes); the caps are null for
 * administrators, who have none.
 */
export const datasetStorageSchema = z.object({
  files: z.number().int(),
  bytes: z.number().int(),
  maxFiles: z.number().int().nullable(),
  maxBytes: z.number().int().nullable(),
});
export type DatasetStorage = z.infer<typeof datasetStorageSchema>;

/** GET /api/datasets */
export const datasetListAnswerSchema = z.object({
  datasets: z.array(datasetSchema),
  storage: datasetStorageSchema,
});
export type DatasetListAnswer = z.infer<typeof datasetListAnswerSchema>;

/** POST /api/datasets (201) */
export const datasetCreatedAnswerSchema = z.object({ dataset: datasetSchema });
export type DatasetCreatedAnswer = z.infer<typeof datasetCreatedAnswerSchema>;
