/**
 * 1-minute bars are Enterprise's: GET /api/market/candles?timeframe=1m and a backtest on the
 * 1 min timeframe answer 402 naming Enterprise on every other plan and signed out, before any
 * call to the provider (here the fake Binance, whose klines are built from its trades).
 */
import { describe, expect, it } from 'vitest';
import { binanceCalls, fakeBinanceUrl } from '../fakes/binance';
import { fakeProvider, providerRequests } from '../fakes/fake-provider-for-test';
import { signUpWithPlan, TestBrowser } from '../test-client';

const MINUTES =
  '/api/market/candles?exchange=BINANCE&symbol=BTCUSDT&timeframe=1m&from=2026-11-02&to=2026-11-02';

interface ErrorBody {
  error: { message: string; fields?: { path: string; message: string }[] };
}

function binance() {
  const url = fakeBinanceUrl('ticks');
  return { url, bindings: { BINANCE_API_URL: url, MARKET_DATA_TIMEOUT_MS: '5000' } };
}

describe('1-minute bars', () => {
  it.each([
    ['basic', /the Basic plan loads 5 min bars and longer/],
    ['pro', /the Professional plan loads 5 min bars and longer/],
  ] as const)('answer 402 naming Enterprise on the %s plan, before any call', async (plan, why) => {
    const { url, bindings } = binance();
    const { browser } = await signUpWithPlan(plan);
    const res = await browser.request(MINUTES, {}, bindings);
    expect(res.status).toBe(402);
    const { error } = (await res.json()) as ErrorBody;
    expect(error.message).toMatch(/^1-minute bars are in the Enterprise plan; /);
    expect(error.message).toMatch(why);
    expect(error.fields?.[0]?.path).toBe('timeframe');
    expect(await binanceCalls(url)).toHaveLength(0);

    // The same bars on 5 minutes are the plan's.
    const fiveMinutes = await browser.request(MINUTES.replace('=1m', '=5m'), {}, bindings);
    expect(fiveMinutes.status).toBe(200);
  });

  it('answer 402 naming Enterprise to a visitor signed out, before any call', async () => {
    const { url, bindings } = binance();
    const res = await new TestBrowser().request(MINUTES, {}, bindings);
    expect(res.status).toBe(402);
    expect(((await res.json()) as ErrorBody).error.message).toBe(
      '1-minute bars are in the Enterprise plan; sign in with it to load them.',
    );
    expect(await binanceCalls(url)).toHaveLength(0);
  });

  it('are asked of the provider for Enterprise', async () => {
    const { token, bindings } = fakeProvider('good', 5000);
    const { browser } = await signUpWithPlan('enterprise');
    const res = await browser.request(
      '/api/market/candles?exchange=US&symbol=AAPL&timeframe=1m&from=2026-11-03&to=2026-11-03',
      {},
      bindings,
    );
    expect(res.status).toBe(200);
    const { candles } = (await res.json()) as { candles: { t: number[] } };
    expect(candles.t.length).toBeGreaterThan(0);
    // The provider is asked for its 1-minute bars (the fake answers a bar every 5 minutes).
    const requests = await providerRequests(token);
    expect(requests.some((path) => path.includes('/api/intraday/') && path.includes('interval=1m'))).toBe(
      true,
    );
  });

  it('come from Binance by the UTC day for Enterprise, closed days then from the cache', async () => {
    const { url, bindings } = binance();
    const { browser } = await signUpWithPlan('enterprise');
    const res = await browser.request(`${MINUTES}&warmup=30`, {}, bindings);
    expect(res.status).toBe(200);
    const { candles, source } = (await res.json()) as { candles: { t: number[] }; source: string };
    expect(source).toBe('binance');
    // Every minute of the day with trades (from 01:30) and 30 warm-up bars from the day before.
    expect(candles.t.at(-1)! - candles.t[0]!).toBeGreaterThan(22 * 3_600_000);
    expect(candles.t.every((t, i, all) => i === 0 || t - all[i - 1]! >= 60_000)).toBe(true);
    const calls = await binanceCalls(url);
    // The three UTC days the answer reaches (the range, its warm-up and a day's margin before
    // it), fetched as one span of 4,320 bars: 5 calls of 1,000.
    expect(calls).toHaveLength(5);
    expect(calls.every((call) => call.includes('interval=1m'))).toBe(true);
    const again = await browser.request(`${MINUTES}&warmup=30`, {}, bindings);
    expect(((await again.json()) as { candles: { t: number[] } }).candles.t).toEqual(candles.t);
    expect(await binanceCalls(url)).toHaveLength(5);
  });

  it('answer 400 naming the days that always fit when a range needs more calls than one answer makes', async () => {
    const { url, bindings } = binance();
    const { browser } = await signUpWithPlan('enterprise');
    const res = await browser.request(MINUTES.replace('from=2026-11-02', 'from=2026-10-01'), {}, bindings);
    expect(res.status).toBe(400);
    expect(((await res.json()) as ErrorBody).error.message).toBe(
      'Binance answers 1,000 bars a call and one request may make 40 calls: a range of up to 15 days of one-minute bars always fits. Choose a shorter range or a longer timeframe.',
    );
    expect(await binanceCalls(url)).toHaveLength(0);
  });

  it('in a backtest answer 402 naming Enterprise on the Professional plan, before any call', async () => {
    const { url, bindings } = binance();
    const { browser } = await signUpWithPlan('pro');
    const res = await browser.request(
      '/api/backtests',
      {
        json: {
          exchange: 'BINANCE',
          stock: 'BTCUSDT',
          fromDate: '2026-11-02',
          toDate: '2026-11-02',
          timeframe: '1 min',
          transactionType: 'buy',
          entry: { valueBased: [{ indicator: 'RSI', logic: 'Greater Than', number: '50' }] },
        },
      },
      bindings,
    );
    expect(res.status).toBe(402);
    const { error } = (await res.json()) as ErrorBody;
    expect(error.message).toMatch(/^The 1 min timeframe is in the Enterprise plan/);
    expect(error.fields?.[0]?.path).toBe('timeframe');
    expect(await binanceCalls(url)).toHaveLength(0);
  });
});
