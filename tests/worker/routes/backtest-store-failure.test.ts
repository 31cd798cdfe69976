/**
 * D1 failing in the middle of storing a backtest: the engine has run, then the INSERT fails
 * (as when D1 drops the connection). Nothing may be half-written and the quota not consumed.
 */
import { env } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import { countRows, TestBrowser } from '../test-client';

const REQUEST = {
  exchange: 'US',
  stock: 'AAPL',
  fromDate: '2023-09-01',
  toDate: '2023-09-29',
  timeframe: '1 day',
  entry: { valueBased: [{ indicator: 'RSI', logic: 'Less Than', number: '70' }] },
};

/** The real D1, except that statements writing `table` fail when run, as a dropped connection does. */
function failingWrites(db: D1Database, table: string): { db: D1Database; attempts: () => number } {
  let attempts = 0;
  const failing = {
    bind: () => failing,
    run: () => {
      attempts++;
      return Promise.reject(new Error('D1_ERROR: Network connection lost.'));
    },
    first: () => failing.run(),
    all: () => failing.run(),
    raw: () => failing.run(),
  };
  const writes = new RegExp(`^\\s*INSERT INTO ${table}\\b`, 'i');
  const proxy = new Proxy(db, {
    get(target, property) {
      if (property === 'prepare') {
        return (sql: string) => (writes.test(sql) ? failing : target.prepare(sql));
      }
      const value = Reflect.get(target, property) as unknown;
      return typeof value === 'function' ? (value as (...args: unknown[]) => unknown).bind(target) : value;
    },
  });
  return { db: proxy as D1Database, attempts: () => attempts };
}

const storedRuns = (userId: string) => countRows('backtests', 'user_id', userId);

describe('a D1 failure while a backtest is stored', () => {
  it('answers 500 in the JSON shape, writes nothing, and leaves the month’s quota whole', async () => {
    const browser = new TestBrowser();
    const { user } = (await (
      await browser.register(`d1-fault-${crypto.randomUUID().slice(0, 8)}@example.com`)
    ).json()) as {
      user: { id: string };
    };
    const broken = failingWrites(env.DB, 'backtests');
    for (let i = 0; i < 3; i++) {
      const res = await browser.request('/api/backtests', { json: REQUEST }, { DB: broken.db });
      expect(res.status).toBe(500);
      expect(await res.json()).toEqual({
        error: { code: 'internal_error', message: 'Something went wrong on our side. Please try again.' },
      });
    }
    expect(broken.attempts()).toBe(3);
    expect(await storedRuns(user.id)).toBe(0);
    expect(
      ((await (await browser.request('/api/backtests')).json()) as { backtests: unknown[] }).backtests,
    ).toEqual([]);

    // A basic plan's five runs are all still there once D1 is back.
    for (let i = 0; i < 5; i++)
      expect((await browser.request('/api/backtests', { json: REQUEST })).status).toBe(201);
    expect((await browser.request('/api/backtests', { json: REQUEST })).status).toBe(402);
    expect(await storedRuns(user.id)).toBe(5);
  });
});
