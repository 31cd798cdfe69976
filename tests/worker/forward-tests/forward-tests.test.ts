/**
 * Forward tests through the real app and its Durable Objects (ForwardTest, BarStream), fed by
 * the fake Binance kline stream on loopback (fakes/kline-stream-server.ts): a fast stream of
 * 5-minute bars, each close preceded by a partial update 30 away from it.
 */
import { env, runDurableObjectAlarm, runInDurableObject } from 'cloudflare:test';
import { describe, expect, inject, it } from 'vitest';
import type { ForwardTestAnswer, ForwardTestReplay } from '../../../src/shared/api/forward-tests';
import type { BarStream, StreamStatus } from '../../../src/worker/forward-tests/bar-stream';
import { replayRunningForwardTests } from '../../../src/worker/forward-tests/daily-replay';
import type { ForwardTest } from '../../../src/worker/forward-tests/forward-test';
import { allFeedBars, feedSettings, newFeedId, type FeedSettings } from '../fakes/kline-feed';
import { signUpWithPlan, TestBrowser } from '../test-client';
import {
  crossesAbove,
  enterprise,
  expectTakenInOrder,
  readForwardTest,
  SMA_3_8,
} from './forward-test-fixtures';

/** A new feed of the fake stream and the bindings that point a forward test at it. */
function feed(settings: Partial<FeedSettings>) {
  const id = newFeedId(settings);
  const origin = inject('klineStreamOrigin');
  const apiUrl = `${origin}/${id}`;
  const wsUrl = `${origin.replace(/^http/, 'ws')}/${id}`;
  return {
    id,
    apiUrl,
    settings: feedSettings(id),
    bindings: { BINANCE_API_URL: apiUrl, BINANCE_WS_URL: wsUrl },
    stream: () => {
      const namespace = env.BAR_STREAMS as DurableObjectNamespace<BarStream>;
      return namespace.get(namespace.idFromName(`binance|${wsUrl}|BTCUSDT|5m`));
    },
    calls: async () => (await (await fetch(`${apiUrl}/__calls`)).json()) as string[],
  };
}

async function start(browser: TestBrowser, bindings: Partial<Cloudflare.Env>, body: object = {}) {
  const res = await browser.request('/api/forward-tests', { json: { request: SMA_3_8, ...body } }, bindings);
  return {
    status: res.status,
    body: (await res.json()) as {
      id: string;
      status: string;
      webhookSecret?: string;
      error?: { message: string };
    },
  };
}

/** Reads the test until `done` holds (the fake's bars come every few tens of ms). */
async function readUntil(
  browser: TestBrowser,
  id: string,
  done: (test: ForwardTestAnswer) => boolean,
  timeoutMs = 15_000,
) {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const test = await readForwardTest(browser, id);
    if (done(test)) return test;
    if (Date.now() > until) throw new Error(`Timed out: ${test.bars} bars, status ${test.status}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

describe('a forward test on a fast fake stream', () => {
  it('signals exactly the crosses of SMA(3) over SMA(8) on closed klines, never on partials, and replays identical', async () => {
    const browser = await enterprise();
    const live = feed({ bars: 48, tick: 60 });
    const started = await start(browser, live.bindings, { name: 'SMA 3/8' });
    expect(started.status).toBe(201);
    expect(started.body).toEqual({ id: expect.any(String), status: 'running' });

    const test = await readUntil(
      browser,
      started.body.id,
      (t) => t.lastBarAt === new Date(allFeedBars(live.settings).at(-1)!.t).toISOString(),
    );
    const bars = allFeedBars(live.settings);
    const firstLive = bars.findIndex((bar) => bar.t === test.recentBars[0]!.t);
    expect(firstLive).toBeGreaterThanOrEqual(live.settings.history);
    // Each closed bar once, in order, equal to the closed kline.
    const expected = expectTakenInOrder(test, bars, firstLive);
    // The partial updates came, and would have crossed elsewhere: they were dropped.
    const status: StreamStatus = await live.stream().status();
    expect(status.partialUpdates).toBeGreaterThanOrEqual(test.bars);
    expect(status.closedBars).toBe(test.bars);
    const partialCrosses = crossesAbove(
      bars.map((bar, i) => (i >= firstLive ? { ...bar, c: bar.c + (i % 2 === 0 ? 30 : -30) } : bar)),
      firstLive,
    );
    expect(partialCrosses).not.toEqual(expected);

    expect(test.trades.length).toBeGreaterThanOrEqual(1);
    expect(test.metrics.tradeCount).toBe(test.trades.length);
    // The warm-up came from REST: the bars before the first live one.
    const calls = await live.calls();
    expect(calls[0]).toContain(`endTime=${bars[firstLive]!.t - 1}`);

    const replay = (await (
      await browser.request(`/api/forward-tests/${started.body.id}/replay`)
    ).json()) as ForwardTestReplay;
    expect(replay.differences).toEqual([]);
    expect(replay.identical).toBe(true);
    expect(replay.forwardTrades).toEqual(test.trades);
    expect(replay.backtestTrades).toEqual(test.trades);
    const listed = (await (await browser.request('/api/forward-tests')).json()) as {
      forwardTests: { id: string; replayIdentical: boolean | null }[];
    };
    expect(listed.forwardTests).toEqual([
      expect.objectContaining({ id: started.body.id, replayIdentical: true }),
    ]);
  });

  it('backfills from REST the bars missed while the stream was down, then goes on in order', async () => {
    const browser = await enterprise();
    const live = feed({ bars: 30, tick: 60, drop: 8 });
    const started = await start(browser, live.bindings);
    const id = started.body.id;
    // The fake drops the connection after 8 closed bars: the test stops there.
    await readUntil(browser, id, (t) => t.bars === 8);
    await new Promise((resolve) => setTimeout(resolve, 400));
    expect((await readForwardTest(browser, id)).bars).toBe(8);
    expect((await live.stream().status()).connected).toBe(false);

    // The alarm reconnects; the next closed bar brings the missed ones from REST first.
    await runDurableObjectAlarm(live.stream());
    const test = await readUntil(browser, id, (t) => t.bars > 16);
    const bars = allFeedBars(live.settings);
    const firstLive = bars.findIndex((bar) => bar.t === test.recentBars[0]!.t);
    expect(test.recentBars).toEqual(bars.slice(firstLive, firstLive + test.recentBars.length));
    const backfill = (await live.calls()).filter((call) =>
      call.includes(`startTime=${bars[firstLive + 8]!.t}`),
    );
    expect(backfill).toHaveLength(1);
    expect((await live.stream().status()).connections).toBe(2);

    const replay = (await (
      await browser.request(`/api/forward-tests/${id}/replay`)
    ).json()) as ForwardTestReplay;
    expect(replay.identical).toBe(true);
  });

  it('stops: no bar after the stop, status stopped, and the stream is left when no test follows it', async () => {
    const browser = await enterprise();
    const live = feed({ bars: 400, tick: 50 });
    const { body } = await start(browser, live.bindings);
    await readUntil(browser, body.id, (t) => t.bars >= 3);
    const stopped = await browser.request(`/api/forward-tests/${body.id}/stop`, { method: 'POST' });
    expect(stopped.status).toBe(200);
    expect(await stopped.json()).toEqual({ status: 'stopped' });
    const after = await readForwardTest(browser, body.id);
    await new Promise((resolve) => setTimeout(resolve, 400));
    const later = await readForwardTest(browser, body.id);
    expect(later.status).toBe('stopped');
    expect(later.stoppedAt).not.toBeNull();
    expect(later.bars).toBe(after.bars);
    expect(await live.stream().status()).toMatchObject({ connected: false, followers: 0 });

    const deleted = await browser.request(`/api/forward-tests/${body.id}`, { method: 'DELETE' });
    expect(deleted.status).toBe(204);
    expect((await browser.request(`/api/forward-tests/${body.id}`)).status).toBe(404);
  });
});

describe('a forward test’s record', () => {
  const objectOf = (id: string) => {
    const namespace = env.FORWARD_TESTS as DurableObjectNamespace<ForwardTest>;
    return namespace.get(namespace.idFromName(id));
  };

  it('goes on from its storage after the object forgets what it held in memory (a restart)', async () => {
    const browser = await enterprise();
    const live = feed({ bars: 40, tick: 60 });
    const { body } = await start(browser, live.bindings);
    await readUntil(browser, body.id, (t) => t.bars >= 10);
    // What a restart loses: the in-memory run (rebuilt from the stored bars) and the stream's socket.
    await runInDurableObject(objectOf(body.id), (instance) => {
      (instance as unknown as { run: unknown }).run = null;
    });
    await live.stream().dropConnection();
    await runDurableObjectAlarm(live.stream());
    const bars = allFeedBars(live.settings);
    const test = await readUntil(
      browser,
      body.id,
      (t) => t.lastBarAt === new Date(bars.at(-1)!.t).toISOString(),
    );
    const firstLive = bars.findIndex((bar) => bar.t === test.recentBars[0]!.t);
    expect(test.recentBars).toEqual(bars.slice(firstLive));
    const replay = (await (
      await browser.request(`/api/forward-tests/${body.id}/replay`)
    ).json()) as ForwardTestReplay;
    expect(replay.identical).toBe(true);
  });

  it('follows its stream again from its watchdog alarm when the stream has lost it', async () => {
    const browser = await enterprise();
    const live = feed({ bars: 60, tick: 60 });
    const { body } = await start(browser, live.bindings);
    await readUntil(browser, body.id, (t) => t.bars >= 5);
    // The stream forgets its followers (a wiped object): bars stop coming to the test.
    await runInDurableObject(live.stream(), async (_, state) => {
      await state.storage.put('followers', []);
    });
    await new Promise((resolve) => setTimeout(resolve, 200));
    const stalled = (await readForwardTest(browser, body.id)).bars;
    await new Promise((resolve) => setTimeout(resolve, 400));
    expect((await readForwardTest(browser, body.id)).bars).toBe(stalled);

    expect(await runDurableObjectAlarm(objectOf(body.id))).toBe(true);
    const bars = allFeedBars(live.settings);
    const test = await readUntil(browser, body.id, (t) => t.bars > stalled + 3);
    const firstLive = bars.findIndex((bar) => bar.t === test.recentBars[0]!.t);
    // The bars missed meanwhile came from REST: none is missing.
    expect(test.recentBars).toEqual(bars.slice(firstLive, firstLive + test.recentBars.length));
    await browser.request(`/api/forward-tests/${body.id}/stop`, { method: 'POST' });
    expect(await runDurableObjectAlarm(objectOf(body.id))).toBe(false);
  });

  it('is replayed daily; a difference is a warning on the test and a logged error', async () => {
    const browser = await enterprise();
    const live = feed({ bars: 48, tick: 40 });
    const { body } = await start(browser, live.bindings);
    const done = await readUntil(browser, body.id, (t) => t.bars >= 40 && t.trades.length > 0);
    expect(done.warnings.filter((w) => w.includes('replay'))).toEqual([]);
    // A recorded trade that no longer matches the bars, as a bug in the live path would leave.
    await runInDurableObject(objectOf(body.id), (_, state) => {
      const [row] = state.storage.sql
        .exec<{ trade: string }>('SELECT trade FROM trades WHERE n = 0')
        .toArray();
      const trade = JSON.parse(row!.trade) as { exitPrice: number };
      trade.exitPrice += 1;
      state.storage.sql.exec('UPDATE trades SET trade = ?1 WHERE n = 0', JSON.stringify(trade));
    });
    const daily = await replayRunningForwardTests(env);
    expect(daily.different).toBeGreaterThanOrEqual(1);
    const test = await readForwardTest(browser, body.id);
    expect(test.replayIdentical).toBe(false);
    expect(test.warnings).toContain(
      'The replay of this forward test’s bars found 1 difference from its live trades',
    );
    const replay = (await (
      await browser.request(`/api/forward-tests/${body.id}/replay`)
    ).json()) as ForwardTestReplay;
    expect(replay.identical).toBe(false);
    expect(replay.differences).toEqual([
      {
        trade: 0,
        field: 'exitPrice',
        forward: done.trades[0]!.exitPrice + 1,
        backtest: done.trades[0]!.exitPrice,
      },
    ]);
    await browser.request(`/api/forward-tests/${body.id}/stop`, { method: 'POST' });
  });
});

describe('the live page’s socket', () => {
  it('pushes status, then bar, signal and trade events as they happen; refuses a plain GET and another user', async () => {
    const { browser } = await signUpWithPlan('enterprise');
    const live = feed({ bars: 48, tick: 50 });
    const { body } = await start(browser, live.bindings);
    const res = await browser.request(`/api/forward-tests/${body.id}/live`, {
      headers: { Upgrade: 'websocket' },
    });
    expect(res.status).toBe(101);
    const socket = res.webSocket!;
    const events: { type: string }[] = [];
    socket.addEventListener('message', (event) =>
      events.push(JSON.parse(event.data as string) as { type: string }),
    );
    socket.accept();
    const test = await readUntil(browser, body.id, (t) => t.bars >= 40 && t.trades.length > 0);
    await new Promise((resolve) => setTimeout(resolve, 100));
    socket.close();
    expect(events[0]).toEqual({ type: 'status', status: 'running', lastBarAt: null });
    const bars = events.filter((event) => event.type === 'bar');
    expect(bars.length).toBeGreaterThanOrEqual(test.bars - 2);
    expect(events.filter((event) => event.type === 'signal').length).toBeGreaterThanOrEqual(
      test.signals.length - 1,
    );
    expect(events.some((event) => event.type === 'trade')).toBe(true);

    expect((await browser.request(`/api/forward-tests/${body.id}/live`)).status).toBe(426);
    const other = await enterprise();
    expect(
      (await other.request(`/api/forward-tests/${body.id}/live`, { headers: { Upgrade: 'websocket' } }))
        .status,
    ).toBe(404);
    await browser.request(`/api/forward-tests/${body.id}/stop`, { method: 'POST' });
  });
});

describe('who may forward-test', () => {
  it('answers 404 to another user, 402 naming Enterprise to Professional, 401 without a session', async () => {
    const owner = await enterprise();
    const live = feed({ bars: 400, tick: 200 });
    const { body } = await start(owner, live.bindings);
    const other = await enterprise();
    for (const [method, path] of [
      ['GET', ''],
      ['GET', '/replay'],
      ['POST', '/stop'],
      ['DELETE', ''],
    ] as const) {
      const res = await other.request(`/api/forward-tests/${body.id}${path}`, { method });
      expect(res.status).toBe(404);
    }
    expect((await owner.request(`/api/forward-tests/${body.id}`)).status).toBe(200);
    await owner.request(`/api/forward-tests/${body.id}/stop`, { method: 'POST' });

    const pro = (await signUpWithPlan('pro')).browser;
    const refused = await start(pro, live.bindings);
    expect(refused.status).toBe(402);
    expect(refused.body.error!.message).toContain('Enterprise');
    expect((await pro.request('/api/forward-tests')).status).toBe(200);
    expect((await new TestBrowser().request('/api/forward-tests')).status).toBe(401);
  });

  it('runs at most 10 at once per account (409), a team member sharing the owner’s 10', async () => {
    const { browser: owner, id: ownerId } = await signUpWithPlan('enterprise');
    const { browser: member, id: memberId } = await signUpWithPlan('enterprise');
    await env.DB.prepare('INSERT INTO team_members (owner_id, member_id, joined_at) VALUES (?1, ?2, ?3)')
      .bind(ownerId, memberId, new Date().toISOString())
      .run();
    const live = feed({ bars: 400, tick: 1000 });
    const ids: string[] = [];
    for (let i = 0; i < 9; i++) ids.push((await start(owner, live.bindings)).body.id);
    expect((await start(member, live.bindings)).status).toBe(201);
    const tooMany = await start(owner, live.bindings);
    expect(tooMany.status).toBe(409);
    expect((await start(member, live.bindings)).status).toBe(409);
    await owner.request(`/api/forward-tests/${ids[0]}/stop`, { method: 'POST' });
    expect((await start(member, live.bindings)).status).toBe(201);
    for (const id of ids.slice(1)) await owner.request(`/api/forward-tests/${id}/stop`, { method: 'POST' });
  });

  it('refuses what it cannot run live: a stock exchange, an ML run, a webhook to a private address', async () => {
    const browser = await enterprise();
    const live = feed({});
    const stock = await browser.request(
      '/api/forward-tests',
      { json: { request: { ...SMA_3_8, exchange: 'US', stock: 'AAPL' } } },
      live.bindings,
    );
    expect(stock.status).toBe(400);
    const ml = await browser.request(
      '/api/forward-tests',
      { json: { request: { ...SMA_3_8, mode: 'ml' } } },
      live.bindings,
    );
    expect(ml.status).toBe(400);
    for (const webhookUrl of [
      'https://127.0.0.1/hook',
      'https://10.1.2.3/x',
      'https://localhost/x',
      'https://[::1]/x',
      'http://hooks.example.com/x',
    ]) {
      const res = await start(browser, live.bindings, { alerts: { webhookUrl } });
      expect(res.status, webhookUrl).toBe(400);
    }
    expect((await browser.request('/api/forward-tests')).status).toBe(200);
    const listed = (await (await browser.request('/api/forward-tests')).json()) as {
      forwardTests: unknown[];
    };
    expect(listed.forwardTests).toEqual([]);
  });
});
