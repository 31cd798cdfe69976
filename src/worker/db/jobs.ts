/** Robustness jobs and their chunks in D1 (migrations/0009_create_jobs.sql). */
import type { BacktestRequest } from '../../shared/backtest-request';
import type { JobState } from '../../shared/robustness-jobs';
import { monthStart, runsThisMonthSql } from './backtests';

interface JobRow {
  id: string;
  user_id: string;
  backtest_id: string;
  state: JobState;
  request_json: string;
  grid_json: string;
  blocks: number;
  walk_forward_json: string | null;
  warmup_bars: number;
  series_key: string;
  configurations: number;
  chunk_size: number;
  total_chunks: number;
  error: string | null;
  last_error: string | null;
  result_key: string | null;
  done: number;
}

export interface WalkForwardSettings {
  windows: number;
  anchored: boolean;
}

export interface Job {
  id: string;
  userId: string;
  backtestId: string;
  state: JobState;
  request: BacktestRequest;
  grid: Record<string, (number | string)[]>;
  blocks: number;
  walkForward: WalkForwardSettings | null;
  warmupBars: number;
  seriesKey: string;
  configurations: number;
  chunkSize: number;
  totalChunks: number;
  /** Chunks stored so far (every chunk once the job is done). */
  done: number;
  error: string | null;
  lastError: string | null;
  resultKey: string | null;
}

export type NewJob = Omit<Job, 'state' | 'done' | 'error' | 'lastError' | 'resultKey'>;

const NOW = "strftime('%Y-%m-%dT%H:%M:%fZ', 'now')";
/** Chunks stored; a finished job's chunk rows are removed, so it counts as complete. */
const DONE = `CASE WHEN state = 'done' THEN total_chunks
  ELSE (SELECT count(*) FROM job_chunks WHERE job_id = jobs.id) END AS done`;

function toJob(row: JobRow): Job {
  return {
    id: row.id,
    userId: row.user_id,
    backtestId: row.backtest_id,
    state: row.state,
    request: JSON.parse(row.request_json) as BacktestRequest,
    grid: JSON.parse(row.grid_json) as Job['grid'],
    blocks: row.blocks,
    walkForward: row.walk_forward_json ? (JSON.parse(row.walk_forward_json) as WalkForwardSettings) : null,
    warmupBars: row.warmup_bars,
    seriesKey: row.series_key,
    configurations: row.configurations,
    chunkSize: row.chunk_size,
    totalChunks: row.total_chunks,
    done: row.done,
    error: row.error,
    lastError: row.last_error,
    resultKey: row.result_key,
  };
}

/**
 * Stores a new job unless the user already has `monthlyLimit` runs this month (backtests and
 * analyses; null = no limit): one statement, so parallel submissions cannot pass the quota.
 * Returns false when over quota.
 */
export async function insertJob(db: D1Database, job: NewJob, monthlyLimit: number | null): Promise<boolean> {
  const outcome = await db
    .prepare(
      `INSERT INTO jobs (id, user_id, backtest_id, request_json, grid_json, blocks, walk_forward_json,
         warmup_bars, series_key, configurations, chunk_size, total_chunks)
       SELECT ?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11, ?13
       WHERE ?14 IS NULL OR ${runsThisMonthSql('?2', '?12')} < ?14`,
    )
    .bind(
      job.id,
      job.userId,
      job.backtestId,
      JSON.stringify(job.request),
      JSON.stringify(job.grid),
      job.blocks,
      job.walkForward ? JSON.stringify(job.walkForward) : null,
      job.warmupBars,
      job.seriesKey,
      job.configurations,
      job.chunkSize,
      monthStart(),
      job.totalChunks,
      monthlyLimit,
    )
    .run();
  return outcome.meta.changes === 1;
}

export async function findJob(db: D1Database, id: string): Promise<Job | null> {
  const row = await db.prepare(`SELECT *, ${DONE} FROM jobs WHERE id = ?1`).bind(id).first<JobRow>();
  return row ? toJob(row) : null;
}

/** Whether chunk `index` of the job is stored already. */
export async function hasChunk(db: D1Database, jobId: string, index: number): Promise<boolean> {
  const row = await db
    .prepare('SELECT 1 AS found FROM job_chunks WHERE job_id = ?1 AND chunk_index = ?2')
    .bind(jobId, index)
    .first<{ found: number }>();
  return row !== null;
}

/** Stores a chunk's result once (a second delivery leaves the first) and marks the job running. */
export async function storeChunk(
  db: D1Database,
  jobId: string,
  index: number,
  result: unknown,
): Promise<void> {
  await db.batch([
    db
      .prepare('INSERT OR IGNORE INTO job_chunks (job_id, chunk_index, result_json) VALUES (?1, ?2, ?3)')
      .bind(jobId, index, JSON.stringify(result)),
    db
      .prepare(
        `UPDATE jobs SET state = 'running', last_error = NULL, updated_at = ${NOW} WHERE id = ?1 AND state = 'queued'`,
      )
      .bind(jobId),
  ]);
}

/** Chunk rows read per query, so that no answer holds a whole large job. */
const CHUNKS_PER_READ = 40;

/** The stored chunk results of chunks [0, total), by chunk index. */
export async function readChunks(
  db: D1Database,
  jobId: string,
  total: number,
): Promise<Map<number, unknown>> {
  const chunks = new Map<number, unknown>();
  for (let from = 0; from < total; from += CHUNKS_PER_READ) {
    const { results } = await db
      .prepare(
        'SELECT chunk_index, result_json FROM job_chunks WHERE job_id = ?1 AND chunk_index >= ?2 AND chunk_index < ?3',
      )
      .bind(jobId, from, from + CHUNKS_PER_READ)
      .all<{ chunk_index: number; result_json: string }>();
    for (const row of results) chunks.set(row.chunk_index, JSON.parse(row.result_json) as unknown);
  }
  return chunks;
}

/**
 * The configurations the job's stored sweep chunks hold (index, settings, metrics; not their
 * daily returns), in grid order: read inside D1 with its JSON functions, so a poll does not
 * carry every chunk's returns out of the database.
 */
export async function sweptSoFar(
  db: D1Database,
  jobId: string,
): Promise<{ index: number; settings: unknown; metrics: unknown }[]> {
  const { results } = await db
    .prepare(
      `SELECT json_extract(c.value, '$.index') AS idx, json_extract(c.value, '$.settings') AS settings,
              json_extract(c.value, '$.metrics') AS metrics
       FROM job_chunks, json_each(job_chunks.result_json, '$.configurations') AS c
       WHERE job_chunks.job_id = ?1 ORDER BY idx`,
    )
    .bind(jobId)
    .all<{ idx: number; settings: string; metrics: string }>();
  return results.map((row) => ({
    index: row.idx,
    settings: JSON.parse(row.settings) as unknown,
    metrics: JSON.parse(row.metrics) as unknown,
  }));
}

/** Marks an unfinished job done with its result's key and drops its chunk rows; false if it was not running. */
export async function finishJob(db: D1Database, jobId: string, resultKey: string): Promise<boolean> {
  const [finished] = await db.batch([
    db
      .prepare(
        `UPDATE jobs SET state = 'done', result_key = ?2, last_error = NULL, updated_at = ${NOW}
         WHERE id = ?1 AND state IN ('queued', 'running')`,
      )
      .bind(jobId, resultKey),
    db
      .prepare("DELETE FROM job_chunks WHERE job_id = ?1 AND (SELECT state FROM jobs WHERE id = ?1) = 'done'")
      .bind(jobId),
  ]);
  return finished!.meta.changes === 1;
}

/** Remembers why a chunk failed, for the job's error if its retries run out. */
export async function recordChunkError(db: D1Database, jobId: string, message: string): Promise<void> {
  await db
    .prepare(`UPDATE jobs SET last_error = ?2, updated_at = ${NOW} WHERE id = ?1`)
    .bind(jobId, message)
    .run();
}

/** Marks an unfinished job failed with `error`; false when it had already finished or was cancelled. */
export async function failJob(db: D1Database, jobId: string, error: string): Promise<boolean> {
  const outcome = await db
    .prepare(
      `UPDATE jobs SET state = 'failed', error = ?2, updated_at = ${NOW}
       WHERE id = ?1 AND state IN ('queued', 'running')`,
    )
    .bind(jobId, error)
    .run();
  return outcome.meta.changes === 1;
}

/** Cancels an unfinished job; false when it had already finished. */
export async function cancelJob(db: D1Database, jobId: string): Promise<boolean> {
  const outcome = await db
    .prepare(
      `UPDATE jobs SET state = 'cancelled', updated_at = ${NOW} WHERE id = ?1 AND state IN ('queued', 'running')`,
    )
    .bind(jobId)
    .run();
  return outcome.meta.changes === 1;
}
