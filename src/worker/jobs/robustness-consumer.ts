/**
 * The JOBS queue's consumer (wrangler.toml): each message runs one chunk of a job, a robustness
 * analysis (robustness-chunks.ts) or an ML run (ml-chunks.ts).
 * - Idempotent: a chunk already stored is not run again (a redelivery, or a job resuming after
 *   a crash), and storing keeps the first result, so a chunk counts once.
 * - Cancelled, failed, finished or deleted jobs: their messages are acknowledged and skipped.
 * - A chunk that throws records its error on the job and is retried; after the queue's
 *   max_retries it goes to the dead-letter queue, whose consumer marks the job failed.
 * - The message that stores the last chunk summarises the job into R2 and marks it done;
 *   summarising is idempotent, so two last messages racing store the same result. For an ML
 *   job it assembles the run and stores it as a backtest, once (finishMlJob).
 */
import { decodeSeries, prepareMlBacktest } from '../../engine/index';
import type { CandleSeries, MlPreparedRun } from '../../engine/index';
import type { Env } from '../env';
import { notifyJobFinished } from '../mail/job-finished-mail';
import { summaryOf } from '../backtests/result';
import {
  failJob,
  findJob,
  finishJob,
  finishMlJob,
  hasChunk,
  readChunks,
  recordChunkError,
  storeChunk,
  type Job,
  type MlJob,
  type RobustnessJob,
} from '../db/jobs';
import { calendarOf } from '../market-data/sessions';
import { mlResultBody } from '../ml/ml-result-body';
import { assembleMlChunks, runMlChunk } from './ml-chunks';
import { runChunk, summariseChunks } from './robustness-chunks';
import type { JobMessage } from './robustness-create';

/** Queue names of wrangler.toml: the chunks, and where they go after their retries. */
export const JOBS_QUEUE = 'backtest-jobs';
export const JOBS_DEAD_LETTER_QUEUE = 'backtest-jobs-dead-letter';

const unfinished = (job: Job | null): job is Job =>
  job !== null && (job.state === 'queued' || job.state === 'running');

/** What a job's messages call it. */
const workOf = (job: Job) => (job.kind === 'ml' ? 'ML run' : 'analysis');

/** The last job's series, kept by the isolate: the chunks of a batch share one R2 read. */
let cachedSeries: { key: string; series: CandleSeries } | null = null;

async function seriesOf(env: Env, job: Job): Promise<CandleSeries> {
  if (cachedSeries?.key === job.seriesKey) return cachedSeries.series;
  const object = await env.DATASETS.get(job.seriesKey);
  if (!object) throw new Error(`the candles of this ${workOf(job)} are no longer stored`);
  const series: CandleSeries = {
    ...decodeSeries(await object.arrayBuffer()),
    calendar: calendarOf(job.request.exchange.toUpperCase()),
  };
  cachedSeries = { key: job.seriesKey, series };
  return series;
}

/** The last ML job's prepared run (features, labels, folds): a batch's chunks of it prepare once. */
let cachedRun: { jobId: string; run: MlPreparedRun } | null = null;

async function preparedRunOf(env: Env, job: MlJob): Promise<MlPreparedRun> {
  if (cachedRun?.jobId === job.id) return cachedRun.run;
  const run = prepareMlBacktest(job.request, await seriesOf(env, job));
  cachedRun = { jobId: job.id, run };
  return run;
}

async function finishRobustness(env: Env, job: RobustnessJob): Promise<void> {
  const result = summariseChunks(job, await readChunks(env.DB, job.id, job.totalChunks));
  const resultKey = `jobs/${job.id}/result.json`;
  await env.DATASETS.put(resultKey, JSON.stringify(result));
  if (await finishJob(env.DB, job.id, resultKey)) await env.DATASETS.delete(job.seriesKey);
  await notifyJobFinished(env, { jobId: job.id });
}

async function finishMl(env: Env, job: MlJob): Promise<void> {
  const run = await preparedRunOf(env, job);
  const assembled = assembleMlChunks(job, run, await readChunks(env.DB, job.id, job.totalChunks));
  const result = mlResultBody(assembled, await seriesOf(env, job), {
    ...job.data,
    warmupBars: job.warmupBars,
    initialCapital: job.request.initialCapital,
  });
  const stored = await finishMlJob(env.DB, job.id, {
    request: job.request,
    source: job.data.source,
    summary: summaryOf(result.metrics),
    result,
  });
  if (stored) await env.DATASETS.delete(job.seriesKey);
  await notifyJobFinished(env, { jobId: job.id });
}

async function finishWhenComplete(env: Env, jobId: string): Promise<void> {
  const job = await findJob(env.DB, jobId);
  if (!unfinished(job) || job.done < job.totalChunks) return;
  if (job.kind === 'ml') await finishMl(env, job);
  else await finishRobustness(env, job);
}

async function runJobChunk(env: Env, job: Job, chunk: number): Promise<unknown> {
  return job.kind === 'ml'
    ? runMlChunk(job, await preparedRunOf(env, job), chunk)
    : runChunk(job, await seriesOf(env, job), chunk);
}

async function runMessage(env: Env, { jobId, chunk }: JobMessage): Promise<void> {
  const job = await findJob(env.DB, jobId);
  if (!unfinished(job)) return;
  if (!(await hasChunk(env.DB, jobId, chunk))) {
    await storeChunk(env.DB, jobId, chunk, await runJobChunk(env, job, chunk));
  }
  await finishWhenComplete(env, jobId);
}

export async function handleJobBatch(batch: MessageBatch<JobMessage>, env: Env): Promise<void> {
  for (const message of batch.messages) {
    try {
      await runMessage(env, message.body);
      message.ack();
    } catch (error) {
      const reason = error instanceof Error ? error.message : String(error);
      console.error(
        `Job ${message.body.jobId} chunk ${message.body.chunk} failed (attempt ${message.attempts}): ${reason}`,
      );
      await recordChunkError(env.DB, message.body.jobId, reason).catch(() => undefined);
      message.retry();
    }
  }
}

/** Chunks that failed all their attempts: their job fails with the last error seen. */
export async function handleDeadLetters(batch: MessageBatch<JobMessage>, env: Env): Promise<void> {
  for (const message of batch.messages) {
    const { jobId, chunk } = message.body;
    const job = await findJob(env.DB, jobId);
    if (unfinished(job)) {
      const reason = job.lastError ?? 'no error was recorded';
      const failed = await failJob(
        env.DB,
        jobId,
        `Part ${chunk + 1} of ${job.totalChunks} of the ${workOf(job)} ` +
          `kept failing after its retries: ${reason}`,
      );
      if (failed) await env.DATASETS.delete(job.seriesKey);
      if (failed) await notifyJobFinished(env, { jobId });
    }
    message.ack();
  }
}

/** The worker's queue handler: chunks, or dead letters. */
export async function handleQueue(batch: MessageBatch<JobMessage>, env: Env): Promise<void> {
  if (batch.queue === JOBS_DEAD_LETTER_QUEUE) await handleDeadLetters(batch, env);
  else await handleJobBatch(batch, env);
}
