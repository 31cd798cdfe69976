/**
 * Forward tests on a stock through the real app and its Durable Objects: the stream object polls
 * the provider's intraday bars (the fake of fakes/kline-stream-server.ts on loopback, whose bars
 * grow with time and whose last bar is still forming, with partial values 30 away from its
 * final ones). The tests run the stream's poll alarm themselves instead of waiting a minute.
 */
import { env, runDurableObjectAlarm, runInDurableObject } from 'cloudflare:test';
import { describe, expect, inject, it } from 'vitest';
import type { ForwardTestReplay } from '../../../src/shared/api/forward-tests';
import type { BarStream, StreamStatus } from '../../../src/worker/forward-tests/bar-stream';
import type { ForwardTest } from '../../../src/worker/forward-tests/forward-test';
import { allFeedBars, FEED_INTERVAL_MS, feedSettings, newFeedId } from '../fakes/kline-feed';
import type { TestBrowser } from '../test-client';
import {
  crossesAbove,
  enterprise,
  expectTakenInOrder,
  readForwardTest,
  smaCross,
} from './forward-test-fixtures';

const STOCK_SMA_3_8 = smaCross('LSE', 'VOD');

/**
 * A stock feed whose history ends now: its last history bar opens in the current 5-minute slot
 * minus one, the first live bar in the current slot, the later ones in the future, so no bar is
 * closed by the clock during the test, only by the provider having the next bar.
 */
function stockFeed(bars: number, tick: number) {
  const history = 400;
  const slot = Math.floor(Date.now() / FEED_INTERVAL_MS) * FEED_INTERVAL_MS;
  const id = newFeedId({ history, bars, tick, start: slot - history * FEED_INTERVAL_MS });
  const apiUrl = `${inject('klineStreamOrigin')}/${id}`;
  const providerUrl = `${apiUrl}/api`;
  return {
    settings: feedSettings(id),
    // Only the app reads these; the objects read the key from their own environment.
    bindings: { MARKET_DATA_URL: providerUrl, MARKET_DATA_TOKEN: 'the-app-side-key' },
    stream: () => {
      const namespace = env.BAR_STREAMS as DurableObjectNamespace<BarStream>;
      return namespace.get(namespace.idFromName(`provider|${providerUrl}|LSE|VOD|5m`));
    },
    calls: async () => (await (await fetch(`${apiUrl}/__calls`)).json()) as string[],
  };
}

async function start(browser: TestBrowser, bindings: object, request: object = STOCK_SMA_3_8) {
  const res = await browser.request('/api/forward-tests', { json: { request } }, bindings);
  return { status: res.status, body: (await res.json()) as { id: string; error?: { message: string } } };
}

/** Runs the stream's poll alarm until the test has seen the bar opening at `lastBarT` (or a later one). */
async function pollUntil(
  browser: TestBrowser,
  live: ReturnType<typeof stockFeed>,
  id: string,
  lastBarT: number,
) {
  const until = Date.now() + 15_000;
  for (;;) {
    expect(await runDurableObjectAlarm(live.stream())).toBe(true);
    const test = await readForwardTest(browser, id);
    if (test.lastBarAt !== null && Date.parse(test.lastBarAt) >= lastBarT) return test;
    if (Date.now() > until) throw new Error(`Timed out: ${test.bars} bars, status ${test.status}`);
    await new Promise((resolve) => setTimeout(resolve, 40));
  }
}

const objectOf = (id: string) => {
  const namespace = env.FORWARD_TESTS as DurableObjectNamespace<ForwardTest>;
  return namespace.get(namespace.idFromName(id));
};

describe('a forward test on a stock, polled from the provider', () => {
  it('signals exactly the crosses of SMA(3) over SMA(8) on closed bars, never on the forming one, and replays identical', async () => {
    const browser = await enterprise();
    const live = stockFeed(40, 60);
    const started = await start(browser, live.bindings);
    expect(started.status).toBe(201);
    const bars = allFeedBars(live.settings);
    // The last bar has no next one and opens in the future: it is never closed during the test.
    const closed = bars.slice(0, -1);
    const test = await pollUntil(browser, live, started.body.id, closed.at(-1)!.t);

    const firstLive = live.settings.history;
    expect(test.recentBars[0]!.t).toBe(bars[firstLive]!.t);
    // Each closed bar once, in order, with its final values (the forming one's differ by 30).
    const expected = expectTakenInOrder(test, closed, firstLive);

    // Polls saw the forming bar and left it; the stream handed out exactly the closed ones.
    const status: StreamStatus = await live.stream().status();
    expect(status.partialUpdates).toBeGreaterThanOrEqual(1);
    expect(status.closedBars).toBe(test.bars);
    expect(status.connected).toBe(false);
    const partialCrosses = crossesAbove(
      bars.map((bar, i) => (i >= firstLive ? { ...bar, c: bar.c + (i % 2 === 0 ? 30 : -30) } : bar)),
      firstLive,
    );
    expect(partialCrosses).not.toEqual(expected);

    // The first poll found the newest closed bar; the warm-up read the bars before the first live one.
    const calls = await live.calls();
    expect(calls[0]).toMatch(/^\/api\/intraday\/VOD\.LSE\?interval=5m&from=\d+&fmt=json$/);
    expect(calls.filter((call) => call.includes('&to='))).toEqual([
      expect.stringContaining(`to=${bars[firstLive]!.t / 1000 - 1}&`),
    ]);
    expect(test.trades.length).toBeGreaterThanOrEqual(1);

    const replay = (await (
      await browser.request(`/api/forward-tests/${started.body.id}/replay`)
    ).json()) as ForwardTestReplay;
    expect(replay.differences).toEqual([]);
    expect(replay.identical).toBe(true);
    expect(replay.forwardTrades).toEqual(test.trades);
    await browser.request(`/api/forward-tests/${started.body.id}/stop`, { method: 'POST' });
  });

  it('backfills from the provider the bars its stream skipped after losing its storage, then goes on in order', async () => {
    const browser = await enterprise();
    const live = stockFeed(60, 60);
    const { body } = await start(browser, live.bindings);
    const bars = allFeedBars(live.settings);
    const firstLive = live.settings.history;
    const before = await pollUntil(browser, live, body.id, bars[firstLive + 4]!.t);
    // The stream object loses everything (a wiped object): its followers, its mark and its alarm.
    await runInDurableObject(live.stream(), async (_, state) => {
      await state.storage.deleteAlarm();
      await state.storage.deleteAll();
    });
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect((await readForwardTest(browser, body.id)).bars).toBe(before.bars);

    // The test's watchdog follows again; the new first poll marks the newest closed bar, so the
    // bars since the test's last one reach it from the provider at the next bar.
    expect(await runDurableObjectAlarm(objectOf(body.id))).toBe(true);
    const test = await pollUntil(browser, live, body.id, bars.at(-2)!.t);
    expect(test.recentBars).toEqual(bars.slice(firstLive, -1));
    const lastBefore = Date.parse(before.lastBarAt!);
    const backfill = (await live.calls()).filter((call) =>
      call.includes(`from=${(lastBefore + FEED_INTERVAL_MS) / 1000}&to=`),
    );
    expect(backfill).toHaveLength(1);
    const replay = (await (
      await browser.request(`/api/forward-tests/${body.id}/replay`)
    ).json()) as ForwardTestReplay;
    expect(replay.identical).toBe(true);
    await browser.request(`/api/forward-tests/${body.id}/stop`, { method: 'POST' });
  });

  it('stops polling when its last test stops', async () => {
    const browser = await enterprise();
    const live = stockFeed(400, 50);
    const { body } = await start(browser, live.bindings);
    const bars = allFeedBars(live.settings);
    await pollUntil(browser, live, body.id, bars[live.settings.history + 2]!.t);
    const stopped = await browser.request(`/api/forward-tests/${body.id}/stop`, { method: 'POST' });
    expect(await stopped.json()).toEqual({ status: 'stopped' });
    expect(await live.stream().status()).toMatchObject({ followers: 0 });
    // No poll alarm is left, and the provider hears nothing more.
    expect(await runDurableObjectAlarm(live.stream())).toBe(false);
    const calls = (await live.calls()).length;
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect((await live.calls()).length).toBe(calls);
    expect((await readForwardTest(browser, body.id)).status).toBe('stopped');
  });

  it('refuses a stock without the provider, and a timeframe the provider has no intraday bars of', async () => {
    const browser = await enterprise();
    const live = stockFeed(40, 1000);
    const unconfigured = await start(browser, { MARKET_DATA_URL: '' });
    expect(unconfigured.status).toBe(400);
    expect(unconfigured.body.error!.message).toContain('Binance pairs, and on stocks where this server');
    const quarter = await start(browser, live.bindings, { ...STOCK_SMA_3_8, timeframe: '15 min' });
    expect(quarter.status).toBe(400);
    expect(quarter.body.error!.message).toContain('1 min, 5 min or 1 hour');
    const upload = await start(browser, live.bindings, { ...STOCK_SMA_3_8, exchange: 'UPLOAD' });
    expect(upload.status).toBe(400);
    expect(await live.calls()).toEqual([]);
  });
});
