import { env } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import { runSweep } from '../../../src/engine/sweep/sweep';
import { deflateOverTried } from '../../../src/engine/robustness/trials-deflation';
import type { BacktestRequest } from '../../../src/shared/backtest-request';
import { jobAnswerSchema } from '../../../src/shared/api/robustness';
import { loadRunCandles, runSeries } from '../../../src/worker/backtests/run-series';
import { requiredWarmupBars } from '../../../src/worker/backtests/warmup';
import { JOBS_QUEUE } from '../../../src/worker/jobs/queue';
import { countRows, signUpWithPlan, TestBrowser, createRun } from '../test-client';
import { deliver, jobOf, rowsOf, startHeldJob, untilEnded, usedThisMonth } from '../jobs/job-fixtures';
import { backtestRequest, percentStopLoss } from '../../fixtures/requests';

/** SMA 10/20 crossings on AAPL's synthetic hourly bars over two months: a run that trades. */
const RUN = backtestRequest({ exitCriteria: percentStopLoss('5') });

/** 3 x 3 x 4 = 36 configurations: two chunks of at most 25. */
const GRID = {
  'entry.parameters.0.additionalFields1.Timeframe': [6, 8, 10],
  'entry.parameters.0.additionalFields2.Timeframe': [16, 20, 24],
  'exitCriteria.stopLoss.value': [2, 3, 5, 8],
};

/** A new account on `plan` with one stored run of RUN to analyse. */
async function signedIn(plan: 'basic' | 'pro' | 'enterprise' = 'pro') {
  const { browser, id: userId } = await signUpWithPlan(plan);
  const { id } = await createRun(browser, RUN);
  return { browser, userId, backtestId: id };
}

const analyse = (browser: TestBrowser, backtestId: string, body: object, bindings = {}) =>
  browser.request(`/api/backtests/${backtestId}/robustness`, { json: body }, bindings);

const startHeld = (browser: TestBrowser, backtestId: string, body: object = { grid: GRID }) =>
  startHeldJob(browser, `/api/backtests/${backtestId}/robustness`, body);

describe('robustness jobs through the JOBS queue', () => {
  it('runs a sweep to done through env.JOBS and the real consumer, equal to runSweep in one piece', async () => {
    const { browser, userId, backtestId } = await signedIn('pro');
    const res = await analyse(browser, backtestId, { grid: GRID, blocks: 4, walkForward: { windows: 2 } });
    expect(res.status).toBe(202);
    const { jobId } = (await res.json()) as { jobId: string };

    const seen = await untilEnded(browser, jobId, jobAnswerSchema);
    const final = seen.at(-1)!;
    expect(final.state).toBe('done');
    // Two sweep chunks and the walk-forward; progress never goes back.
    expect(final).toMatchObject({ done: 3, total: 3, configurations: 36 });
    const dones = seen.map((job) => job.done);
    expect(dones).toEqual([...dones].sort((a, b) => a - b));
    for (const job of seen) expect(['queued', 'running', 'done']).toContain(job.state);

    // The same sweep run at once on the same candles.
    const request = (
      (await (await browser.request(`/api/backtests/${backtestId}`)).json()) as { request: BacktestRequest }
    ).request;
    const answer = await loadRunCandles(env, request, userId, requiredWarmupBars(request));
    const whole = runSweep(request, runSeries(request, answer.candles), GRID, {
      warmupBars: answer.warmupBars,
      pboBlocks: 4,
    });
    const result = final.result!;
    expect(result.configurations).toHaveLength(36);
    result.configurations.forEach((configuration, index) => {
      expect(configuration.index).toBe(index);
      expect(configuration.settings).toEqual(whole.configurations[index]!.settings);
      expect(configuration.metrics.totalReturnPct).toBe(whole.configurations[index]!.metrics.totalReturnPct);
      expect(configuration.metrics.tradeCount).toBe(whole.configurations[index]!.metrics.tradeCount);
    });
    expect(result.pbo?.pbo).toBe(whole.summary!.pbo!.pbo);
    expect(result.pbo?.splits).toBe(6); // C(4, 2)
    // The DSR served counts the user's run and the 36 configurations as its trials.
    expect(result.dsr).toEqual(deflateOverTried(whole.summary!.dsr!, { count: 37, sharpeVariance: null }));
    expect(result.dsr!.dsr).toBeLessThan(whole.summary!.dsr!.dsr);
    expect(result.psr).toBe(whole.summary!.dsr!.psr);
    expect(result.suggestion?.settings).toEqual(whole.summary!.suggestion!.settings);
    expect(result.walkForward?.windows).toHaveLength(2);
    expect(result.walkForward!.equity.t.length).toBe(result.walkForward!.equity.equity.length);
    // Each window ends on its own last bar: the bar before the next window's first.
    const times = Array.from(runSeries(request, answer.candles).t);
    const barBefore = (time: number) => times[times.indexOf(time) - 1];
    const [first, second] = result.walkForward!.windows;
    expect(first!.trainLast).toBe(barBefore(first!.testFrom));
    expect(first!.testLast).toBe(barBefore(second!.testFrom));
    expect(second!.trainLast).toBe(barBefore(second!.testFrom));
    expect(second!.testLast).toBe(times.at(-1));

    // Finished: the chunk rows and the stored candles are gone, the result is in R2.
    expect(await rowsOf('job_chunks', jobId)).toBe(0);
    expect(await env.DATASETS.get(`jobs/${jobId}/series.bin`)).toBeNull();
  });

  it('counts an analysis as one backtest of the month', async () => {
    const { browser, backtestId } = await signedIn('pro');
    expect(await usedThisMonth(browser)).toBe(1);
    await startHeld(browser, backtestId);
    expect(await usedThisMonth(browser)).toBe(2);
  });

  it('answers 402 naming the limit: 50 configurations on Basic, the monthly runs, and counts the analysis', async () => {
    const { browser, userId, backtestId } = await signedIn('basic');
    // 3 x 3 x 6 = 54 configurations.
    const large = { grid: { ...GRID, 'exitCriteria.stopLoss.value': [1, 2, 3, 4, 5, 6] } };
    const tooLarge = await analyse(browser, backtestId, large);
    expect(tooLarge.status).toBe(402);
    const body = (await tooLarge.json()) as { error: { code: string; message: string } };
    expect(body.error.message).toContain('Basic plan allows 50 configurations per robustness analysis');
    expect(body.error.message).toContain('this grid has 54');

    // The run and 3 more backtests, then one analysis: the 5 runs of Basic.
    for (let i = 0; i < 3; i++) {
      await env.DB.prepare(
        `INSERT INTO backtests (id, user_id, exchange, stock, timeframe, mode, source, request_json, summary_json, result_json)
         SELECT ?1, user_id, exchange, stock, timeframe, mode, source, request_json, summary_json, 'null' FROM backtests WHERE id = ?2`,
      )
        .bind(crypto.randomUUID(), backtestId)
        .run();
    }
    await startHeld(browser, backtestId);
    const overMonth = await analyse(browser, backtestId, { grid: GRID });
    expect(overMonth.status).toBe(402);
    expect(((await overMonth.json()) as { error: { message: string } }).error.message).toContain(
      'Please upgrade your membership to generate backtesting results.',
    );
    expect((await browser.request('/api/backtests', { json: RUN })).status).toBe(402);
    expect(await countRows('jobs', 'user_id', userId)).toBe(1);
  });

  it('answers 400 with field paths for a bad body or a grid that does not fit the run', async () => {
    const { browser, backtestId } = await signedIn('pro');
    const odd = await analyse(browser, backtestId, { blocks: 5, walkForward: { windows: 0 } });
    expect(odd.status).toBe(400);
    const oddFields = ((await odd.json()) as { error: { fields: { path: string }[] } }).error.fields.map(
      (f) => f.path,
    );
    expect(oddFields).toEqual(expect.arrayContaining(['blocks', 'walkForward.windows']));

    const misfit = await analyse(browser, backtestId, {
      grid: { 'entry.parameters.3.additionalFields1.Timeframe': [5, 10] },
    });
    expect(misfit.status).toBe(400);
    const { error } = (await misfit.json()) as {
      error: { message: string; fields: { path: string; message: string }[] };
    };
    expect(error.fields).toEqual([
      {
        path: 'grid.entry.parameters.3.additionalFields1.Timeframe',
        message: expect.stringContaining('no entry.parameters row 3'),
      },
    ]);
  });

  it('answers 400 when the run has too few bars for the walk-forward windows asked', async () => {
    const { browser } = await signedIn('pro');
    // Two days of hourly bars (14): 20 windows need at least 24 (a test bar and 4 training bars each).
    const short = await browser.request('/api/backtests', {
      json: { ...RUN, fromDate: '2023-09-05', toDate: '2023-09-06' },
    });
    const { id } = (await short.json()) as { id: string };
    const refused = await analyse(browser, id, { grid: GRID, walkForward: { windows: 20 } });
    expect(refused.status).toBe(400);
    const { error } = (await refused.json()) as { error: { fields: { path: string; message: string }[] } };
    expect(error.fields).toEqual([
      { path: 'walkForward.windows', message: expect.stringMatching(/^14 bars are too few for 20 windows/) },
    ]);
    expect((await analyse(browser, id, { grid: GRID, walkForward: { windows: 2 } })).status).toBe(202);
  });

  it('sweeps the default grid when none is given: the run’s settings +-50% in 5 steps', async () => {
    const { browser, backtestId } = await signedIn('enterprise');
    const { jobId, queue } = await startHeld(browser, backtestId, {});
    const job = await jobOf(browser, jobId, jobAnswerSchema);
    // Four SMA periods and the stop: 5^5 configurations, 125 chunks, all sent.
    expect(job).toMatchObject({ state: 'queued', done: 0, configurations: 3125, total: 125 });
    expect(queue.messages.map((m) => m.chunk)).toEqual(Array.from({ length: 125 }, (_, i) => i));
  });

  it("shrinks the default grid to the plan's limit: a Basic user's fits its 50 configurations", async () => {
    const { browser, backtestId } = await signedIn('basic');
    const { jobId } = await startHeld(browser, backtestId, {});
    // The five axes narrow to 3 steps, then the last two are left out: 3^3.
    expect(await jobOf(browser, jobId, jobAnswerSchema)).toMatchObject({
      state: 'queued',
      configurations: 27,
    });
  });

  it('counts a chunk delivered twice once, and does not recompute a stored chunk', async () => {
    const { browser, backtestId } = await signedIn('pro');
    const { jobId, queue } = await startHeld(browser, backtestId);
    expect(queue.messages).toEqual([
      { jobId, chunk: 0 },
      { jobId, chunk: 1 },
    ]);
    const first = await deliver([
      { jobId, chunk: 0 },
      { jobId, chunk: 0 },
    ]);
    expect(first).toEqual({ acked: ['m0', 'm1'], retried: [] });
    const running = await jobOf(browser, jobId, jobAnswerSchema);
    expect(running).toMatchObject({ state: 'running', done: 1, total: 2 });
    // Results fill in as chunks finish: the first chunk's 25 configurations, in grid order.
    expect(running.partial!.configurations.map((c) => c.index)).toEqual([...Array(25).keys()]);
    expect(running.partial!.configurations[0]!.settings).toEqual({
      'entry.parameters.0.additionalFields1.Timeframe': 6,
      'entry.parameters.0.additionalFields2.Timeframe': 16,
      'exitCriteria.stopLoss.value': 2,
    });
    expect(typeof running.partial!.configurations[0]!.metrics.sharpe).not.toBe('undefined');
    expect(await rowsOf('job_chunks', jobId)).toBe(1);

    // With a grid that no longer fits the run a chunk cannot run: chunk 0 is still acked
    // (stored, so not run again), chunk 1 throws and is retried.
    const grid = await env.DB.prepare('SELECT grid_json FROM jobs WHERE id = ?1')
      .bind(jobId)
      .first<{ grid_json: string }>();
    await env.DB.prepare(`UPDATE jobs SET grid_json = '{"exitCriteria.nothing.value":[1]}' WHERE id = ?1`)
      .bind(jobId)
      .run();
    expect(
      await deliver([
        { jobId, chunk: 0 },
        { jobId, chunk: 1 },
      ]),
    ).toEqual({ acked: ['m0'], retried: ['m1'] });
    expect(await jobOf(browser, jobId, jobAnswerSchema)).toMatchObject({ state: 'running', done: 1 });

    // Resumed: the grid is back, chunk 1 runs and the job is done.
    await env.DB.prepare('UPDATE jobs SET grid_json = ?2 WHERE id = ?1').bind(jobId, grid!.grid_json).run();
    expect(await deliver([{ jobId, chunk: 1 }], JOBS_QUEUE, 2)).toEqual({ acked: ['m0'], retried: [] });
    const done = await jobOf(browser, jobId, jobAnswerSchema);
    expect(done).toMatchObject({ state: 'done', done: 2, total: 2 });
    expect(done.result!.configurations).toHaveLength(36);
    expect(done.partial).toBeUndefined();
    // The partial configurations were the final ones.
    expect(done.result!.configurations.slice(0, 25)).toEqual(running.partial!.configurations);
    // A late redelivery after the end changes nothing.
    expect(await deliver([{ jobId, chunk: 1 }])).toEqual({ acked: ['m0'], retried: [] });
    expect((await jobOf(browser, jobId, jobAnswerSchema)).state).toBe('done');
  });

  it('retries a chunk that throws, then the dead-letter queue fails the job with a message', async () => {
    const { browser, backtestId } = await signedIn('pro');
    const { jobId } = await startHeld(browser, backtestId);
    await env.DATASETS.delete(`jobs/${jobId}/series.bin`);
    // Through the real queue: max_retries = 3 in wrangler.toml, then the dead-letter consumer.
    await env.JOBS.send({ jobId, chunk: 0 });
    const seen = await untilEnded(browser, jobId, jobAnswerSchema);
    const failed = seen.at(-1)!;
    expect(failed.state).toBe('failed');
    expect(failed.error).toBe(
      'Part 1 of 2 of the analysis kept failing after its retries: the candles of this analysis are no longer stored',
    );
    expect(failed.result).toBeUndefined();
  });

  it('cancels a job: later chunks are acked and skipped; only the owner or an admin sees it', async () => {
    const { browser, backtestId } = await signedIn('pro');
    const { jobId } = await startHeld(browser, backtestId);
    const stranger = new TestBrowser();
    await stranger.register(`stranger-${crypto.randomUUID().slice(0, 8)}@example.com`);
    expect((await stranger.request(`/api/jobs/${jobId}`)).status).toBe(404);
    expect((await stranger.request(`/api/jobs/${jobId}`, { method: 'DELETE' })).status).toBe(404);

    const cancelled = await browser.request(`/api/jobs/${jobId}`, { method: 'DELETE' });
    expect(cancelled.status).toBe(200);
    expect(jobAnswerSchema.parse(await cancelled.json())).toMatchObject({ state: 'cancelled', done: 0 });
    expect(
      await deliver([
        { jobId, chunk: 0 },
        { jobId, chunk: 1 },
      ]),
    ).toEqual({ acked: ['m0', 'm1'], retried: [] });
    expect(await rowsOf('job_chunks', jobId)).toBe(0);
    expect((await browser.request(`/api/jobs/${jobId}`, { method: 'DELETE' })).status).toBe(409);

    const admin = await new TestBrowser().signInAsAdmin(
      `admin-${crypto.randomUUID().slice(0, 8)}@example.com`,
    );
    expect(await jobOf(admin, jobId, jobAnswerSchema)).toMatchObject({ state: 'cancelled' });
  });
});
