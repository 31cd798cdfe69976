import type { Dataset } from '../../shared/api/datasets';
import { type CandleTimeframe, isCandleTimeframe } from '../../shared/timeframes';

interface DatasetRow {
  id: string;
  name: string;
  rows: number;
  first_bar_at: number;
  last_bar_at: number;
  timeframe: string | null;
  r2_key: string;
  kind: string;
}

const toDataset = (row: DatasetRow): Dataset => ({
  id: row.id,
  name: row.name,
  rows: row.rows,
  from: new Date(row.first_bar_at).toISOString(),
  to: new Date(row.last_bar_at).toISOString(),
  timeframe: row.timeframe && isCandleTimeframe(row.timeframe) ? row.timeframe : null,
  kind: row.kind === 'ticks' ? 'ticks' : 'candles',
});

export interface NewDataset {
  id: string;
  userId: string;
  name: string;
  rows: number;
  firstBarAt: number;
  lastBarAt: number;
  timeframe: CandleTimeframe | null;
  sizeBytes: number;
  r2Key: string;
  /** Bars (the default) or trades. */
  kind?: 'candles' | 'ticks';
}

/**
 * Inserts the dataset; with a cap, only while the user's datasets and this one stay within it
 * (one statement, so parallel uploads cannot pass it together). Null when the cap refused it.
 */
export async function insertDataset(
  db: D1Database,
  dataset: NewDataset,
  cap: { files: number; bytes: number } | null = null,
): Promise<Dataset | null> {
  const row = await db
    .prepare(
      `INSERT INTO datasets (id, user_id, name, rows, first_bar_at, last_bar_at, timeframe, size_bytes, r2_key, kind)
       SELECT ?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?12
       WHERE ?10 IS NULL OR (
         SELECT COUNT(*) < ?10 AND COALESCE(SUM(size_bytes), 0) + ?8 <= ?11 FROM datasets WHERE user_id = ?2
       )
       RETURNING *`,
    )
    .bind(
      dataset.id,
      dataset.userId,
      dataset.name,
      dataset.rows,
      dataset.firstBarAt,
      dataset.lastBarAt,
      dataset.timeframe,
      dataset.sizeBytes,
      dataset.r2Key,
      cap?.files ?? null,
      cap?.bytes ?? null,
      dataset.kind ?? 'candles',
    )
    .first<DatasetRow>();
  return row ? toDataset(row) : null;
}

/** How many datasets the user keeps and their uploaded files' total size in bytes. */
export async function datasetUsage(
  db: D1Database,
  userId: string,
): Promise<{ files: number; bytes: number }> {
  const row = await db
    .prepare(
      'SELECT COUNT(*) AS files, COALESCE(SUM(size_bytes), 0) AS bytes FROM datasets WHERE user_id = ?1',
    )
    .bind(userId)
    .first<{ files: number; bytes: number }>();
  return { files: row?.files ?? 0, bytes: row?.bytes ?? 0 };
}

export async function listDatasets(db: D1Database, userId: string): Promise<Dataset[]> {
  const { results } = await db
    .prepare('SELECT * FROM datasets WHERE user_id = ?1 ORDER BY created_at DESC, rowid DESC')
    .bind(userId)
    .all<DatasetRow>();
  return results.map(toDataset);
}

/** The owner's dataset with its R2 key; null for another user's or a missing one. */
export async function findOwnDataset(
  db: D1Database,
  userId: string,
  id: string,
): Promise<(Dataset & { r2Key: string }) | null> {
  const row = await db
    .prepare('SELECT * FROM datasets WHERE id = ?1 AND user_id = ?2')
    .bind(id.toLowerCase(), userId)
    .first<DatasetRow>();
  return row ? { ...toDataset(row), r2Key: row.r2_key } : null;
}

/** Points a dataset at another stored file (its bars stored anew in another form). */
export async function updateDatasetKey(db: D1Database, id: string, r2Key: string): Promise<void> {
  await db.prepare('UPDATE datasets SET r2_key = ?2 WHERE id = ?1').bind(id, r2Key).run();
}

export async function deleteDataset(db: D1Database, id: string): Promise<void> {
  await db.prepare('DELETE FROM datasets WHERE id = ?1').bind(id).run();
}
