/**
 * ML runs through POST /api/backtests: the plan check, small runs trained in
 * the request, larger ones as jobs of fold chunks on the real JOBS queue (or a held queue where
 * a test delivers the chunks itself), progress, cancellation, failure, the quota, validation.
 * Every stored report is compared with the engine's runMlBacktest on the same candles.
 */
import { env } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import { mlReport } from '../../../src/engine/index';
import { runMlBacktest } from '../../../src/engine/ml/ml-backtest';
import {
  backtestCreatedAnswerSchema,
  backtestQueuedAnswerSchema,
  backtestRunSchema,
} from '../../../src/shared/api/backtests';
import { backtestRequestSchema } from '../../../src/shared/backtest-request';
import { mlJobAnswerSchema } from '../../../src/shared/api/jobs';
import { jobAnswerSchema } from '../../../src/shared/api/robustness';
import { runDataQuality } from '../../../src/worker/backtests/data-quality';
import { loadRunCandles, runSeries } from '../../../src/worker/backtests/run-series';
import { requiredWarmupBars } from '../../../src/worker/backtests/warmup';
import { JOBS_DEAD_LETTER_QUEUE } from '../../../src/worker/jobs/queue';
import { signUpWithPlan, type TestBrowser, UPGRADE_ANSWER } from '../test-client';
import { mlRequest } from '../../fixtures/requests';
import { deliver, jobOf, rowsOf, startHeldJob, untilEnded, usedThisMonth } from '../jobs/job-fixtures';

/** Five years of AAPL's synthetic daily bars: five walk-forward folds of 300 + 200 bars. */
const ML_RUN = mlRequest();
/** The same run with a random forest: estimated well over 50 ms, so it is queued. */
const LARGE_RUN = mlRequest({ model: 'random-forest' });
/** A chunk budget that gives the large run several chunks (about two folds each). */
const SMALL_CHUNKS = { ML_CHUNK_BUDGET_MS: '100' };

const submit = (browser: TestBrowser, body: object, bindings = {}) =>
  browser.request('/api/backtests', { json: body }, bindings);

const startHeld = (browser: TestBrowser, body: object = LARGE_RUN) =>
  startHeldJob(browser, '/api/backtests', body, SMALL_CHUNKS);

/** The report and strategy runMlBacktest gives on the candles the worker loads, as JSON. */
async function inProcess(userId: string, body: object) {
  const request = backtestRequestSchema.parse(body);
  const answer = await loadRunCandles(env, request, userId, requiredWarmupBars(request));
  const series = runSeries(request, answer.candles);
  const result = runMlBacktest(request, series);
  return {
    report: JSON.parse(JSON.stringify(mlReport(result, series))) as unknown,
    metrics: JSON.parse(JSON.stringify(result.strategy.metrics)) as unknown,
    tradeCount: result.strategy.trades.count,
    dataQuality: runDataQuality(request.exchange, answer, series),
  };
}

async function storedRun(browser: TestBrowser, id: string) {
  const res = await browser.request(`/api/backtests/${id}`);
  expect(res.status).toBe(200);
  return backtestRunSchema.parse(await res.json());
}

describe('ML backtests', () => {
  it('answers 402 with the spec’s text to a Basic user, without counting the run', async () => {
    const { browser } = await signUpWithPlan('basic');
    const res = await submit(browser, ML_RUN);
    expect(res.status).toBe(402);
    expect(await res.json()).toEqual(UPGRADE_ANSWER);
    expect(await usedThisMonth(browser)).toBe(0);
  });

  it('trains a small run in the request: 201 with result.ml equal to runMlBacktest', async () => {
    const { browser, id: userId } = await signUpWithPlan('pro');
    const res = await submit(browser, ML_RUN);
    expect(res.status).toBe(201);
    const { id, result } = backtestCreatedAnswerSchema.parse(await res.json());
    const expected = await inProcess(userId, ML_RUN);
    expect(result.ml).toEqual(expected.report);
    expect(result.ml!.folds).toHaveLength(5);
    expect(result.ml!.baselines.rulesOnly).not.toBeNull();
    // The dashboard shows the out-of-sample strategy.
    expect(result.metrics).toEqual(expected.metrics);
    expect(result.trades).toHaveLength(expected.tradeCount);
    for (const trade of result.trades)
      expect(trade.entryIndex).toBeGreaterThan(result.ml!.outOfSampleFrom.row);
    expect(result.curve.t[0]).toBe(Date.parse(result.ml!.outOfSampleFrom.time));
    expect(result.curve.equity[0]).toBe(100000);
    // One buy-and-hold figure on both tabs: the metric, the curve's end and the ML baseline.
    const buyAndHold = result.ml!.baselines.buyAndHold.totalReturnPct;
    expect(result.metrics.buyHoldReturnPct).toBe(buyAndHold);
    expect((result.curve.buyHold!.at(-1)! / 100000 - 1) * 100).toBeCloseTo(buyAndHold!, 9);
    expect(result.warnings.join(' ')).not.toContain('ML mode is not available');
    expect(result.dataQuality).toEqual(expected.dataQuality);
    expect(result.dataQuality).toMatchObject({ source: 'synthetic', firstBar: '2019-01-02' });
    // Stored as answered, with no job behind it.
    const stored = await storedRun(browser, id);
    expect(stored.result).toEqual(result);
    expect(stored.jobId).toBeNull();
    expect(await usedThisMonth(browser)).toBe(1);
  });

  it('queues a large run: 202, the real queue trains it in chunks, and the stored run equals runMlBacktest', async () => {
    const { browser, id: userId } = await signUpWithPlan('enterprise');
    const res = await submit(browser, LARGE_RUN, SMALL_CHUNKS);
    expect(res.status).toBe(202);
    const { jobId } = backtestQueuedAnswerSchema.parse(await res.json());

    const seen = await untilEnded(browser, jobId, mlJobAnswerSchema);
    const final = seen.at(-1)!;
    expect(final).toMatchObject({ id: jobId, kind: 'ml', state: 'done' });
    expect(final.total).toBeGreaterThan(1);
    expect(final.done).toBe(final.total);
    const dones = seen.map((job) => job.done);
    expect(dones).toEqual([...dones].sort((a, b) => a - b));
    for (const job of seen.slice(0, -1)) expect(job.backtestId).toBeNull();

    const run = await storedRun(browser, final.backtestId!);
    expect(run.mode).toBe('ml');
    // The stored run links the job that trained it.
    expect(run.jobId).toBe(jobId);
    const expected = await inProcess(userId, LARGE_RUN);
    expect(run.result.ml).toEqual(expected.report);
    expect(run.result.ml!.model).toBe('random-forest');
    expect(run.result.metrics).toEqual(expected.metrics);
    expect(run.result.trades).toHaveLength(expected.tradeCount);
    expect(run.result.warnings.join(' ')).not.toContain('ML mode is not available');
    // The queued run states its bars' quality like one trained in the request: the tested span.
    expect(run.result.dataQuality).toEqual(expected.dataQuality);
    expect(run.result.dataQuality).toMatchObject({
      source: 'synthetic',
      adjustment: 'none',
      bars: run.result.data.bars - run.result.data.warmupBars,
      firstBar: '2019-01-02',
      lastBar: '2023-12-29',
    });
    // Finished: no chunk rows, no stored candles.
    expect(await rowsOf('job_chunks', jobId)).toBe(0);
    expect(await env.DATASETS.get(`jobs/${jobId}/series.bin`)).toBeNull();
  });

  it('reports progress chunk by chunk and counts the run once, job then backtest', async () => {
    const { browser } = await signUpWithPlan('pro');
    const { jobId, queue } = await startHeld(browser);
    const total = queue.messages.length;
    expect(total).toBeGreaterThan(1);
    expect(queue.messages).toEqual(Array.from({ length: total }, (_, chunk) => ({ jobId, chunk })));
    expect(await jobOf(browser, jobId, mlJobAnswerSchema)).toEqual({
      id: jobId,
      kind: 'ml',
      state: 'queued',
      done: 0,
      total,
      backtestId: null,
    });
    expect(await usedThisMonth(browser)).toBe(1);

    for (const [index, message] of queue.messages.entries()) {
      expect((await deliver([message])).acked).toEqual(['m0']);
      const job = await jobOf(browser, jobId, mlJobAnswerSchema);
      expect(job.done).toBe(index + 1);
      expect(job.state).toBe(index + 1 < total ? 'running' : 'done');
      expect(await usedThisMonth(browser)).toBe(1);
    }
    const done = await jobOf(browser, jobId, mlJobAnswerSchema);
    expect(done.backtestId).not.toBeNull();
    const list = (await (await browser.request('/api/backtests')).json()) as { backtests: { id: string }[] };
    expect(list.backtests.map((run) => run.id)).toEqual([done.backtestId]);

    // A redelivered chunk after the end stores nothing more.
    await deliver([queue.messages.at(-1)!]);
    expect(await usedThisMonth(browser)).toBe(1);
    const again = (await (await browser.request('/api/backtests')).json()) as { backtests: unknown[] };
    expect(again.backtests).toHaveLength(1);
  });

  it('keeps the month’s limit: a queued run holds a place until its backtest takes it', async () => {
    const { browser, id: userId } = await signUpWithPlan('pro');
    // 99 runs of Professional's 100 this month, then the queued one: the limit is reached.
    await env.DB.prepare(
      `WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 99)
       INSERT INTO backtests (id, user_id, exchange, stock, timeframe, mode, source, request_json, summary_json, result_json)
       SELECT 'filler-' || ?1 || '-' || i, ?1, 'US', 'AAPL', '1 day', 'standard', 'synthetic', '{}', '{}', 'null' FROM n`,
    )
      .bind(userId)
      .run();
    const { jobId, queue } = await startHeld(browser);
    expect(await usedThisMonth(browser)).toBe(100);
    expect((await submit(browser, ML_RUN)).status).toBe(402);
    await deliver(queue.messages);
    expect((await jobOf(browser, jobId, mlJobAnswerSchema)).state).toBe('done');
    expect(await usedThisMonth(browser)).toBe(100);
    expect((await submit(browser, ML_RUN)).status).toBe(402);
  });

  it('cancels a queued run: later chunks are skipped and no backtest is stored', async () => {
    const { browser } = await signUpWithPlan('pro');
    const { jobId, queue } = await startHeld(browser);
    await deliver([queue.messages[0]!]);
    const cancelled = await browser.request(`/api/jobs/${jobId}`, { method: 'DELETE' });
    expect(cancelled.status).toBe(200);
    expect(mlJobAnswerSchema.parse(await cancelled.json())).toMatchObject({
      kind: 'ml',
      state: 'cancelled',
      done: 1,
      backtestId: null,
    });
    expect(await env.DATASETS.get(`jobs/${jobId}/series.bin`)).toBeNull();
    const { acked } = await deliver(queue.messages.slice(1));
    expect(acked).toHaveLength(queue.messages.length - 1);
    expect((await jobOf(browser, jobId, mlJobAnswerSchema)).state).toBe('cancelled');
    const list = (await (await browser.request('/api/backtests')).json()) as { backtests: unknown[] };
    expect(list.backtests).toEqual([]);
    expect((await browser.request(`/api/jobs/${jobId}`, { method: 'DELETE' })).status).toBe(409);
    // Others do not see it.
    const stranger = await signUpWithPlan('pro');
    expect((await stranger.browser.request(`/api/jobs/${jobId}`)).status).toBe(404);
  });

  it('fails a run whose chunk keeps failing, with the reason in error', async () => {
    const { browser } = await signUpWithPlan('pro');
    const { jobId, queue } = await startHeld(browser);
    await env.DATASETS.delete(`jobs/${jobId}/series.bin`);
    const { retried } = await deliver([queue.messages[0]!]);
    expect(retried).toEqual(['m0']);
    await deliver([queue.messages[0]!], JOBS_DEAD_LETTER_QUEUE, 4);
    const failed = await jobOf(browser, jobId, mlJobAnswerSchema);
    expect(failed.state).toBe('failed');
    expect(failed.backtestId).toBeNull();
    expect(failed.error).toBe(
      `Part 1 of ${queue.messages.length} of the ML run kept failing after its retries: ` +
        'the candles of this ML run are no longer stored',
    );
  });

  it('answers 400 with field paths for an invalid ml block, and does not count it', async () => {
    const { browser } = await signUpWithPlan('pro');
    const res = await submit(browser, {
      ...ML_RUN,
      ml: { model: 'svm', walkForward: { trainBars: 10, testBars: 0 }, threshold: 2 },
    });
    expect(res.status).toBe(400);
    const { error } = (await res.json()) as { error: { code: string; fields: { path: string }[] } };
    expect(error.code).toBe('invalid_request');
    expect(error.fields.map((field) => field.path).sort()).toEqual([
      'ml.model',
      'ml.threshold',
      'ml.walkForward.testBars',
      'ml.walkForward.trainBars',
    ]);
    expect(await usedThisMonth(browser)).toBe(0);
  });

  it('answers 400 on the training window when the windows do not fit the bars or a fold is too large', async () => {
    const { browser } = await signUpWithPlan('pro');
    const tooLong = await submit(browser, { ...ML_RUN, ml: { walkForward: { trainBars: 5000 } } });
    expect(tooLong.status).toBe(400);
    const long = (await tooLong.json()) as { error: { fields: { path: string; message: string }[] } };
    expect(long.error.fields).toEqual([
      { path: 'ml.walkForward.trainBars', message: expect.stringContaining('5000-bar training window') },
    ]);
    const tooLarge = await submit(browser, LARGE_RUN, { ML_CHUNK_BUDGET_MS: '1' });
    expect(tooLarge.status).toBe(400);
    const large = (await tooLarge.json()) as { error: { fields: { path: string; message: string }[] } };
    expect(large.error.fields).toEqual([
      { path: 'ml.walkForward.trainBars', message: expect.stringContaining('more than a job step may take') },
    ]);
    expect(await usedThisMonth(browser)).toBe(0);
  });

  it('tells the job kinds apart: a robustness analysis answers kind "robustness"', async () => {
    const { browser } = await signUpWithPlan('pro');
    const standard = await submit(browser, { ...ML_RUN, mode: 'standard' });
    expect(standard.status).toBe(201);
    const { id } = backtestCreatedAnswerSchema.parse(await standard.json());
    expect((await storedRun(browser, id)).result.ml).toBeUndefined();
    const { jobId } = await startHeldJob(browser, `/api/backtests/${id}/robustness`, {
      grid: { 'exitCriteria.stopLoss.value': [3, 5] },
    });
    const answer = jobAnswerSchema.parse(await (await browser.request(`/api/jobs/${jobId}`)).json());
    expect(answer).toMatchObject({ kind: 'robustness', backtestId: id, configurations: 2 });
    expect(mlJobAnswerSchema.safeParse(answer).success).toBe(false);
  });
});
