/**
 * The scheduled sweep (a cron trigger every minute, wrangler.toml; `npm run dev` triggers it on
 * the same schedule): no job stays queued or running for ever. A chunk whose lease expired (its
 * message was lost, or the server stopped while it ran) is sent again, up to MAX_CHUNK_ATTEMPTS
 * tries, each a start or, for a message lost before any consumer started it, a send; then its
 * job fails with a message the user understands (and gives its unit of the month's quota back,
 * see runsThisMonthSql). While the queue is moving (a chunk started or stored within the last
 * lease), expired leases are left alone: their chunks may be waiting behind others, and sending
 * them again would count tries they never had. A job whose chunks are all stored but which was
 * not finished is finished here. With a lease of one minute, a job stopped mid-chunk resumes at
 * the first sweep at least LEASE_MS after its chunk started, so within two sweeps.
 */
import {
  expiredLeases,
  findJob,
  queueMovedSince,
  unfinishedCompleteJobs,
  type ExpiredLease,
} from '../db/jobs';
import type { Env } from '../env';
import { failUnfinishedJob, finishWhenComplete, MAX_CHUNK_ATTEMPTS, unfinished } from './consumer';
import { sendChunks } from './queue';
import { workOf } from './series';

/** How long a sent or started chunk may go without its result before it is sent again. */
export const LEASE_MS = 60_000;

export interface SweepReport {
  /** Chunks sent again. */
  resent: number;
  failed: number;
  finished: number;
}

/** Times a chunk was tried: started, or sent when its messages were lost before a start. */
const triesOf = (lease: ExpiredLease) => Math.max(lease.attempt, lease.sends);

function byJob(leases: ExpiredLease[]): Map<string, ExpiredLease[]> {
  const jobs = new Map<string, ExpiredLease[]>();
  for (const lease of leases) jobs.set(lease.jobId, [...(jobs.get(lease.jobId) ?? []), lease]);
  return jobs;
}

export async function sweepJobs(env: Env, now = Date.now()): Promise<SweepReport> {
  const report: SweepReport = { resent: 0, failed: 0, finished: 0 };
  const expired = (await queueMovedSince(env.DB, now - LEASE_MS))
    ? []
    : await expiredLeases(env.DB, now - LEASE_MS);
  for (const [jobId, leases] of byJob(expired)) {
    const job = await findJob(env.DB, jobId);
    if (!unfinished(job)) continue;
    const exhausted = leases.find((lease) => triesOf(lease) >= MAX_CHUNK_ATTEMPTS);
    if (exhausted) {
      const error =
        `Part ${exhausted.chunk + 1} of ${job.totalChunks} of the ${workOf(job)} stopped before finishing ` +
        `${triesOf(exhausted)} times, so the ${workOf(job)} was stopped. It does not count toward this month's ` +
        'backtests; please start it again.';
      if (await failUnfinishedJob(env, job, error)) report.failed++;
      continue;
    }
    await sendChunks(
      env.DB,
      env.JOBS,
      jobId,
      leases.map((lease) => lease.chunk),
      now,
    );
    report.resent += leases.length;
  }
  for (const job of await unfinishedCompleteJobs(env.DB, now - LEASE_MS)) {
    await finishWhenComplete(env, job.id);
    report.finished++;
  }
  return report;
}
