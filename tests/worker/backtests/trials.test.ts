/**
 * GET /api/backtests/:id counts the strategies the user tried on the run's data: their runs on
 * the same exchange, symbol and timeframe with overlapping dates, up to the run (deleted runs
 * too), plus the configurations of their finished robustness analyses; never another user's.
 */
import { env } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import type { BacktestRun } from '../../../src/shared/api/backtests';
import { TestBrowser } from '../test-client';

const RUN = {
  exchange: 'US',
  stock: 'AAPL',
  fromDate: '2023-09-01',
  toDate: '2023-10-31',
  timeframe: '1 hour',
  transactionType: 'buy',
  entry: { valueBased: [{ indicator: 'RSI', logic: 'Less Than', number: '40' }] },
  exitCriteria: { stopLoss: { type: 'percentage', value: '2' } },
};
/** The same data with another entry level: another strategy. */
const withEntryBelow = (level: string) => ({
  ...RUN,
  entry: { valueBased: [{ indicator: 'RSI', logic: 'Less Than', number: level }] },
});

async function proUser() {
  const browser = new TestBrowser();
  const email = `trials-${crypto.randomUUID().slice(0, 8)}@example.com`;
  const { user } = (await (await browser.register(email)).json()) as { user: { id: string } };
  await env.DB.prepare("UPDATE users SET plan = 'pro' WHERE id = ?1").bind(user.id).run();
  return { browser, userId: user.id };
}

async function run(browser: TestBrowser, request: object): Promise<string> {
  const res = await browser.request('/api/backtests', { json: request });
  expect(res.status).toBe(201);
  return ((await res.json()) as { id: string }).id;
}

async function read(browser: TestBrowser, id: string): Promise<BacktestRun> {
  const res = await browser.request(`/api/backtests/${id}`);
  expect(res.status).toBe(200);
  return (await res.json()) as BacktestRun;
}

const variance = (values: number[]) => {
  const mean = values.reduce((sum, value) => sum + value, 0) / values.length;
  return values.reduce((sum, value) => sum + (value - mean) ** 2, 0) / (values.length - 1);
};

describe('trials of a run', () => {
  it("counts three runs on the same data as 3, with their Sharpe ratios' variance, and not another user's", async () => {
    const owner = await proUser();
    const other = await proUser();
    const first = await run(owner.browser, withEntryBelow('30'));
    // Another user's run on the same data, between the owner's runs.
    const othersRun = await run(other.browser, withEntryBelow('35'));
    const second = await run(owner.browser, withEntryBelow('45'));
    // Another symbol and dates that do not overlap: other data, not counted.
    await run(owner.browser, { ...RUN, stock: 'MSFT' });
    await run(owner.browser, { ...RUN, fromDate: '2023-11-01', toDate: '2023-11-30' });
    const third = await run(owner.browser, withEntryBelow('60'));

    const firstRun = await read(owner.browser, first);
    expect(firstRun.trials).toEqual({ count: 1, sharpeVariance: null, since: firstRun.createdAt });
    expect((await read(owner.browser, second)).trials!.count).toBe(2);
    const thirdRun = await read(owner.browser, third);
    const sharpes = await Promise.all(
      [first, second, third].map(async (id) => (await read(owner.browser, id)).result.metrics.sharpe!),
    );
    expect(new Set(sharpes).size).toBeGreaterThan(1);
    expect(thirdRun.trials!.count).toBe(3);
    expect(thirdRun.trials!.sharpeVariance).toBeCloseTo(variance(sharpes), 12);
    expect(thirdRun.trials!.since).toBe(firstRun.createdAt);
    expect((await read(other.browser, othersRun)).trials!.count).toBe(1);
  });

  it("still counts a deleted run, and counts a finished analysis's configurations", async () => {
    const { browser, userId } = await proUser();
    const first = await run(browser, withEntryBelow('30'));
    const second = await run(browser, withEntryBelow('45'));
    expect((await browser.request(`/api/backtests/${first}`, { method: 'DELETE' })).status).toBe(204);
    await env.DB.prepare(
      `INSERT INTO jobs (id, user_id, kind, backtest_id, state, request_json, warmup_bars, series_key,
         configurations, chunk_size, total_chunks, created_at)
       VALUES (?1, ?2, 'robustness', ?3, ?4, '{}', 0, 'jobs/none', ?5, 10, 1, '2000-01-01T00:00:00.000Z')`,
    )
      .bind(crypto.randomUUID(), userId, first, 'done', 12)
      .run();
    await env.DB.prepare(
      `INSERT INTO jobs (id, user_id, kind, backtest_id, state, request_json, warmup_bars, series_key,
         configurations, chunk_size, total_chunks, created_at)
       VALUES (?1, ?2, 'robustness', ?3, 'cancelled', '{}', 0, 'jobs/none', 40, 10, 4, '2000-01-01T00:00:00.000Z')`,
    )
      .bind(crypto.randomUUID(), userId, second)
      .run();
    // 2 runs + the 12 configurations of the finished analysis; the cancelled one is left out.
    expect((await read(browser, second)).trials!.count).toBe(14);
  });
});
