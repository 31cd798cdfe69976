/** Public links to backtest runs (table backtest_shares): tokens are stored as SHA-256 only. */
import type { SharedBacktest } from '../../shared/api/shares';
import { type BacktestRow, toRun } from './backtests';

/**
 * Gives the user's run a new link (replacing any earlier one), if the run is theirs and not
 * deleted. Returns false otherwise.
 */
export async function replaceShare(
  db: D1Database,
  userId: string,
  backtestId: string,
  tokenHash: string,
): Promise<boolean> {
  const [, inserted] = await db.batch([
    db
      .prepare(
        `DELETE FROM backtest_shares WHERE backtest_id = ?1
         AND backtest_id IN (SELECT id FROM backtests WHERE id = ?1 AND user_id = ?2 AND deleted_at IS NULL)`,
      )
      .bind(backtestId, userId),
    db
      .prepare(
        `INSERT INTO backtest_shares (token_hash, backtest_id)
         SELECT ?3, id FROM backtests WHERE id = ?1 AND user_id = ?2 AND deleted_at IS NULL`,
      )
      .bind(backtestId, userId, tokenHash),
  ]);
  return inserted!.meta.changes === 1;
}

/** Ends the run's link. Returns false when the run is not the user's (or is deleted). */
export async function removeShare(db: D1Database, userId: string, backtestId: string): Promise<boolean> {
  const owned = await db
    .prepare('SELECT 1 AS ok FROM backtests WHERE id = ?1 AND user_id = ?2 AND deleted_at IS NULL')
    .bind(backtestId, userId)
    .first();
  if (!owned) return false;
  await db.prepare('DELETE FROM backtest_shares WHERE backtest_id = ?1').bind(backtestId).run();
  return true;
}

/** When the user's run was shared (null: not shared); undefined when the run is not theirs. */
export async function shareCreatedAt(
  db: D1Database,
  userId: string,
  backtestId: string,
): Promise<string | null | undefined> {
  const row = await db
    .prepare(
      `SELECT s.created_at AS created_at FROM backtests b
       LEFT JOIN backtest_shares s ON s.backtest_id = b.id
       WHERE b.id = ?1 AND b.user_id = ?2 AND b.deleted_at IS NULL`,
    )
    .bind(backtestId, userId)
    .first<{ created_at: string | null }>();
  return row ? row.created_at : undefined;
}

/** The run a link's token hash opens: only the run's own fields, nothing of its owner. */
export async function findSharedBacktest(db: D1Database, tokenHash: string): Promise<SharedBacktest | null> {
  const row = await db
    .prepare(
      `SELECT b.id, b.created_at, b.exchange, b.stock, b.timeframe, b.mode, b.source, b.request_json,
              b.summary_json, b.result_json
       FROM backtest_shares s JOIN backtests b ON b.id = s.backtest_id
       WHERE s.token_hash = ?1 AND b.deleted_at IS NULL`,
    )
    .bind(tokenHash)
    .first<BacktestRow>();
  if (!row) return null;
  const { id: _id, ...run } = toRun(row);
  return run;
}
