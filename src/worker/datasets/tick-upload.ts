/**
 * An uploaded tick file (POST /api/datasets?kind=ticks, docs/tick-data.md#uploads): parsed as
 * the CLI's `--ticks` files are, its columns stored in R2 (tick-store.ts's layout) and its row
 * inserted under the plan's storage cap, like an OHLCV upload.
 */
import { CsvFormatError, parseTicksCsv } from '../../engine/index';
import type { User } from '../../shared/api/auth';
import type { Dataset } from '../../shared/api/datasets';
import type { StorageCap } from '../../shared/plans';
import type { Env } from '../env';
import { ApiError } from '../errors';
import { insertDataset } from '../db/datasets';
import { encodeTicks } from '../market-data/ticks/tick-store';
import { datasetTicksKey, TICK_COLUMNS_TYPE } from '../market-data/ticks/upload-ticks';
import { storageCapReached } from './admit-upload';

export async function storeTickUpload(
  env: Env,
  user: User,
  upload: { text: string; name: string },
  sizeBytes: number,
  cap: StorageCap | null,
): Promise<Dataset> {
  let ticks;
  try {
    ticks = parseTicksCsv(upload.text);
  } catch (error) {
    if (!(error instanceof CsvFormatError)) throw error;
    throw new ApiError(400, `The file is not valid tick data: ${error.message}`, {
      fields: [{ path: 'file', message: error.message }],
    });
  }
  const rows = ticks.t.length;
  if (rows === 0)
    throw new ApiError(400, 'The file has no trades.', {
      fields: [{ path: 'file', message: 'No data rows' }],
    });
  const id = crypto.randomUUID();
  const r2Key = datasetTicksKey(user.id, id);
  await env.DATASETS.put(r2Key, encodeTicks(ticks), { httpMetadata: { contentType: TICK_COLUMNS_TYPE } });
  let dataset;
  try {
    dataset = await insertDataset(
      env.DB,
      {
        id,
        userId: user.id,
        name: upload.name,
        rows,
        firstBarAt: ticks.t[0]!,
        lastBarAt: ticks.t[rows - 1]!,
        timeframe: null,
        sizeBytes,
        r2Key,
        kind: 'ticks',
      },
      cap,
    );
  } catch (error) {
    await env.DATASETS.delete(r2Key);
    throw error;
  }
  if (!dataset) {
    await env.DATASETS.delete(r2Key);
    throw cap ? storageCapReached(user, cap) : new Error('dataset insert returned no row');
  }
  return dataset;
}
