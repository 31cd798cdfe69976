/** Answers of /api/datasets: the user's uploaded OHLCV datasets. */
import { z } from 'zod';
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
});
export type Dataset = z.infer<typeof datasetSchema>;

/** GET /api/datasets */
export const datasetListAnswerSchema = z.object({ datasets: z.array(datasetSchema) });
export type DatasetListAnswer = z.infer<typeof datasetListAnswerSchema>;

/** POST /api/datasets (201) */
export const datasetCreatedAnswerSchema = z.object({ dataset: datasetSchema });
export type DatasetCreatedAnswer = z.infer<typeof datasetCreatedAnswerSchema>;
