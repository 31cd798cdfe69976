/**
 * Jobs of the JOBS queue, their chunks and the chunks' leases in D1 (migrations/0009_create_jobs.sql,
 * 0012_add_ml_jobs.sql, 0013_add_job_chunk_leases.sql, 0019_count_job_chunk_sends.sql,
 * 0021_keep_job_link_origin.sql): robustness analyses, ML runs too large for a request, and
 * runs on ticks whose trades do not fit in one (kind 'ticks', in the columns of an ML job).
 */
import type { DataQuality } from '../../shared/api/backtests';
import type { BacktestRequest } from '../../shared/backtest-request';
import type { DataSource } from '../../shared/data-sources';
import type { JobKind, JobState } from '../../shared/api/jobs';
import { monthStart, runColumnValues, runsThisMonthSql, type NewBacktest } from './backtests';

interface JobRow {
  id: string;
  user_id: string;
  kind: JobKind;
  backtest_id: string | null;
  state: JobState;
  request_json: string;
  grid_json: string | null;
  blocks: number | null;
  walk_forward_json: string | null;
  data_json: string | null;
  result_backtest_id: string | null;
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

interface JobBase {
  id: string;
  userId: string;
  state: JobState;
  request: BacktestRequest;
  warmupBars: number;
  seriesKey: string;
  totalChunks: number;
  /** Chunks stored so far (every chunk once the job is done). */
  done: number;
  error: string | null;
  lastError: string | null;
}

export interface RobustnessJob extends JobBase {
  kind: 'robustness';
  backtestId: string;
  grid: Record<string, (number | string)[]>;
  blocks: number;
  walkForward: WalkForwardSettings | null;
  configurations: number;
  chunkSize: number;
  resultKey: string | null;
}

/** What the stored run of an ML job says about its candles (toResultBody's data). */
export interface MlJobData {
  source: DataSource;
  timezone: string;
  warnings: string[];
  /** Absent in jobs queued before runs had it. */
  dataQuality?: DataQuality;
}

export interface MlJob extends JobBase {
  kind: 'ml';
  /** Walk-forward folds of the run, and folds per chunk (chunk k trains folds k * foldsPerChunk ...). */
  folds: number;
  foldsPerChunk: number;
  data: MlJobData;
  /** The stored run, once done. */
  resultBacktestId: string | null;
}

/** What a queued run on ticks keeps about its trades (jobs/ticks/). */
export interface TicksJobData {
  source: DataSource;
  timezone: string;
  /** The run's first instant (its from date's start in the exchange's calendar), unix ms. */
  start: number;
  /** The trades read, warm-up included: [from, to) in unix ms. */
  from: number;
  to: number;
  /** Start (unix ms) of each UTC day of trades, in order: one chunk reads each. */
  days: number[];
  /** Index in `days` of the first day the run trades in: each day from it on is also run by a chunk. */
  firstRunDay: number;
  /** The most trades the run reads (its plan's limit when it was queued). */
  maxTicks: number;
}

/**
 * A run on ticks whose trades need more than its request: chunks 0 .. days - 1 read a day of
 * trades each, then one chunk per run day runs it from the state the previous one left.
 */
export interface TicksJob extends JobBase {
  kind: 'ticks';
  data: TicksJobData;
  /** The stored run, once done. */
  resultBacktestId: string | null;
}

export type Job = RobustnessJob | MlJob | TicksJob;
/** The jobs that end as a stored run (GET /api/backtests/:id). */
export type RunJob = MlJob | TicksJob;

/** What a new job also stores: the origin of the request that started it, for its mail's link. */
interface NewJobOrigin {
  linkOrigin: string;
}

export type NewJob = Omit<RobustnessJob, 'kind' | 'state' | 'done' | 'error' | 'lastError' | 'resultKey'> &
  NewJobOrigin;
export type NewMlJob = Omit<MlJob, 'kind' | 'state' | 'done' | 'error' | 'lastError' | 'resultBacktestId'> &
  NewJobOrigin;
export type NewTicksJob = Omit<
  TicksJob,
  'kind' | 'state' | 'done' | 'error' | 'lastError' | 'resultBacktestId' | 'warmupBars'
> &
  NewJobOrigin;

const NOW = "strftime('%Y-%m-%dT%H:%M:%fZ', 'now')";
/**
 * Chunks stored. An ended job's chunk rows are removed: a finished one counts as complete, a
 * failed or cancelled one as far as it had got (ended_done).
 */
const DONE = `CASE WHEN state = 'done' THEN total_chunks
  WHEN ended_done IS NOT NULL THEN ended_done
  ELSE (SELECT count(*) FROM job_chunks WHERE job_id = jobs.id) END AS done`;

function toJob(row: JobRow): Job {
  const base: JobBase = {
    id: row.id,
    userId: row.user_id,
    state: row.state,
    request: JSON.parse(row.request_json) as BacktestRequest,
    warmupBars: row.warmup_bars,
    seriesKey: row.series_key,
    totalChunks: row.total_chunks,
    done: row.done,
    error: row.error,
    lastError: row.last_error,
  };
  if (row.kind === 'ticks') {
    return {
      ...base,
      kind: 'ticks',
      data: JSON.parse(row.data_json!) as TicksJobData,
      resultBacktestId: row.result_backtest_id,
    };
  }
  if (row.kind === 'ml') {
    return {
      ...base,
      kind: 'ml',
      folds: row.configurations,
      foldsPerChunk: row.chunk_size,
      data: JSON.parse(row.data_json!) as MlJobData,
      resultBacktestId: row.result_backtest_id,
    };
  }
  return {
    ...base,
    kind: 'robustness',
    backtestId: row.backtest_id!,
    grid: JSON.parse(row.grid_json!) as RobustnessJob['grid'],
    blocks: row.blocks!,
    walkForward: row.walk_forward_json ? (JSON.parse(row.walk_forward_json) as WalkForwardSettings) : null,
    configurations: row.configurations,
    chunkSize: row.chunk_size,
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
         warmup_bars, series_key, configurations, chunk_size, total_chunks, link_origin)
       SELECT ?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11, ?13, ?15
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
      job.linkOrigin,
    )
    .run();
  return outcome.meta.changes === 1;
}

/** Stores a new ML job under the same one-statement quota check as insertJob; false when over quota. */
export async function insertMlJob(
  db: D1Database,
  job: NewMlJob,
  monthlyLimit: number | null,
): Promise<boolean> {
  const outcome = await db
    .prepare(
      `INSERT INTO jobs (id, user_id, kind, request_json, warmup_bars, series_key, configurations, chunk_size,
         total_chunks, data_json, link_origin)
       SELECT ?1, ?2, 'ml', ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?12
       WHERE ?10 IS NULL OR ${runsThisMonthSql('?2', '?11')} < ?10`,
    )
    .bind(
      job.id,
      job.userId,
      JSON.stringify(job.request),
      job.warmupBars,
      job.seriesKey,
      job.folds,
      job.foldsPerChunk,
      job.totalChunks,
      JSON.stringify(job.data),
      monthlyLimit,
      monthStart(),
      job.linkOrigin,
    )
    .run();
  return outcome.meta.changes === 1;
}

/**
 * Stores a new run on ticks under the same one-statement quota check as insertJob; its warm-up
 * bars are known once its trades are read (0 here). False when over quota.
 */
export async function insertTicksJob(
  db: D1Database,
  job: NewTicksJob,
  monthlyLimit: number | null,
): Promise<boolean> {
  const outcome = await db
    .prepare(
      `INSERT INTO jobs (id, user_id, kind, request_json, warmup_bars, series_key, configurations, chunk_size,
         total_chunks, data_json, link_origin)
       SELECT ?1, ?2, 'ticks', ?3, 0, ?4, ?5, 1, ?6, ?7, ?10
       WHERE ?8 IS NULL OR ${runsThisMonthSql('?2', '?9')} < ?8`,
    )
    .bind(
      job.id,
      job.userId,
      JSON.stringify(job.request),
      job.seriesKey,
      job.data.days.length,
      job.totalChunks,
      JSON.stringify(job.data),
      monthlyLimit,
      monthStart(),
      job.linkOrigin,
    )
    .run();
  return outcome.meta.changes === 1;
}

export async function findJob(db: D1Database, id: string): Promise<Job | null> {
  const row = await db.prepare(`SELECT *, ${DONE} FROM jobs WHERE id = ?1`).bind(id).first<JobRow>();
  return row ? toJob(row) : null;
}

/** When the job was queued (ISO, its created_at), or null for no such job. */
export async function jobCreatedAt(db: D1Database, id: string): Promise<string | null> {
  const row = await db
    .prepare('SELECT created_at FROM jobs WHERE id = ?1')
    .bind(id)
    .first<{ created_at: string }>();
  return row?.created_at ?? null;
}

/** What the mail about a finished job says, and whether its owner asked for it. */
export interface FinishedJobMail {
  kind: string;
  state: string;
  error: string | null;
  backtestId: string | null;
  resultBacktestId: string | null;
  /** Null for a job queued before jobs kept it. */
  linkOrigin: string | null;
  /** The owner's address and job-mail opt-in (users.notify_job_done). */
  email: string;
  notifyJobDone: boolean;
}

/** The job and its owner's address and opt-in, for the mail when it finishes; null for no such job. */
export async function findFinishedJobMail(db: D1Database, jobId: string): Promise<FinishedJobMail | null> {
  const row = await db
    .prepare(
      `SELECT jobs.kind, jobs.state, jobs.error, jobs.backtest_id, jobs.result_backtest_id,
              jobs.link_origin, users.email, users.notify_job_done
       FROM jobs JOIN users ON users.id = jobs.user_id WHERE jobs.id = ?1`,
    )
    .bind(jobId)
    .first<{
      kind: string;
      state: string;
      error: string | null;
      backtest_id: string | null;
      result_backtest_id: string | null;
      link_origin: string | null;
      email: string;
      notify_job_done: number;
    }>();
  return row
    ? {
        kind: row.kind,
        state: row.state,
        error: row.error,
        backtestId: row.backtest_id,
        resultBacktestId: row.result_backtest_id,
        linkOrigin: row.link_origin,
        email: row.email,
        notifyJobDone: row.notify_job_done === 1,
      }
    : null;
}

/** The most jobs in flight one list holds: a person follows a few; a script reads more by id. */
const ACTIVE_JOBS_LISTED = 50;

export interface ActiveJobRow {
  job: Job;
  createdAt: string;
}

/** The user's jobs still queued or running, oldest first (at most ACTIVE_JOBS_LISTED). */
export async function listActiveJobs(db: D1Database, userId: string): Promise<ActiveJobRow[]> {
  const { results } = await db
    .prepare(
      `SELECT *, ${DONE} FROM jobs WHERE user_id = ?1 AND state IN ('queued', 'running')
       ORDER BY created_at, rowid LIMIT ?2`,
    )
    .bind(userId, ACTIVE_JOBS_LISTED)
    .all<JobRow & { created_at: string }>();
  return results.map((row) => ({ job: toJob(row), createdAt: row.created_at }));
}

/** The id of the job (ML or ticks) that ran and stored `backtestId`, or null for a run made in its request. */
export async function jobOfStoredRun(
  db: D1Database,
  userId: string,
  backtestId: string,
): Promise<string | null> {
  const row = await db
    .prepare("SELECT id FROM jobs WHERE user_id = ?1 AND kind IN ('ml', 'ticks') AND result_backtest_id = ?2")
    .bind(userId, backtestId)
    .first<{ id: string }>();
  return row?.id ?? null;
}

/** Whether chunk `index` of the job is stored already. */
export async function hasChunk(db: D1Database, jobId: string, index: number): Promise<boolean> {
  const row = await db
    .prepare('SELECT 1 AS found FROM job_chunks WHERE job_id = ?1 AND chunk_index = ?2')
    .bind(jobId, index)
    .first<{ found: number }>();
  return row !== null;
}

/** Chunk `index`'s stored result, or null when it is not stored. */
export async function readChunk(db: D1Database, jobId: string, index: number): Promise<unknown> {
  const row = await db
    .prepare('SELECT result_json FROM job_chunks WHERE job_id = ?1 AND chunk_index = ?2')
    .bind(jobId, index)
    .first<{ result_json: string }>();
  return row ? (JSON.parse(row.result_json) as unknown) : null;
}

/** Whether chunk `index` of the job was sent and holds a lease (it is on its way or running). */
export async function isLeased(db: D1Database, jobId: string, index: number): Promise<boolean> {
  const row = await db
    .prepare('SELECT 1 AS found FROM job_chunk_leases WHERE job_id = ?1 AND chunk_index = ?2')
    .bind(jobId, index)
    .first<{ found: number }>();
  return row !== null;
}

/**
 * Leases chunks `chunks` of the job at `now` (ms) as they are sent, counting one more send each
 * and keeping the attempts of those already leased.
 */
export async function leaseChunks(
  db: D1Database,
  jobId: string,
  chunks: readonly number[],
  now: number,
): Promise<void> {
  await db
    .prepare(
      `INSERT INTO job_chunk_leases (job_id, chunk_index, leased_at, sends)
       SELECT ?1, value, ?3, 1 FROM json_each(?2) WHERE true
       ON CONFLICT (job_id, chunk_index) DO UPDATE SET leased_at = excluded.leased_at, sends = sends + 1`,
    )
    .bind(jobId, JSON.stringify(chunks), now)
    .run();
}

/**
 * A consumer starts chunk `index`: its lease is renewed at `now` and counts one more attempt,
 * and the job shows as running from its first chunk. Returns the attempt (1 for the first).
 */
export async function startChunk(db: D1Database, jobId: string, index: number, now: number): Promise<number> {
  const [lease] = await db.batch([
    db
      .prepare(
        `INSERT INTO job_chunk_leases (job_id, chunk_index, leased_at, attempt) VALUES (?1, ?2, ?3, 1)
         ON CONFLICT (job_id, chunk_index) DO UPDATE SET leased_at = excluded.leased_at, attempt = attempt + 1
         RETURNING attempt`,
      )
      .bind(jobId, index, now),
    db
      .prepare(
        `UPDATE jobs SET state = 'running', updated_at = ${NOW} WHERE id = ?1 AND state IN ('queued', 'running')`,
      )
      .bind(jobId),
  ]);
  return (lease!.results[0] as { attempt: number }).attempt;
}

/** Stores a chunk's result once (a second delivery leaves the first) and ends its lease. */
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
    db.prepare('DELETE FROM job_chunk_leases WHERE job_id = ?1 AND chunk_index = ?2').bind(jobId, index),
    db
      .prepare(
        `UPDATE jobs SET state = 'running', last_error = NULL, updated_at = ${NOW}
         WHERE id = ?1 AND state IN ('queued', 'running')`,
      )
      .bind(jobId),
  ]);
}

export interface ExpiredLease {
  jobId: string;
  chunk: number;
  /** Times a consumer started the chunk. */
  attempt: number;
  /** Times the chunk was sent to the queue (a lost message is sent but never started). */
  sends: number;
}

/** Leases of unfinished jobs' chunks, not stored yet, taken before `before` (ms). */
export async function expiredLeases(db: D1Database, before: number): Promise<ExpiredLease[]> {
  const { results } = await db
    .prepare(
      `SELECT l.job_id AS jobId, l.chunk_index AS chunk, l.attempt AS attempt, l.sends AS sends
       FROM job_chunk_leases l JOIN jobs j ON j.id = l.job_id
       WHERE j.state IN ('queued', 'running') AND l.leased_at < ?1
         AND NOT EXISTS (SELECT 1 FROM job_chunks c WHERE c.job_id = l.job_id AND c.chunk_index = l.chunk_index)
       ORDER BY l.job_id, l.chunk_index`,
    )
    .bind(before)
    .all<ExpiredLease>();
  return results;
}

/**
 * Whether a consumer started or stored a chunk of any job, or finished a job, at or after
 * `since` (ms): the queue is moving, so a chunk not started yet may be waiting its turn.
 */
export async function queueMovedSince(db: D1Database, since: number): Promise<boolean> {
  const row = await db
    .prepare(
      `SELECT 1 AS moved FROM jobs
       WHERE updated_at >= strftime('%Y-%m-%dT%H:%M:%fZ', ?1 / 1000.0, 'unixepoch') AND state IN ('running', 'done')
       LIMIT 1`,
    )
    .bind(since)
    .first<{ moved: number }>();
  return row !== null;
}

/**
 * Unfinished jobs whose every chunk is stored but which were not finished (the server stopped
 * while the last chunk summarised them), untouched since `before` (ms).
 */
export async function unfinishedCompleteJobs(db: D1Database, before: number): Promise<Job[]> {
  const { results } = await db
    .prepare(
      `SELECT *, ${DONE} FROM jobs
       WHERE state IN ('queued', 'running') AND updated_at < strftime('%Y-%m-%dT%H:%M:%fZ', ?1 / 1000.0, 'unixepoch')
         AND (SELECT count(*) FROM job_chunks WHERE job_id = jobs.id) >= total_chunks`,
    )
    .bind(before)
    .all<JobRow>();
  return results.map(toJob);
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
    db.prepare('DELETE FROM job_chunk_leases WHERE job_id = ?1').bind(jobId),
  ]);
  return finished!.meta.changes === 1;
}

/**
 * Stores an unfinished ML or ticks job's run as a backtest and marks the job done with its id,
 * in one transaction: the backtest takes the job's creation time, so it replaces the job in
 * that month's quota (runsThisMonthSql counts such jobs only until they have a backtest), and a
 * second finishing message (a redelivery) stores nothing. Returns the backtest's id, or null
 * when the job had already finished or been cancelled.
 */
export async function finishRunJob(
  db: D1Database,
  jobId: string,
  run: Omit<NewBacktest, 'userId'>,
): Promise<string | null> {
  const id = crypto.randomUUID();
  const [stored] = await db.batch([
    db
      .prepare(
        `INSERT INTO backtests (id, user_id, created_at, exchange, stock, timeframe, mode, source, request_json,
           summary_json, result_json)
         SELECT ?1, user_id, created_at, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10
         FROM jobs WHERE id = ?2 AND kind IN ('ml', 'ticks') AND state IN ('queued', 'running')`,
      )
      .bind(id, jobId, ...runColumnValues(run)),
    db
      .prepare(
        `UPDATE jobs SET state = 'done', result_backtest_id = ?2, last_error = NULL, updated_at = ${NOW}
         WHERE id = ?1 AND state IN ('queued', 'running') AND EXISTS (SELECT 1 FROM backtests WHERE id = ?2)`,
      )
      .bind(jobId, id),
    db
      .prepare("DELETE FROM job_chunks WHERE job_id = ?1 AND (SELECT state FROM jobs WHERE id = ?1) = 'done'")
      .bind(jobId),
    db.prepare('DELETE FROM job_chunk_leases WHERE job_id = ?1').bind(jobId),
  ]);
  return stored!.meta.changes === 1 ? id : null;
}

/** Remembers why a chunk failed, for the job's error if its retries run out. */
export async function recordChunkError(db: D1Database, jobId: string, message: string): Promise<void> {
  await db
    .prepare(`UPDATE jobs SET last_error = ?2, updated_at = ${NOW} WHERE id = ?1`)
    .bind(jobId, message)
    .run();
}

/** Ends an unfinished job in `state` and deletes its chunk rows and leases; false when it had already ended. */
async function endJob(
  db: D1Database,
  jobId: string,
  state: 'failed' | 'cancelled',
  error: string | null,
): Promise<boolean> {
  const [ended] = await db.batch([
    db
      .prepare(
        `UPDATE jobs SET state = ?2, error = ?3, updated_at = ${NOW},
           ended_done = (SELECT count(*) FROM job_chunks WHERE job_id = ?1)
         WHERE id = ?1 AND state IN ('queued', 'running')`,
      )
      .bind(jobId, state, error),
    db.prepare('DELETE FROM job_chunks WHERE job_id = ?1').bind(jobId),
    db.prepare('DELETE FROM job_chunk_leases WHERE job_id = ?1').bind(jobId),
  ]);
  return ended!.meta.changes === 1;
}

/**
 * Marks an unfinished job failed with `error` (a failed job leaves the month's quota:
 * runsThisMonthSql); false when it had already finished or was cancelled.
 */
export function failJob(db: D1Database, jobId: string, error: string): Promise<boolean> {
  return endJob(db, jobId, 'failed', error);
}

/** Cancels an unfinished job (it still counts in the month's quota); false when it had already finished. */
export function cancelJob(db: D1Database, jobId: string): Promise<boolean> {
  return endJob(db, jobId, 'cancelled', null);
}

export interface AnalysisRow {
  id: string;
  state: JobState;
  createdAt: string;
  configurations: number;
  resultKey: string | null;
}

/** The robustness analyses of the user's run `backtestId`, newest first (at most `limit`). */
export async function listAnalyses(
  db: D1Database,
  userId: string,
  backtestId: string,
  limit = 50,
): Promise<AnalysisRow[]> {
  const { results } = await db
    .prepare(
      `SELECT id, state, created_at AS createdAt, configurations, result_key AS resultKey FROM jobs
       WHERE user_id = ?1 AND backtest_id = ?2 AND kind = 'robustness'
       ORDER BY created_at DESC, rowid DESC LIMIT ?3`,
    )
    .bind(userId, backtestId, limit)
    .all<AnalysisRow>();
  return results;
}
