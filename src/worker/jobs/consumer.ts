/**
 * The JOBS queue's consumer (wrangler.toml): each message runs one chunk of a job, dispatched by
 * the job's kind to robustness/, ml/ or ticks/.
 * - Idempotent: a chunk already stored is not run again (a redelivery, or a chunk the sweep sent
 *   again), and storing keeps the first result, so a chunk counts once.
 * - Cancelled, failed, finished or deleted jobs: their messages are acknowledged and skipped.
 * - Starting a chunk renews its lease and counts an attempt (sweep.ts sends chunks whose lease
 *   expired again); past MAX_CHUNK_ATTEMPTS the job fails.
 * - A chunk that throws records its error on the job and is retried; after the queue's
 *   max_retries it goes to the dead-letter queue, whose consumer marks the job failed.
 * - A run on ticks runs its chunks in order: storing one sends the next (ticks/run.ts).
 * - A chunk that throws JobCannotFinish (a limit no retry changes) fails its job at once.
 * - The message that stores the last chunk finishes the job (summary or stored run), once.
 * Every job that ends done or failed goes through onJobFinished.
 */
import {
  failJob,
  findJob,
  hasChunk,
  isLeased,
  recordChunkError,
  startChunk,
  storeChunk,
  type Job,
} from '../db/jobs';
import type { Env } from '../env';
import { onJobFinished } from './finished';
import { finishMlRun, runMlJobChunk } from './ml/run';
import {
  JobCannotFinish,
  JOBS_DEAD_LETTER_QUEUE,
  sendChunks,
  yieldToEventLoop,
  type JobMessage,
} from './queue';
import { finishRobustnessJob, runRobustnessChunk } from './robustness/run';
import { finishTicksRun, runTicksJobChunk } from './ticks/run';
import { workOf } from './series';

/** Starts of one chunk before its job fails: the first try and the queue's 3 retries (wrangler.toml). */
export const MAX_CHUNK_ATTEMPTS = 4;

export const unfinished = (job: Job | null): job is Job =>
  job !== null && (job.state === 'queued' || job.state === 'running');

/** Fails an unfinished job with `error`; false when it had already ended. */
export async function failUnfinishedJob(env: Env, job: Job, error: string): Promise<boolean> {
  if (!(await failJob(env.DB, job.id, error))) return false;
  await onJobFinished(env, job, { state: 'failed', error });
  return true;
}

const partOf = (job: Job, chunk: number) => `Part ${chunk + 1} of ${job.totalChunks} of the ${workOf(job)}`;

/** Finishes the job if every chunk is stored (the last message to store one does it). */
export async function finishWhenComplete(env: Env, jobId: string): Promise<void> {
  const job = await findJob(env.DB, jobId);
  if (!unfinished(job) || job.done < job.totalChunks) return;
  await yieldToEventLoop();
  const finished =
    job.kind === 'ml'
      ? await finishMlRun(env, job)
      : job.kind === 'ticks'
        ? await finishTicksRun(env, job)
        : await finishRobustnessJob(env, job);
  if (finished) await onJobFinished(env, job, { state: 'done' });
}

function runChunk(env: Env, job: Job, chunk: number): Promise<unknown> {
  if (job.kind === 'ml') return runMlJobChunk(env, job, chunk);
  if (job.kind === 'ticks') return runTicksJobChunk(env, job, chunk);
  return runRobustnessChunk(env, job, chunk);
}

/** A run on ticks: the chunk after `chunk`, unless it is stored or already on its way. */
async function sendNextChunk(env: Env, job: Job, chunk: number): Promise<void> {
  const next = chunk + 1;
  if (job.kind !== 'ticks' || next >= job.totalChunks) return;
  if ((await hasChunk(env.DB, job.id, next)) || (await isLeased(env.DB, job.id, next))) return;
  await sendChunks(env.DB, env.JOBS, job.id, [next]);
}

async function runMessage(env: Env, { jobId, chunk }: JobMessage, now: number): Promise<void> {
  const job = await findJob(env.DB, jobId);
  if (!unfinished(job)) return;
  if (!(await hasChunk(env.DB, jobId, chunk))) {
    const attempt = await startChunk(env.DB, jobId, chunk, now);
    if (attempt > MAX_CHUNK_ATTEMPTS) {
      const reason = job.lastError ?? 'it stopped before finishing each time';
      await failUnfinishedJob(env, job, `${partOf(job, chunk)} kept failing after its retries: ${reason}`);
      return;
    }
    let result: unknown;
    try {
      result = await runChunk(env, job, chunk);
    } catch (error) {
      if (!(error instanceof JobCannotFinish)) throw error;
      await failUnfinishedJob(env, job, error.message);
      return;
    }
    await storeChunk(env.DB, jobId, chunk, result);
  }
  await sendNextChunk(env, job, chunk);
  await finishWhenComplete(env, jobId);
}

export async function handleJobBatch(batch: MessageBatch<JobMessage>, env: Env): Promise<void> {
  for (const message of batch.messages) {
    try {
      await runMessage(env, message.body, Date.now());
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
      await failUnfinishedJob(env, job, `${partOf(job, chunk)} kept failing after its retries: ${reason}`);
    }
    message.ack();
  }
}

/** The worker's queue handler: chunks of robustness analyses and ML runs, or dead letters. */
export async function handleQueue(batch: MessageBatch<JobMessage>, env: Env): Promise<void> {
  if (batch.queue === JOBS_DEAD_LETTER_QUEUE) await handleDeadLetters(batch, env);
  else await handleJobBatch(batch, env);
}
