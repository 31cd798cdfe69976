/**
 * A run on ticks whose trades need more than its request holds runs as a job on the JOBS queue
 * (src/worker/jobs/ticks/), a day per chunk, against the fake Binance at tick level: its result
 * equals the run made within one request over the same trades, its progress moves chunk by
 * chunk, and cancelling it stops it. The request's share of trades is lowered below one day's
 * (TICK_REQUEST_TRADES), so even one day of the fake's trades is "a busy day".
 */
import { createExecutionContext, createMessageBatch, env, getQueueResult } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import worker from '../../../src/worker/index';
import type { BacktestResultBody } from '../../../src/shared/api/backtests';
import { mlJobAnswerSchema, type ActiveJobsAnswer } from '../../../src/shared/api/jobs';
import { JOBS_QUEUE, type JobMessage } from '../../../src/worker/jobs/queue';
import { binanceCalls, fakeBinanceUrl } from '../fakes/binance';
import { QUIET_MS, TRADE_MS } from '../fakes/trade-stream';
import { signUpWithPlan, type TestBrowser } from '../test-client';
import { HeldQueue, jobOf, startHeldJob } from './job-fixtures';

/** The fake's trades in one whole UTC day (27,000): more than the lowered share of a request. */
const TRADES_PER_DAY = (86_400_000 - QUIET_MS) / TRADE_MS;
const ONE_REQUEST = { TICK_REQUEST_TRADES: '20000' };

/** Three days of BTCUSDT on 5-minute bars built from trades. */
const THREE_DAYS = {
  exchange: 'BINANCE',
  stock: 'BTCUSDT',
  fromDate: '2026-11-02',
  toDate: '2026-11-04',
  timeframe: '5 min',
  transactionType: 'buy',
  intrabar: 'ticks',
  entry: { valueBased: [{ indicator: 'RSI', logic: 'Greater Than', number: '1' }] },
};
/** A 1% target and stop in every bar: exits the trades decide, target first. */
const TARGET_AND_STOP = {
  ...THREE_DAYS,
  exitCriteria: {
    targetProfit: { type: 'percentage', value: '1' },
    stopLoss: { type: 'percentage', value: '1' },
  },
};
/** A 4% trailing stop the fake's ±1.5% bars never reach: one position held across every day. */
const HELD_ACROSS_DAYS = {
  ...THREE_DAYS,
  exitCriteria: { trailingStopLoss: { type: 'percentage', value: '4' } },
};

function binance() {
  const url = fakeBinanceUrl('ticks');
  return { url, bindings: { BINANCE_API_URL: url, MARKET_DATA_TIMEOUT_MS: '5000' } };
}

/** Delivers the held queue's messages to the worker as one batch, with `bindings` (its JOBS the held queue). */
async function deliverHeld(queue: HeldQueue, bindings: Partial<Cloudflare.Env>) {
  const messages = queue.take();
  const batch = createMessageBatch<JobMessage>(
    JOBS_QUEUE,
    messages.map((body, i) => ({ id: `m${i}`, timestamp: new Date(), attempts: 1, body })),
  );
  await worker.queue(batch, { ...env, ...bindings, JOBS: queue as unknown as Queue<JobMessage> });
  const result = (await getQueueResult(batch, createExecutionContext())) as { explicitAcks: string[] };
  expect(result.explicitAcks).toHaveLength(messages.length);
  return messages;
}

async function storedResult(browser: TestBrowser, backtestId: string): Promise<BacktestResultBody> {
  const res = await browser.request(`/api/backtests/${backtestId}`);
  expect(res.status).toBe(200);
  return ((await res.json()) as { result: BacktestResultBody }).result;
}

describe('a run on ticks beyond one request', () => {
  it.each([
    ['a target and a stop in every bar', TARGET_AND_STOP],
    ['one position held across the days', HELD_ACROSS_DAYS],
  ])('runs as a job a day per chunk and equals the run within one request: %s', async (_name, request) => {
    const { bindings } = binance();
    const { browser } = await signUpWithPlan('enterprise');
    const inRequest = await browser.request('/api/backtests', { json: request }, bindings);
    expect(inRequest.status).toBe(201);
    const whole = ((await inRequest.json()) as { result: BacktestResultBody }).result;

    const queued = { ...bindings, ...ONE_REQUEST };
    const { jobId, queue } = await startHeldJob(browser, '/api/backtests', request, queued);
    const active = (await (await browser.request('/api/jobs?state=active')).json()) as ActiveJobsAnswer;
    expect(active.jobs.find((job) => job.id === jobId)).toMatchObject({
      kind: 'ticks',
      link: `/BacktestingForm?job=${jobId}`,
      subject: { exchange: 'BINANCE', stock: 'BTCUSDT', timeframe: '5 min' },
    });

    // One message at a time: each chunk sends the next once it is stored.
    const progress: number[] = [];
    for (let round = 0; round < 20 && queue.messages.length > 0; round++) {
      const [message] = await deliverHeld(queue, queued);
      expect(message!.chunk).toBe(round);
      progress.push((await jobOf(browser, jobId, mlJobAnswerSchema)).done);
    }
    const job = await jobOf(browser, jobId, mlJobAnswerSchema);
    expect(job).toMatchObject({ kind: 'ticks', state: 'done' });
    expect(job.error).toBeUndefined();
    // Two days of warm-up (the RSI's bars and one more) and the three run days read, then the
    // three run days run.
    expect(job.total).toBe(8);
    expect(progress).toEqual([1, 2, 3, 4, 5, 6, 7, 8]);

    const chunked = await storedResult(browser, job.backtestId!);
    expect(chunked.intrabar).toEqual(whole.intrabar);
    expect(chunked.intrabar!.ticks).toBe(5 * TRADES_PER_DAY);
    expect(chunked.trades).toEqual(whole.trades);
    expect(chunked.curve).toEqual(whole.curve);
    expect(chunked.metrics).toEqual(whole.metrics);
    expect(chunked.data).toEqual(whole.data);
    // Everything else too: warnings, monthly returns, the Sharpe estimate.
    expect(chunked).toEqual(whole);
    if (request === HELD_ACROSS_DAYS) {
      expect(chunked.trades).toHaveLength(1);
      expect(chunked.trades[0]).toMatchObject({ exitReason: 'end' });
      expect(chunked.trades[0]!.entryTime.slice(0, 10)).toBe('2026-11-02');
    } else {
      expect(chunked.intrabar!.exitsDecidedByTicks).toBeGreaterThan(3 * 200);
    }
    // What the job kept for its chunks is gone.
    expect((await env.DATASETS.list({ prefix: `jobs/${jobId}/` })).objects).toHaveLength(0);
  });

  it('counts a busy run’s trades first and queues it before reading any: the request makes only the count’s calls', async () => {
    const { url, bindings } = binance();
    const { browser } = await signUpWithPlan('enterprise');
    const queued = { ...bindings, ...ONE_REQUEST };
    const { jobId, queue } = await startHeldJob(browser, '/api/backtests', TARGET_AND_STOP, queued);
    const counted = await binanceCalls(url);
    // The first trade's id at each end, an hour a call (the fake's days start at 01:30).
    expect(counted).toHaveLength(4);
    expect(counted.every((call) => /[?&]limit=1(&|$)/.test(call))).toBe(true);

    // The job reads the days from Binance itself, then runs them.
    for (let round = 0; round < 20 && queue.messages.length > 0; round++) await deliverHeld(queue, queued);
    expect(await jobOf(browser, jobId, mlJobAnswerSchema)).toMatchObject({
      state: 'done',
      done: 8,
      total: 8,
    });
    expect((await binanceCalls(url)).some((call) => call.includes('fromId'))).toBe(true);
  });

  it('stops when cancelled: no further chunk runs or is sent, and its trades are deleted', async () => {
    const { url, bindings } = binance();
    const { browser } = await signUpWithPlan('enterprise');
    const queued = { ...bindings, ...ONE_REQUEST };
    const { jobId, queue } = await startHeldJob(browser, '/api/backtests', TARGET_AND_STOP, queued);
    for (let chunk = 0; chunk < 3; chunk++) await deliverHeld(queue, queued);
    expect((await jobOf(browser, jobId, mlJobAnswerSchema)).done).toBe(3);
    expect((await env.DATASETS.list({ prefix: `jobs/${jobId}/` })).objects.length).toBeGreaterThan(0);

    const cancel = await browser.request(`/api/jobs/${jobId}`, { method: 'DELETE' });
    expect(cancel.status).toBe(200);
    expect(mlJobAnswerSchema.parse(await cancel.json())).toMatchObject({ state: 'cancelled', done: 3 });
    expect((await env.DATASETS.list({ prefix: `jobs/${jobId}/` })).objects).toHaveLength(0);

    const calls = (await binanceCalls(url)).length;
    await deliverHeld(queue, queued);
    expect(queue.messages).toHaveLength(0);
    expect(await binanceCalls(url)).toHaveLength(calls);
    expect(await jobOf(browser, jobId, mlJobAnswerSchema)).toMatchObject({ state: 'cancelled', done: 3 });
  });
});
