/**
 * The trades of the signed-in user's uploaded tick file (a dataset of kind "ticks", symbol =
 * dataset id), stored as tick-store.ts's columns at `datasets/<user>/<id>.ticks`.
 */
import type { TickSeries } from '../../../engine/index';
import { findOwnDataset } from '../../db/datasets';
import type { Env } from '../../env';
import { CandleRequestError } from '../candle-answer';
import { decodeTicks } from './tick-store';

/** Content type of a tick dataset's stored columns. */
export const TICK_COLUMNS_TYPE = 'application/vnd.backtest.ticks';

export const datasetTicksKey = (userId: string, datasetId: string) => `datasets/${userId}/${datasetId}.ticks`;

/** The dataset's trades in [from, to). */
export async function uploadTicks(
  env: Env,
  userId: string | null,
  query: { symbol: string; from: number; to: number },
): Promise<TickSeries> {
  if (!userId) throw new CandleRequestError('Log in to use your uploaded data.', 404);
  const dataset = await findOwnDataset(env.DB, userId, query.symbol);
  if (!dataset) throw new CandleRequestError('No uploaded dataset of yours has this id.', 404);
  if (dataset.kind !== 'ticks') {
    throw new CandleRequestError(
      `The dataset "${dataset.name}" holds bars, not trades: upload a tick file (time,price,size) for intrabar ticks.`,
      400,
    );
  }
  const object = await env.DATASETS.get(dataset.r2Key);
  if (!object) throw new CandleRequestError('The dataset file is missing. Upload it again.', 404);
  const ticks = decodeTicks(await object.arrayBuffer());
  let start = 0;
  while (start < ticks.t.length && ticks.t[start]! < query.from) start++;
  let end = start;
  while (end < ticks.t.length && ticks.t[end]! < query.to) end++;
  return {
    t: ticks.t.subarray(start, end),
    p: ticks.p.subarray(start, end),
    q: ticks.q.subarray(start, end),
  };
}
