/**
 * The one place a job reaches its final state, done or failed (by the consumer or the
 * scheduled sweep; a cancel is the user's own act and does not come here). Whatever should
 * follow the end of a job (a notification, a metric) is one call added here.
 */
import type { Job } from '../db/jobs';
import type { Env } from '../env';
import { notifyJobFinished } from '../mail/job-finished-mail';
import { deleteJobFiles } from './series';

export type JobOutcome = { state: 'done' } | { state: 'failed'; error: string };

export async function onJobFinished(env: Env, job: Job, outcome: JobOutcome): Promise<void> {
  // The candles (and a run on ticks' trades) were kept for the chunks only.
  await deleteJobFiles(env, job);
  console.log(`Job ${job.id} (${job.kind}) ${outcome.state}`);
  // Mails the owner when they opted in; never throws.
  await notifyJobFinished(env, { jobId: job.id });
}
