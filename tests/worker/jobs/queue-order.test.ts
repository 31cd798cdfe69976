/**
 * One job after another through the real local JOBS queue (miniflare's broker and the worker's
 * consumer): a 4-chunk ML run, then a robustness analysis, then another ML run all end done,
 * each started only after the previous one ended, as a user clicking through the app would.
 */
import { describe, expect, it } from 'vitest';
import { signUpWithPlan, createRun } from '../test-client';
import { FOUR_CHUNKS, ML_JOB_RUN, RULE_RUN, SMALL_GRID, untilEnded } from './job-fixtures';

describe('the JOBS queue after a job', () => {
  it('runs an ML job, then an analysis, then another ML job, each to done', async () => {
    const { browser } = await signUpWithPlan('pro');

    const first = await browser.request('/api/backtests', { json: ML_JOB_RUN }, FOUR_CHUNKS);
    expect(first.status).toBe(202);
    const { jobId: firstJob } = (await first.json()) as { jobId: string };
    const firstSeen = await untilEnded(browser, firstJob);
    expect(firstSeen.at(-1)).toMatchObject({ state: 'done', done: 4, total: 4 });

    const { id } = await createRun(browser, RULE_RUN);
    const analysis = await browser.request(`/api/backtests/${id}/robustness`, { json: SMALL_GRID });
    expect(analysis.status).toBe(202);
    const { jobId: analysisJob } = (await analysis.json()) as { jobId: string };
    expect((await untilEnded(browser, analysisJob)).at(-1)).toMatchObject({
      state: 'done',
      done: 1,
      total: 1,
    });

    const second = await browser.request('/api/backtests', { json: ML_JOB_RUN }, FOUR_CHUNKS);
    expect(second.status).toBe(202);
    const { jobId: secondJob } = (await second.json()) as { jobId: string };
    const secondSeen = await untilEnded(browser, secondJob);
    expect(secondSeen.at(-1)).toMatchObject({ state: 'done', done: 4, total: 4 });
    // Progress shows chunk by chunk: never back, and never "queued" once a chunk is stored.
    const dones = secondSeen.map((job) => job.done);
    expect(dones).toEqual([...dones].sort((a, b) => a - b));
    for (const job of secondSeen) if (job.done > 0) expect(job.state).not.toBe('queued');
  }, 60_000);
});
