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
