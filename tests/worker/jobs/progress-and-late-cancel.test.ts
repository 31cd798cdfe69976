/**
 * What the page reads while a job runs and when a cancel comes too late: the job shows as
 * running from the start of its first chunk (never "queued" for a whole run), and cancelling a
 * job that has already finished answers 409 and leaves its result as it was.
 */
import { env } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import { jobAnswerSchema } from '../../../src/shared/api/robustness';
import type { JobMessage } from '../../../src/worker/jobs/queue';
import { signUpWithPlan, type TestBrowser, createRun } from '../test-client';
import {
  deliver,
  FOUR_CHUNKS,
  jobOf,
  ML_JOB_RUN,
  RULE_RUN,
  SMALL_GRID,
  startHeldJob,
  usedThisMonth,
} from './job-fixtures';

const startMlJob = (browser: TestBrowser) => startHeldJob(browser, '/api/backtests', ML_JOB_RUN, FOUR_CHUNKS);

const setFolds = (jobId: string, folds: number) =>
  env.DB.prepare('UPDATE jobs SET configurations = ?2 WHERE id = ?1').bind(jobId, folds).run();

describe('a job as the page follows it', () => {
  it('is running, 0 of 4 parts, once its first chunk has started, and counts each stored chunk', async () => {
    const { browser } = await signUpWithPlan('pro');
    const { jobId, queue } = await startMlJob(browser);
    const [first, second] = queue.take() as [JobMessage, JobMessage];
    expect(await jobOf(browser, jobId)).toMatchObject({ state: 'queued', done: 0, total: 4 });

    // The first chunk starts, then throws before storing anything (its folds briefly disagree
    // with the candles): what a poll sees while a first chunk runs.
    const folds = (await env.DB.prepare('SELECT configurations AS n FROM jobs WHERE id = ?1')
      .bind(jobId)
      .first<{ n: number }>())!.n;
    await setFolds(jobId, folds + 1);
    expect((await deliver([first])).retried).toEqual(['m0']);
    await setFolds(jobId, folds);
    expect(await jobOf(browser, jobId)).toMatchObject({ state: 'running', done: 0, total: 4 });

    await deliver([first]);
    expect(await jobOf(browser, jobId)).toMatchObject({ state: 'running', done: 1, total: 4 });
    await deliver([second]);
    expect(await jobOf(browser, jobId)).toMatchObject({ state: 'running', done: 2, total: 4 });
  });
});

describe('cancelling a job that has already finished', () => {
  it('answers 409 for a done ML run, which keeps its stored run and its unit of quota', async () => {
    const { browser } = await signUpWithPlan('pro');
    const { jobId, queue } = await startMlJob(browser);
    await deliver(queue.take());
    const done = await jobOf(browser, jobId);
    expect(done).toMatchObject({ state: 'done', done: 4, total: 4 });

    const late = await browser.request(`/api/jobs/${jobId}`, { method: 'DELETE' });
    expect(late.status).toBe(409);
    expect(await late.json()).toMatchObject({ error: { message: 'This job has already finished (done).' } });
    expect(await jobOf(browser, jobId)).toEqual(done);
    expect((await browser.request(`/api/backtests/${done.backtestId}`)).status).toBe(200);
    expect(await usedThisMonth(browser)).toBe(1);
  });

  it('answers 409 for a done robustness analysis, whose result stays readable', async () => {
    const { browser } = await signUpWithPlan('pro');
    const { id } = await createRun(browser, RULE_RUN);
    const { jobId, queue } = await startHeldJob(browser, `/api/backtests/${id}/robustness`, SMALL_GRID);
    await deliver(queue.take());

    const late = await browser.request(`/api/jobs/${jobId}`, { method: 'DELETE' });
    expect(late.status).toBe(409);
    expect(await late.json()).toMatchObject({ error: { message: 'This job has already finished (done).' } });
    const answer = jobAnswerSchema.parse(await (await browser.request(`/api/jobs/${jobId}`)).json());
    expect(answer).toMatchObject({ state: 'done', done: 1, total: 1, configurations: 2 });
    expect(answer.result?.configurations).toHaveLength(2);
  });
});
