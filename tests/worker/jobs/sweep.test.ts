/**
 * Faults of the JOBS queue and the scheduled sweep that repairs them: a chunk that throws, a
 * message dropped, a message delivered twice, a server stopped mid-chunk. The sweep runs with
 * an injected clock (minutes after the chunks were leased), never a real wait.
 */
import {
  createExecutionContext,
  createScheduledController,
  env,
  waitOnExecutionContext,
} from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import worker from '../../../src/worker/index';
import { MAX_CHUNK_ATTEMPTS } from '../../../src/worker/jobs/consumer';
import type { JobMessage } from '../../../src/worker/jobs/queue';
import { LEASE_MS, sweepJobs } from '../../../src/worker/jobs/sweep';
import { startChunk } from '../../../src/worker/db/jobs';
import { signUpWithPlan, type TestBrowser } from '../test-client';
import {
  deliver,
  FOUR_CHUNKS,
  type HeldQueue,
  jobOf,
  ML_JOB_RUN,
  rowsOf,
  startHeldJob,
  usedThisMonth,
} from './job-fixtures';

const MINUTE = 60_000;

const startHeld = (browser: TestBrowser) => startHeldJob(browser, '/api/backtests', ML_JOB_RUN, FOUR_CHUNKS);

/** The messages the sweep sent for `jobId` (other tests' jobs share the database). */
const mine = (queue: HeldQueue, jobId: string) => queue.take().filter((message) => message.jobId === jobId);

/** The sweep as the cron runs it, at `now`, sending to `queue`. */
const sweepAt = (queue: HeldQueue, now: number) =>
  sweepJobs({ ...env, JOBS: queue as unknown as Queue<JobMessage> }, now);

/**
 * The job failed because part 1 ran out of attempts. A server-side failure gives the quota
 * back; its rows and candles are gone. Returns the failed job.
 */
async function expectStoppedAfterLastAttempt(browser: TestBrowser, jobId: string) {
  const failed = await jobOf(browser, jobId);
  expect(failed.state).toBe('failed');
  expect(failed.error).toBe(
    `Part 1 of 4 of the ML run stopped before finishing ${MAX_CHUNK_ATTEMPTS} times, so the ML run was stopped. ` +
      "It does not count toward this month's backtests; please start it again.",
  );
  expect(await usedThisMonth(browser)).toBe(0);
  expect(await rowsOf('job_chunks', jobId)).toBe(0);
  expect(await rowsOf('job_chunk_leases', jobId)).toBe(0);
  expect(await env.DATASETS.get(`jobs/${jobId}/series.bin`)).toBeNull();
  return failed;
}

describe('the job sweep', () => {
  it('repairs a thrown chunk, a dropped message and a duplicate: the job ends done, each chunk stored once', async () => {
    const { browser } = await signUpWithPlan('pro');
    const { jobId, queue } = await startHeld(browser);
    const [first, second, third, fourth] = queue.take() as [JobMessage, JobMessage, JobMessage, JobMessage];
    expect(await rowsOf('job_chunk_leases', jobId)).toBe(4);

    // Delivered twice: stored once.
    expect((await deliver([first])).acked).toEqual(['m0']);
    expect((await deliver([first])).acked).toEqual(['m0']);
    expect(await jobOf(browser, jobId)).toMatchObject({ state: 'running', done: 1, total: 4 });

    // Throws (the job's fold count briefly disagrees with its candles): retried by the queue,
    // which then loses it.
    const folds = (await env.DB.prepare('SELECT configurations AS n FROM jobs WHERE id = ?1')
      .bind(jobId)
      .first<{ n: number }>())!.n;
    const setFolds = (n: number) =>
      env.DB.prepare('UPDATE jobs SET configurations = ?2 WHERE id = ?1').bind(jobId, n).run();
    await setFolds(folds + 1);
    expect((await deliver([second])).retried).toEqual(['m0']);
    await setFolds(folds);
    // Dropped: `third` is never delivered. `fourth` runs.
    await deliver([fourth]);
    expect(await jobOf(browser, jobId)).toMatchObject({ state: 'running', done: 2 });

    // Within the lease nothing is sent again; once it has expired, the two missing chunks are.
    const leasedAt = Date.now();
    await sweepAt(queue, leasedAt);
    expect(mine(queue, jobId)).toEqual([]);
    await sweepAt(queue, leasedAt + LEASE_MS + MINUTE);
    expect(mine(queue, jobId)).toEqual([second, third]);
    await deliver([second, third]);
    const done = await jobOf(browser, jobId);
    expect(done).toMatchObject({ state: 'done', done: 4, total: 4 });
    expect(done.backtestId).toEqual(expect.any(String));
    expect(await rowsOf('job_chunks', jobId)).toBe(0);
    expect(await rowsOf('job_chunk_leases', jobId)).toBe(0);
    expect(await usedThisMonth(browser)).toBe(1);
  });

  it('resumes a job stopped mid-chunk at the first sweep after its lease, and fails it after the last attempt', async () => {
    const { browser } = await signUpWithPlan('pro');
    const { jobId, queue } = await startHeld(browser);
    queue.take();
    expect(await usedThisMonth(browser)).toBe(1);
    const started = Date.now();

    // The server stops while chunk 0 runs, each time: the sweeps every minute send it again.
    const resumedAfter: number[] = [];
    let clock = started;
    for (let attempt = 1; attempt <= MAX_CHUNK_ATTEMPTS; attempt++) {
      const leasedAt = clock;
      expect(await startChunk(env.DB, jobId, 0, leasedAt)).toBe(attempt);
      // The next sweeps, one a minute, until one sends chunk 0 again (or fails the job).
      let resent: boolean;
      do {
        clock += MINUTE;
        await sweepAt(queue, clock);
        resent = mine(queue, jobId).some((message) => message.chunk === 0);
      } while (!resent && (await jobOf(browser, jobId)).state !== 'failed');
      if (attempt < MAX_CHUNK_ATTEMPTS) {
        expect(resent).toBe(true);
        resumedAfter.push(clock - leasedAt);
      }
    }
    expect(resumedAfter).toHaveLength(MAX_CHUNK_ATTEMPTS - 1);
    // One lease (a minute), plus at most a minute to the next sweep.
    for (const wait of resumedAfter) expect(wait).toBeLessThanOrEqual(LEASE_MS + MINUTE);

    await expectStoppedAfterLastAttempt(browser, jobId);
  });

  it('fails a job whose chunk is sent but never started, after as many sends as a started chunk gets', async () => {
    const { browser } = await signUpWithPlan('pro');
    const { jobId, queue } = await startHeld(browser);
    const [first, ...others] = queue.take() as [JobMessage, ...JobMessage[]];
    // Every chunk but the first runs; the first's message is lost each time it is sent.
    await deliver(others);
    expect(await jobOf(browser, jobId)).toMatchObject({ state: 'running', done: 3, total: 4 });
    expect(await usedThisMonth(browser)).toBe(1);
    // The clock of the sweeps starts just after the chunks were sent and the others stored.
    const sentAt = Date.now() + 1;

    // The sweeps, one a minute, until the job fails: each send of the lost chunk, in ms after
    // the first.
    const sends = [0];
    let clock = sentAt;
    while ((await jobOf(browser, jobId)).state === 'running') {
      clock += MINUTE;
      await sweepAt(queue, clock);
      for (const message of mine(queue, jobId)) {
        expect(message).toEqual(first);
        sends.push(clock - sentAt);
      }
    }
    const failedAfter = clock - sentAt;
    // Sent again at the first sweep more than a lease after each send: a sweep's own send is
    // exactly a lease old at the next sweep, so the one after sends it. Failed after the
    // fourth send's lease, as a chunk started four times is.
    expect(sends).toHaveLength(MAX_CHUNK_ATTEMPTS);
    expect(sends).toEqual([0, 1, 3, 5].map((minutes) => minutes * MINUTE));
    expect(failedAfter).toBe(7 * MINUTE);

    expect((await expectStoppedAfterLastAttempt(browser, jobId)).done).toBe(3);
  }, 30_000);

  it('leaves chunks waiting behind others alone while the queue moves, and sends them once it has stopped', async () => {
    const { browser } = await signUpWithPlan('pro');
    const { jobId, queue } = await startHeld(browser);
    const [first, second, ...rest] = queue.take() as [JobMessage, JobMessage, ...JobMessage[]];
    await deliver([first]);
    // Past the chunks' leases, but before the later tests' sweeps (they share the database).
    const clock = Date.now() + 2 * MINUTE;
    // A chunk of some job was stored half a lease ago: the queue is busy, not stuck.
    await env.DB.prepare('UPDATE jobs SET updated_at = ?2 WHERE id = ?1')
      .bind(jobId, new Date(clock - LEASE_MS / 2).toISOString())
      .run();
    expect(await sweepAt(queue, clock)).toMatchObject({ resent: 0, failed: 0 });
    expect(mine(queue, jobId)).toEqual([]);
    const sends = await env.DB.prepare('SELECT max(sends) AS n FROM job_chunk_leases WHERE job_id = ?1')
      .bind(jobId)
      .first<{ n: number }>();
    expect(sends!.n).toBe(1);

    // Nothing has moved for a lease: the three chunks never started are sent again.
    await sweepAt(queue, clock + LEASE_MS);
    expect(mine(queue, jobId)).toEqual([second, ...rest]);
  });

  it('keeps the quota of a cancelled job and deletes its chunk rows', async () => {
    const { browser } = await signUpWithPlan('pro');
    const { jobId, queue } = await startHeld(browser);
    await deliver([queue.take()[0]!]);
    expect(await rowsOf('job_chunks', jobId)).toBe(1);
    expect((await browser.request(`/api/jobs/${jobId}`, { method: 'DELETE' })).status).toBe(200);
    expect(await usedThisMonth(browser)).toBe(1);
    expect(await rowsOf('job_chunks', jobId)).toBe(0);
    expect(await rowsOf('job_chunk_leases', jobId)).toBe(0);
    await sweepAt(queue, Date.now() + 10 * MINUTE);
    expect(mine(queue, jobId)).toEqual([]);
  });

  it('runs from the every-minute cron of wrangler.toml', async () => {
    const { browser } = await signUpWithPlan('pro');
    const { jobId } = await startHeld(browser);
    const ctx = createExecutionContext();
    // Ten minutes on: the chunks' leases have expired, so the sweep sends them to the real queue.
    const controller = createScheduledController({
      cron: '* * * * *',
      scheduledTime: Date.now() + 10 * MINUTE,
    });
    await worker.scheduled(controller, env, ctx);
    await waitOnExecutionContext(ctx);
    const leases = await env.DB.prepare('SELECT min(leased_at) AS at FROM job_chunk_leases WHERE job_id = ?1')
      .bind(jobId)
      .first<{ at: number | null }>();
    expect(leases!.at === null || leases!.at >= Date.now() + 9 * MINUTE).toBe(true);
  });
});
