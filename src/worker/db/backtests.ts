import type { BacktestRequest } from '../../shared/backtest-request';
import { teamUserIds } from './teams';
import type {
  BacktestListItem,
  BacktestResultBody,
  BacktestRun,
  BacktestSummary,
} from '../../shared/api/backtests';

export interface BacktestRow {
  id: string;
  created_at: string;
  exchange: string;
  stock: string;
  timeframe: string;
  mode: string;
  source: string;
  request_json: string;
  summary_json: string;
  result_json: string;
}

/** First instant of the current calendar month (UTC), as stored timestamps are written. */
export function monthStart(now = new Date()): string {
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1)).toISOString();
}

/**
 * SQL counting the runs of the plan quota this month: backtests plus jobs (robustness analyses,
 * and queued ML runs until their backtest is stored, which then counts in their place), each
 * counting once, of the user's whole team (the user alone when in none: a team shares one
 * quota). A job that failed (always a server-side failure: users' mistakes are refused before
 * a job is made) gives its unit back. `user` and `since` are the statement's parameters.
 */
export function runsThisMonthSql(user: string, since: string): string {
  const team = teamUserIds(user);
  return `((SELECT count(*) FROM backtests WHERE user_id IN ${team} AND created_at >= ${since})
    + (SELECT count(*) FROM jobs WHERE user_id IN ${team} AND created_at >= ${since}
       AND result_backtest_id IS NULL AND state <> 'failed'))`;
}

/** Runs of the month's quota: backtests and jobs, by the user's team. */
export async function countBacktestsThisMonth(db: D1Database, userId: string): Promise<number> {
  const row = await db
    .prepare(`SELECT ${runsThisMonthSql('?1', '?2')} AS n`)
    .bind(userId, monthStart())
    .first<{ n: number }>();
  return row?.n ?? 0;
}

export interface NewBacktest {
  userId: string;
  request: BacktestRequest;
  source: string;
  summary: BacktestSummary;
  result: unknown;
}

/**
 * The values of a stored run's columns, in table order from `exchange` to `result_json`: every
 * insert of a run (a backtest, or an ML job's finished run) binds them the same way.
 */
export function runColumnValues(run: Omit<NewBacktest, 'userId'>): unknown[] {
  const { request } = run;
  return [
    request.exchange,
    request.stock,
    request.timeframe,
    request.mode,
    run.source,
    JSON.stringify(request),
    JSON.stringify(run.summary),
    JSON.stringify(run.result),
  ];
}

/**
 * Stores a run unless the user already has `monthlyLimit` runs this month (null = no limit).
 * The check and the insert are one statement, so parallel submissions cannot pass the quota.
 * Returns the new id, or null when over quota.
 */
export async function insertBacktest(
  db: D1Database,
  run: NewBacktest,
  monthlyLimit: number | null,
): Promise<string | null> {
  const id = crypto.randomUUID();
  const outcome = await db
    .prepare(
      `INSERT INTO backtests (id, user_id, exchange, stock, timeframe, mode, source, request_json, summary_json, result_json)
       SELECT ?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10
       WHERE ?11 IS NULL OR ${runsThisMonthSql('?2', '?12')} < ?11`,
    )
    .bind(id, run.userId, ...runColumnValues(run), monthlyLimit, monthStart())
    .run();
  return outcome.meta.changes === 1 ? id : null;
}

function toListItem(row: BacktestRow): BacktestListItem {
  const request = JSON.parse(row.request_json) as BacktestRequest;
  return {
    id: row.id,
    createdAt: row.created_at,
    exchange: row.exchange,
    stock: row.stock,
    timeframe: row.timeframe,
    mode: row.mode,
    source: row.source,
    fromDate: request.fromDate,
    toDate: request.toDate,
    summary: JSON.parse(row.summary_json) as BacktestSummary,
    request,
  };
}

/** A stored run as the API shows it; its result was written by toResultBody, so it is read as is. */
export function toRun(row: BacktestRow): BacktestRun {
  return { ...toListItem(row), result: JSON.parse(row.result_json) as BacktestResultBody };
}

export async function listBacktests(db: D1Database, userId: string): Promise<BacktestListItem[]> {
  const { results } = await db
    .prepare(
      `SELECT id, created_at, exchange, stock, timeframe, mode, source, request_json, summary_json
       FROM backtests WHERE user_id = ?1 AND deleted_at IS NULL
       ORDER BY created_at DESC, rowid DESC LIMIT 500`,
    )
    .bind(userId)
    .all<BacktestRow>();
  return results.map(toListItem);
}

export async function findOwnBacktest(
  db: D1Database,
  userId: string,
  id: string,
): Promise<BacktestRun | null> {
  const row = await db
    .prepare('SELECT * FROM backtests WHERE id = ?1 AND user_id = ?2 AND deleted_at IS NULL')
    .bind(id, userId)
    .first<BacktestRow>();
  return row ? toRun(row) : null;
}

/**
 * Removes a run from its owner's history. The row stays, marked deleted and without its result,
 * because the month's quota counts runs made, not runs kept: deleting does not give a run back.
 */
export async function deleteOwnBacktest(db: D1Database, userId: string, id: string): Promise<boolean> {
  const outcome = await db
    .prepare(
      `UPDATE backtests SET deleted_at = strftime('%Y-%m-%dT%H:%M:%fZ', 'now'), result_json = 'null'
       WHERE id = ?1 AND user_id = ?2 AND deleted_at IS NULL`,
    )
    .bind(id, userId)
    .run();
  return outcome.meta.changes === 1;
}
