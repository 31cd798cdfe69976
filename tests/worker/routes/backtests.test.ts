import { env } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import type { BacktestResultBody } from '../../../src/shared/api/backtests';
import { countRows, signUpWithPlan, TestBrowser, UPGRADE_ANSWER } from '../test-client';
import { backtestRequest, smaCrossing } from '../../fixtures/requests';

const SMA_CROSS = backtestRequest({
  entry: {
    parameters: [smaCrossing('Crosses Above')],
    valueBased: [{ indicator: 'RSI', logic: 'Less Than', number: '70' }],
  },
  exitCriteria: { stopLoss: { type: 'percentage', value: '5' } },
});

interface RunBody {
  id: string;
  result: BacktestResultBody;
}

const submit = (browser: TestBrowser, request: object = SMA_CROSS) =>
  browser.request('/api/backtests', { json: request });

describe('POST /api/backtests', () => {
  it('runs the engine on the data with warm-up, stores the run and answers 201 {id, result}', async () => {
    const { browser } = await signUpWithPlan();
    const res = await submit(browser);
    expect(res.status).toBe(201);
    const { id, result } = (await res.json()) as RunBody;
    expect(id).toMatch(/^[0-9a-f-]{36}$/);
    expect(result.data.source).toBe('synthetic');
    expect(result.data.warmupBars).toBeGreaterThanOrEqual(21);
    expect(result.warnings[0]).toMatch(/^Synthetic sample data/);
    expect(result.metrics.tradeCount).toBe(result.trades.length);
    expect(result.trades.length).toBeGreaterThan(0);
    for (const trade of result.trades) {
      expect(trade.entryIndex).toBeGreaterThan(result.data.warmupBars);
      expect(['signal', 'stop', 'end']).toContain(trade.exitReason);
      expect(trade.side).toBe('long');
    }
    expect(result.curve.t.length).toBe(result.curve.equity.length);
    expect(result.curve.equity[0]).toBe(100000);
    // Buy and hold with the same capital, ending where the buy-and-hold metric says.
    const buyHold = result.curve.buyHold!;
    expect(buyHold).toHaveLength(result.curve.t.length);
    expect(buyHold[0]).toBe(100000);
    expect((buyHold.at(-1)! / 100000 - 1) * 100).toBeCloseTo(result.metrics.buyHoldReturnPct!, 9);

    const stored = (await (await browser.request(`/api/backtests/${id}`)).json()) as {
      request: { stock: string };
      result: BacktestResultBody;
    };
    expect(stored.request.stock).toBe('AAPL');
    expect(stored.result.metrics).toEqual(result.metrics);
  });

  it('refuses invalid requests with 400 and field paths, and signed-out users with 401', async () => {
    const { browser } = await signUpWithPlan();
    const res = await submit(browser, { ...SMA_CROSS, timeframe: '2 min' });
    expect(res.status).toBe(400);
    const fields = ((await res.json()) as { error: { fields: { path: string }[] } }).error.fields;
    expect(fields.map((f) => f.path)).toEqual(['timeframe']);
    const noEntry = await submit(browser, { ...SMA_CROSS, entry: {} });
    expect(((await noEntry.json()) as { error: { fields: { path: string }[] } }).error.fields).toEqual([
      { path: 'entry', message: 'Add at least one entry condition' },
    ]);
    expect((await submit(new TestBrowser())).status).toBe(401);
  });

  it('refuses dates that do not exist or lie outside 1970 .. today + 1 year, naming the field, without using the quota', async () => {
    const { browser, id: userId } = await signUpWithPlan();
    for (const [field, date] of [
      ['fromDate', '2023-02-30'],
      ['fromDate', '1969-12-31'],
      ['toDate', '0000-00-00'],
      ['toDate', '9999-12-31'],
    ] as const) {
      const res = await submit(browser, { ...SMA_CROSS, [field]: date });
      expect(res.status, `${field}=${date}`).toBe(400);
      const body = (await res.json()) as { error: { fields: { path: string }[] } };
      expect(body.error.fields.map((f) => f.path)).toEqual([field]);
    }
    expect(await countRows('backtests', 'user_id', userId)).toBe(0);
  });

  it('gives a basic user 5 runs a month: the 6th gets 402 with the upgrade message', async () => {
    const { browser } = await signUpWithPlan('basic');
    const quick = { ...SMA_CROSS, toDate: '2023-09-08' };
    for (let i = 0; i < 5; i++) expect((await submit(browser, quick)).status).toBe(201);
    const sixth = await submit(browser, quick);
    expect(sixth.status).toBe(402);
    expect(await sixth.json()).toEqual(UPGRADE_ANSWER);
    const list = (await (await browser.request('/api/backtests')).json()) as {
      backtests: { id: string }[];
    };
    expect(list.backtests).toHaveLength(5);

    // Deleting a run takes it out of the history but does not give it back.
    const deleted = list.backtests[0]!.id;
    expect((await browser.request(`/api/backtests/${deleted}`, { method: 'DELETE' })).status).toBe(204);
    expect((await browser.request(`/api/backtests/${deleted}`, { method: 'DELETE' })).status).toBe(404);
    const after = (await (await browser.request('/api/backtests')).json()) as { backtests: unknown[] };
    expect(after.backtests).toHaveLength(4);
    expect((await submit(browser, quick)).status).toBe(402);
  });

  it('gives Pro 100 runs a month, Enterprise and admins no limit', async () => {
    // Seed this month's runs straight into D1; the quota counts stored rows.
    const seed = async (userId: string, count: number) => {
      const insert = env.DB.prepare(
        `INSERT INTO backtests (id, user_id, exchange, stock, timeframe, mode, source, request_json, summary_json, result_json)
         VALUES (?1, ?2, 'US', 'AAPL', '1 hour', 'standard', 'synthetic', '{}', '{}', '{}')`,
      );
      await env.DB.batch(Array.from({ length: count }, () => insert.bind(crypto.randomUUID(), userId)));
    };
    const quick = { ...SMA_CROSS, toDate: '2023-09-08' };

    const pro = await signUpWithPlan('pro');
    await seed(pro.id, 99);
    expect((await submit(pro.browser, quick)).status).toBe(201);
    expect((await submit(pro.browser, quick)).status).toBe(402);

    const enterprise = await signUpWithPlan('enterprise');
    await seed(enterprise.id, 500);
    expect((await submit(enterprise.browser, quick)).status).toBe(201);

    const admin = await new TestBrowser().signInAsAdmin();
    const { user } = (await (await admin.request('/api/auth/me')).json()) as {
      user: { id: string; plan: string };
    };
    expect(user.plan).toBe('basic');
    await seed(user.id, 5);
    expect((await submit(admin, quick)).status).toBe(201);
  });

  it('counts only this month’s runs toward the quota', async () => {
    const { browser, id: userId } = await signUpWithPlan('basic');
    const quick = { ...SMA_CROSS, toDate: '2023-09-08' };
    for (let i = 0; i < 5; i++) await submit(browser, quick);
    await env.DB.prepare("UPDATE backtests SET created_at = '2020-01-15T00:00:00.000Z' WHERE user_id = ?1")
      .bind(userId)
      .run();
    expect((await submit(browser, quick)).status).toBe(201);
  });

  it('keeps ML mode for Pro and Enterprise plans and admins', async () => {
    const basic = await signUpWithPlan('basic');
    // Two walk-forward folds of 100 bars on two months of hourly bars: small enough for the request.
    const ml = { ...SMA_CROSS, mode: 'ml', ml: { walkForward: { trainBars: 100, testBars: 100 } } };
    const refused = await submit(basic.browser, ml);
    expect(refused.status).toBe(402);
    expect(await refused.json()).toEqual(UPGRADE_ANSWER);
    // A basic user may still run the standard mode.
    expect((await submit(basic.browser, { ...ml, mode: 'standard' })).status).toBe(201);
    for (const plan of ['pro', 'enterprise'] as const) {
      const user = await signUpWithPlan(plan);
      expect((await submit(user.browser, ml)).status, plan).toBe(201);
    }
    const admin = await new TestBrowser().signInAsAdmin();
    expect((await submit(admin, ml)).status).toBe(201);
  });

  it('answers 404 for a symbol without data', async () => {
    const { browser } = await signUpWithPlan();
    const res = await submit(browser, { ...SMA_CROSS, exchange: 'LSE', stock: 'VOD' });
    expect(res.status).toBe(404);
  });
});

describe('stored backtests', () => {
  it('are listed newest first with their summary, and private to their owner', async () => {
    const owner = await signUpWithPlan('enterprise');
    const firstRes = await submit(owner.browser, { ...SMA_CROSS, toDate: '2023-09-08' });
    expect(firstRes.status, await firstRes.clone().text()).toBe(201);
    const first = (await firstRes.json()) as RunBody;
    const second = (await (
      await submit(owner.browser, { ...SMA_CROSS, stock: 'MSFT', toDate: '2023-09-08' })
    ).json()) as RunBody;
    const list = (await (await owner.browser.request('/api/backtests')).json()) as {
      backtests: { id: string; stock: string; summary: { tradeCount: number } }[];
    };
    expect(list.backtests.map((b) => b.id)).toEqual([second.id, first.id]);
    expect(list.backtests[1]?.summary.tradeCount).toBe(first.result.metrics.tradeCount);

    const stranger = await signUpWithPlan();
    expect((await stranger.browser.request(`/api/backtests/${first.id}`)).status).toBe(404);
    expect((await stranger.browser.request(`/api/backtests/${first.id}`, { method: 'DELETE' })).status).toBe(
      404,
    );
    expect((await owner.browser.request(`/api/backtests/${first.id}`, { method: 'DELETE' })).status).toBe(
      204,
    );
    expect((await owner.browser.request(`/api/backtests/${first.id}`)).status).toBe(404);
  });

  it('show in the admin usage figures', async () => {
    const trader = await signUpWithPlan('pro');
    const ids: string[] = [];
    for (let i = 0; i < 2; i++) {
      const res = await submit(trader.browser, { ...SMA_CROSS, toDate: '2023-09-08' });
      expect(res.status).toBe(201);
      ids.push(((await res.json()) as RunBody).id);
    }
    // A run deleted from the history was still made this month.
    await trader.browser.request(`/api/backtests/${ids[0]}`, { method: 'DELETE' });
    const boss = await new TestBrowser().signInAsAdmin();
    const page = (await (await boss.request(`/api/admin/users?query=${trader.email}`)).json()) as {
      users: { id: string; backtestsThisMonth: number }[];
    };
    expect(page.users.find((u) => u.id === trader.id)?.backtestsThisMonth).toBe(2);
  });
});
