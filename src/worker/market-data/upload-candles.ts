import {
  decodeSeries,
  encodeSeries,
  parseCandlesCsv,
  UTC_CALENDAR,
  type CandleSeries,
} from '../../engine/index';
import { TIMEFRAME_OF_CODE } from '../../shared/timeframes';
import { findOwnDataset, updateDatasetKey } from '../db/datasets';
import type { Env } from '../env';
import {
  type CandleQuery,
  CandleRequestError,
  type MarketCandles,
  answerWithWarmup,
  barName,
} from './candle-answer';

/** Content type of a dataset's stored columns (engine/candles/series-binary.ts). */
export const COLUMNS_TYPE = 'application/vnd.backtest.ohlcv';

/** Where a dataset's parsed columns live in R2. */
export function datasetColumnsKey(userId: string, datasetId: string): string {
  return `datasets/${userId}/${datasetId}.ohlcv`;
}

/**
 * The bars of a stored dataset. Datasets uploaded before columns were stored hold their CSV:
 * it is parsed once, its columns stored in its place, and the row pointed at them.
 */
async function storedBars(env: Env, dataset: { id: string; r2Key: string }, userId: string) {
  const object = await env.DATASETS.get(dataset.r2Key);
  if (!object) return null;
  if (!dataset.r2Key.endsWith('.csv')) return decodeSeries(await object.arrayBuffer());
  const series: CandleSeries = parseCandlesCsv(new Uint8Array(await object.arrayBuffer()));
  const columnsKey = datasetColumnsKey(userId, dataset.id);
  await env.DATASETS.put(columnsKey, encodeSeries(series), { httpMetadata: { contentType: COLUMNS_TYPE } });
  await updateDatasetKey(env.DB, dataset.id, columnsKey);
  await env.DATASETS.delete(dataset.r2Key);
  return series;
}

/** Candles of the signed-in user's own uploaded dataset (symbol = dataset id). */
export async function uploadCandles(
  env: Env,
  userId: string | null,
  query: CandleQuery,
): Promise<MarketCandles> {
  if (!userId) throw new CandleRequestError('Log in to use your uploaded data.', 404);
  const dataset = await findOwnDataset(env.DB, userId, query.symbol);
  if (!dataset) throw new CandleRequestError('No uploaded dataset of yours has this id.', 404);
  if (dataset.kind === 'ticks') {
    throw new CandleRequestError(
      `The dataset "${dataset.name}" holds trades, not bars: run it with intrabar ticks (Enterprise).`,
      400,
    );
  }
  if (dataset.timeframe && dataset.timeframe !== query.timeframe) {
    const bars = `${barName(dataset.timeframe)} bars: choose the ${TIMEFRAME_OF_CODE[dataset.timeframe]} timeframe`;
    throw new CandleRequestError(`The dataset "${dataset.name}" has ${bars}.`, 400);
  }
  const series = await storedBars(env, dataset, userId);
  if (!series) throw new CandleRequestError('The dataset file is missing. Upload it again.', 404);
  return answerWithWarmup(series, query, {
    // A file says nothing of its market: its times are read as UTC, days as UTC days.
    calendar: UTC_CALENDAR,
    source: 'upload',
    warnings: [`Your uploaded data: ${dataset.name}.`],
  });
}
