/**
 * GET /api/jobs?state=active: the signed-in user's own jobs still queued or running, each with
 * its progress, what it is for and the page that follows it; the query checked by its schema.
 */
import { describe, expect, it } from 'vitest';
import { activeJobsAnswerSchema } from '../../../src/shared/api/jobs';
import { backtestRequestSchema } from '../../../src/shared/backtest-request';
import { requestFingerprint } from '../../../src/shared/request-fingerprint';
import type { JobMessage } from '../../../src/worker/jobs/queue';
import { createToken, verifiedAccount, withToken } from '../api-token-client';
import { TestBrowser, createRun, signUpWithPlan } from '../test-client';
import { FOUR_CHUNKS, ML_JOB_RUN, RULE_RUN, SMALL_GRID, deliver, startHeldJob } from '../jobs/job-fixtures';

const ACTIVE = '/api/jobs?state=active';

async function activeJobsOf(browser: TestBrowser) {
  const res = await browser.request(ACTIVE);
  expect(res.status).toBe(200);
  return activeJobsAnswerSchema.parse(await res.json()).jobs;
}

const startMlJob = (browser: TestBrowser) => startHeldJob(browser, '/api/backtests', ML_JOB_RUN, FOUR_CHUNKS);

describe('GET /api/jobs?state=active', () => {
  it('asks for a session', async () => {
    const res = await new TestBrowser().request(ACTIVE);
    expect(res.status).toBe(401);
  });

  it.each([
    ['no state', '/api/jobs'],
    ['a state it does not list', '/api/jobs?state=done'],
  ])('answers 400 on the state field for %s', async (_, path) => {
    const { browser } = await signUpWithPlan('pro');
    const res = await browser.request(path);
    expect(res.status).toBe(400);
    const { error } = (await res.json()) as { error: { fields: { path: string; message: string }[] } };
    expect(error.fields).toEqual([{ path: 'state', message: 'List the jobs in flight with state=active' }]);
  });

  it('is empty for a user without jobs in flight', async () => {
    const { browser } = await signUpWithPlan('pro');
    expect(await activeJobsOf(browser)).toEqual([]);
  });

  it('lists a queued ML run with its progress, its instrument, its request’s fingerprint and the builder’s link', async () => {
    const { browser } = await signUpWithPlan('pro');
    const { jobId } = await startMlJob(browser);
    const [job, ...others] = await activeJobsOf(browser);
    expect(others).toEqual([]);
    expect(job).toEqual({
      id: jobId,
      kind: 'ml',
      state: 'queued',
      done: 0,
      total: 4,
      subject: { exchange: 'US', stock: 'AAPL', timeframe: '1 day', backtestId: null },
      requestFingerprint: requestFingerprint(backtestRequestSchema.parse(ML_JOB_RUN)),
      link: `/BacktestingForm?job=${jobId}`,
      createdAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/) as string,
    });
  });

  it('follows the run as it runs, and leaves it out once it is done', async () => {
    const { browser } = await signUpWithPlan('pro');
    const { jobId, queue } = await startMlJob(browser);
    const [first, ...rest] = queue.take() as [JobMessage, ...JobMessage[]];
    await deliver([first]);
    expect(await activeJobsOf(browser)).toMatchObject([{ id: jobId, state: 'running', done: 1, total: 4 }]);
    await deliver(rest);
    expect(await activeJobsOf(browser)).toEqual([]);
  });

  it('leaves out a cancelled job', async () => {
    const { browser } = await signUpWithPlan('pro');
    const { jobId } = await startMlJob(browser);
    expect((await browser.request(`/api/jobs/${jobId}`, { method: 'DELETE' })).status).toBe(200);
    expect(await activeJobsOf(browser)).toEqual([]);
  });

  it('lists a robustness analysis under the run it analyses, linked to that run’s Robustness tab', async () => {
    const { browser } = await signUpWithPlan('pro');
    const { id } = await createRun(browser, RULE_RUN);
    const { jobId } = await startHeldJob(browser, `/api/backtests/${id}/robustness`, SMALL_GRID);
    expect(await activeJobsOf(browser)).toMatchObject([
      {
        id: jobId,
        kind: 'robustness',
        state: 'queued',
        done: 0,
        total: 1,
        subject: { exchange: 'US', stock: 'AAPL', timeframe: '1 day', backtestId: id },
        requestFingerprint: null,
        link: `/backtests/${id}?tab=robustness`,
      },
    ]);
  });

  it('lists both kinds oldest first, and only the user’s own (an admin’s list is theirs too)', async () => {
    const { browser: owner } = await signUpWithPlan('pro');
    const { jobId: mlJob } = await startMlJob(owner);
    const { id } = await createRun(owner, RULE_RUN);
    const { jobId: analysis } = await startHeldJob(owner, `/api/backtests/${id}/robustness`, SMALL_GRID);
    expect((await activeJobsOf(owner)).map((job) => job.id)).toEqual([mlJob, analysis]);

    const { browser: stranger } = await signUpWithPlan('pro');
    expect(await activeJobsOf(stranger)).toEqual([]);
    const { browser: admin } = await signUpWithPlan('enterprise', 'admin');
    expect(await activeJobsOf(admin)).toEqual([]);
  });

  it('answers a read token, as a script follows its runs', async () => {
    const { browser } = await verifiedAccount('active-jobs');
    const { token } = await createToken(browser, 'read');
    const res = await withToken(token, ACTIVE);
    expect(res.status).toBe(200);
    expect(activeJobsAnswerSchema.parse(await res.json())).toEqual({ jobs: [] });
  });
});
