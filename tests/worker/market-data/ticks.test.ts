/**
 * Trades (ticks) through the real app: GET /api/market/ticks from each source (Binance's
 * aggTrades, the provider's US tick API, an uploaded tick file), their limits and refusals, the
 * R2 store of finished days, and backtests with intrabar "ticks". Every source is a local fake
 * (tests/worker/fakes: binance.ts, eodhd-ticks.ts and their trade-stream.ts).
 */
import { env } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import type { BacktestResultBody } from '../../../src/shared/api/backtests';
import { binanceCalls, fakeBinanceUrl } from '../fakes/binance';
import { fakeProvider, providerRequests } from '../fakes/fake-provider-for-test';
import { QUIET_MS, TRADE_MS } from '../fakes/trade-stream';
import { signUpWithPlan, type TestBrowser } from '../test-client';

const DAY = '2026-11-02';
const DAY_START = Date.parse(`${DAY}T00:00:00Z`);
const DAY_MS = 86_400_000;
/** The fake's trades in one whole UTC day. */
const TRADES_PER_DAY = (DAY_MS - QUIET_MS) / TRADE_MS;

interface TicksBody {
  ticks: { t: number[]; p: number[]; q: number[] };
  source: string;
  error?: { code: string; message: string; fields?: { path: string; message: string }[] };
}

const binance = (mode = 'ticks') => {
  const url = fakeBinanceUrl(mode);
  return { url, bindings: { BINANCE_API_URL: url, MARKET_DATA_TIMEOUT_MS: '5000' } };
};

async function ticksOf(browser: TestBrowser, query: string, bindings: Partial<Cloudflare.Env>) {
  const res = await browser.request(`/api/market/ticks?${query}`, {}, bindings);
  return { status: res.status, body: (await res.json()) as TicksBody };
}

const enterprise = async () => (await signUpWithPlan('enterprise')).browser;
const BTC_DAY = `exchange=BINANCE&symbol=BTCUSDT&from=${DAY}T00:00:00Z&to=2026-11-03T00:00:00Z`;

describe('GET /api/market/ticks from Binance', () => {
  it('reads every trade of a day within Binance’s limits: an hour a call to find the first, then fromId pages of 1,000', async () => {
    const { url, bindings } = binance();
    const { status, body } = await ticksOf(await enterprise(), BTC_DAY, bindings);
    expect(status).toBe(200);
    expect(body.source).toBe('binance');
    expect(body.ticks.t).toHaveLength(TRADES_PER_DAY);
    expect(body.ticks.t[0]).toBe(DAY_START + QUIET_MS);
    expect(body.ticks.t.at(-1)).toBe(DAY_START + DAY_MS - TRADE_MS);
    expect(body.ticks.t.every((t, i) => i === 0 || t > body.ticks.t[i - 1]!)).toBe(true);
    const calls = await binanceCalls(url);
    expect(calls.every((call) => call.startsWith('/api/v3/aggTrades?') && call.includes('limit=1000'))).toBe(
      true,
    );
    // 00:00-01:00 and 01:00-02:00 by time (the first trade is at 01:30), then by id.
    const windows = calls.filter((call) => call.includes('startTime'));
    expect(windows).toHaveLength(2);
    for (const call of windows) {
      const query = new URLSearchParams(call.split('?')[1]);
      expect(Number(query.get('endTime')) - Number(query.get('startTime'))).toBeLessThan(3_600_000);
    }
    expect(calls.length - windows.length).toBe(Math.ceil(TRADES_PER_DAY / 1000));
  });

  it('keeps a finished day in R2 and reads it there next time, without a call', async () => {
    const { url, bindings } = binance();
    const browser = await enterprise();
    const first = await ticksOf(browser, BTC_DAY, bindings);
    const callsAfterFirst = (await binanceCalls(url)).length;
    const { objects } = await env.TICKS.list({ prefix: 'ticks/v1/binance/' });
    expect(objects.map((object) => object.key)).toContainEqual(
      `ticks/v1/binance/${new URL(url).host}${new URL(url).pathname}/BTCUSDT/${DAY}`,
    );
    const second = await ticksOf(browser, `${BTC_DAY.replace('T00:00:00Z&to', 'T06:00:00Z&to')}`, bindings);
    expect(await binanceCalls(url)).toHaveLength(callsAfterFirst);
    expect(second.body.ticks.t).toEqual(first.body.ticks.t.filter((t) => t >= DAY_START + 6 * 3_600_000));
  });

  it('does not keep a day that is not over', async () => {
    const { url, bindings } = binance();
    const today = new Date().toISOString().slice(0, 10);
    const from = Date.parse(`${today}T00:00:00Z`);
    const { status } = await ticksOf(
      await enterprise(),
      `exchange=BINANCE&symbol=ETHUSDT&from=${today}T00:00:00Z&to=${new Date(from + DAY_MS).toISOString()}`,
      bindings,
    );
    expect(status).toBe(200);
    const prefix = `ticks/v1/binance/${new URL(url).host}${new URL(url).pathname}/ETHUSDT/`;
    expect((await env.TICKS.list({ prefix })).objects).toHaveLength(0);
  });

  it('waits out a Retry-After of a second, and names a longer one (418) in a 502', async () => {
    const retried = binance('ticks-retry');
    const ok = await ticksOf(
      await enterprise(),
      BTC_DAY.replace('T00:00:00Z&to=2026-11-03T00:00:00Z', 'T02:00:00Z&to=2026-11-02T03:00:00Z'),
      retried.bindings,
    );
    expect(ok.status).toBe(200);
    expect(ok.body.ticks.t).toHaveLength(3_600_000 / TRADE_MS);

    const banned = binance('banned');
    const refused = await ticksOf(await enterprise(), BTC_DAY, banned.bindings);
    expect(refused.status).toBe(502);
    expect(refused.body.error?.message).toMatch(/Status: 418 .*retry after 120 s/);
    expect(await binanceCalls(banned.url)).toHaveLength(1);
  });
});

describe('GET /api/market/ticks from the provider’s US tick API', () => {
  it('pages a day of parallel arrays 10,000 at a time in epoch seconds, with no trade lost or repeated', async () => {
    const { token, bindings } = fakeProvider('good', 5000);
    const { status, body } = await ticksOf(
      await enterprise(),
      `exchange=US&symbol=AAPL&from=${DAY}T00:00:00Z&to=2026-11-03T00:00:00Z`,
      bindings,
    );
    expect(status).toBe(200);
    expect(body.source).toBe('eodhd');
    expect(body.ticks.t).toHaveLength(TRADES_PER_DAY);
    expect(new Set(body.ticks.t).size).toBe(TRADES_PER_DAY);
    const requests = await providerRequests(token);
    expect(requests.length).toBe(Math.ceil(TRADES_PER_DAY / 9_999));
    expect(requests[0]).toMatch(
      new RegExp(
        `^/api/ticks/\\?s=AAPL&from=${DAY_START / 1000}&to=${(DAY_START + DAY_MS) / 1000 - 1}&limit=10000&fmt=json$`,
      ),
    );
  });

  it('answers 502 when the provider refuses (429)', async () => {
    const { bindings } = fakeProvider('ticks-limit', 5000);
    const { status, body } = await ticksOf(
      await enterprise(),
      `exchange=US&symbol=AAPL&from=${DAY}T00:00:00Z&to=${DAY}T12:00:00Z`,
      bindings,
    );
    expect(status).toBe(502);
    expect(body.error?.message).toMatch(/429/);
  });
});

describe('GET /api/market/ticks refusals', () => {
  it('is Enterprise’s: 402 naming it, before any call', async () => {
    const { url, bindings } = binance();
    const { browser } = await signUpWithPlan('pro');
    const { status, body } = await ticksOf(browser, BTC_DAY, bindings);
    expect(status).toBe(402);
    expect(body.error?.message).toBe(
      'Tick data is in the Enterprise plan; the Professional plan has bars only.',
    );
    expect(await binanceCalls(url)).toHaveLength(0);
  });

  it('validates the query with field paths: instants, their order, at most a day', async () => {
    const browser = await enterprise();
    const { bindings } = binance();
    const missing = await ticksOf(
      browser,
      'exchange=BINANCE&symbol=BTCUSDT&to=2026-11-03T00:00:00Z',
      bindings,
    );
    expect(missing.status).toBe(400);
    expect(missing.body.error?.fields?.map((field) => field.path)).toContain('from');
    const dateOnly = await ticksOf(
      browser,
      'exchange=BINANCE&symbol=BTCUSDT&from=2026-11-02&to=2026-11-03T00:00:00Z',
      bindings,
    );
    expect(dateOnly.body.error?.fields?.[0]).toMatchObject({ path: 'from' });
    const long = await ticksOf(
      browser,
      `exchange=BINANCE&symbol=BTCUSDT&from=${DAY}T00:00:00Z&to=2026-11-03T00:00:01Z`,
      bindings,
    );
    expect(long.status).toBe(400);
    expect(long.body.error?.fields).toEqual([
      { path: 'to', message: 'At most one day of trades per request' },
    ]);
    const reversed = await ticksOf(
      browser,
      `exchange=BINANCE&symbol=BTCUSDT&from=${DAY}T02:00:00Z&to=${DAY}T01:00:00Z`,
      bindings,
    );
    expect(reversed.body.error?.fields).toEqual([{ path: 'to', message: 'to must be after from' }]);
  });

  it('answers 400 for an exchange without a source of trades, and 401 signed out', async () => {
    const { status, body } = await ticksOf(
      await enterprise(),
      `exchange=LSE&symbol=VOD&from=${DAY}T00:00:00Z&to=${DAY}T12:00:00Z`,
      {},
    );
    expect(status).toBe(400);
    expect(body.error?.message).toMatch(/^No source of trades serves LSE/);
    const { bindings } = binance();
    const { TestBrowser } = await import('../test-client');
    expect((await ticksOf(new TestBrowser(), BTC_DAY, bindings)).status).toBe(401);
  });
});

/** A run that enters at every bar's open with a 1% target and a 1% stop, both reached in every bar. */
const TICK_RUN = {
  exchange: 'BINANCE',
  stock: 'BTCUSDT',
  fromDate: DAY,
  toDate: DAY,
  timeframe: '5 min',
  transactionType: 'buy',
  intrabar: 'ticks',
  entry: { valueBased: [{ indicator: 'RSI', logic: 'Greater Than', number: '1' }] },
  exitCriteria: {
    targetProfit: { type: 'percentage', value: '1' },
    stopLoss: { type: 'percentage', value: '1' },
  },
};

describe('backtests with intrabar "ticks"', () => {
  it('runs a single standard backtest only: an ML run on ticks answers 400, before any call', async () => {
    const { url, bindings } = binance();
    const res = await (
      await enterprise()
    ).request(
      '/api/backtests',
      {
        json: {
          ...TICK_RUN,
          mode: 'ml',
          ml: { model: 'logistic', walkForward: { trainBars: 100, testBars: 50 } },
        },
      },
      bindings,
    );
    expect(res.status).toBe(400);
    expect(((await res.json()) as { error: { message: string } }).error.message).toMatch(
      /^Intrabar precision from ticks runs a single standard backtest/,
    );
    expect(await binanceCalls(url)).toHaveLength(0);
  });

  it('run for Enterprise on Binance’s trades: every trade of the day read, the target reached first in each bar', async () => {
    const { url, bindings } = binance();
    const browser = await enterprise();
    const res = await browser.request('/api/backtests', { json: TICK_RUN }, bindings);
    expect(res.status).toBe(201);
    const { result } = (await res.json()) as { result: BacktestResultBody };
    expect(result.intrabar?.mode).toBe('ticks');
    // The day's trades and its warm-up days' (whole UTC days before it).
    expect(result.intrabar!.ticks % TRADES_PER_DAY).toBe(0);
    expect(result.intrabar!.ticks).toBeGreaterThanOrEqual(2 * TRADES_PER_DAY);
    expect(result.trades.length).toBeGreaterThan(100);
    expect(result.trades.every((trade) => trade.exitReason === 'target' || trade.exitReason === 'end')).toBe(
      true,
    );
    expect(result.intrabar!.exitsDecidedByTicks).toBeGreaterThan(100);
    expect(result.intrabar!.changedFromBars).toBeGreaterThan(100);
    expect((await binanceCalls(url)).every((call) => call.startsWith('/api/v3/aggTrades'))).toBe(true);

    // The same run on bars takes the stop in each bar (the bar convention).
    const onBars = await browser.request(
      '/api/backtests',
      { json: { ...TICK_RUN, intrabar: 'bars' } },
      bindings,
    );
    const bars = ((await onBars.json()) as { result: BacktestResultBody }).result;
    expect(bars.trades.filter((trade) => trade.exitReason === 'stop').length).toBeGreaterThan(100);
  });

  it('runs on the provider’s US trades within the regular session', async () => {
    const { bindings } = fakeProvider('good', 5000);
    const browser = await enterprise();
    const res = await browser.request(
      '/api/backtests',
      { json: { ...TICK_RUN, exchange: 'US', stock: 'AAPL', fromDate: '2026-11-03', toDate: '2026-11-03' } },
      bindings,
    );
    expect(res.status).toBe(201);
    const { result } = (await res.json()) as { result: BacktestResultBody };
    expect(result.intrabar?.ticks).toBeGreaterThan(0);
    // 09:30 to 16:00 New York is 14:30 to 21:00 UTC in November.
    for (const trade of result.trades) {
      const minute = (Date.parse(trade.entryTime) % DAY_MS) / 60_000;
      expect(minute).toBeGreaterThanOrEqual(14 * 60 + 30);
      expect(minute).toBeLessThan(21 * 60);
    }
  });

  it('is Enterprise’s: Professional gets 402 naming Enterprise, before any call', async () => {
    const { url, bindings } = binance();
    const { browser } = await signUpWithPlan('pro');
    const res = await browser.request('/api/backtests', { json: TICK_RUN }, bindings);
    expect(res.status).toBe(402);
    const { error } = (await res.json()) as { error: { message: string; fields: { path: string }[] } };
    expect(error.message).toMatch(
      /^Intrabar precision from ticks is in the Enterprise plan; the Professional plan/,
    );
    expect(error.fields[0]!.path).toBe('intrabar');
    expect(await binanceCalls(url)).toHaveLength(0);
  });

  it('refuses with 400 naming the limit: more days than a run on ticks covers, no source of trades', async () => {
    const { url, bindings } = binance();
    const browser = await enterprise();
    const long = await browser.request(
      '/api/backtests',
      { json: { ...TICK_RUN, fromDate: '2026-10-20', toDate: '2026-10-27' } },
      bindings,
    );
    expect(long.status).toBe(400);
    expect(((await long.json()) as { error: { message: string } }).error.message).toMatch(
      /^A run on ticks covers at most 7 days \(this one 8\)/,
    );
    const lse = await browser.request(
      '/api/backtests',
      { json: { ...TICK_RUN, exchange: 'LSE', stock: 'VOD' } },
      bindings,
    );
    expect(lse.status).toBe(400);
    expect(await binanceCalls(url)).toHaveLength(0);
  });
});

/** Two days of trades as a tick file: every 5-minute bar rises 1.5% then falls 1.5% from a rising base, as the fakes' stream. */
function tickCsv(): string {
  const rows = ['time,price,size'];
  for (let t = Date.parse('2026-10-05T00:00:00Z'); t < Date.parse('2026-10-07T00:00:00Z'); t += 15_000) {
    const i = (t % 300_000) / 300_000;
    const move =
      i < 0.4
        ? 0.015 * (i / 0.4)
        : i < 0.8
          ? 0.015 - 0.03 * ((i - 0.4) / 0.4)
          : -0.015 * (1 - (i - 0.8) / 0.2);
    const base = 100 + Math.floor((t % DAY_MS) / 300_000) / 100;
    rows.push(`${new Date(t).toISOString()},${(base * (1 + move)).toFixed(4)},1`);
  }
  return `${rows.join('\n')}\n`;
}

const uploadTicks = (browser: TestBrowser, csv: string) =>
  browser.request('/api/datasets?kind=ticks&name=trades', {
    method: 'POST',
    body: csv,
    headers: { 'content-type': 'text/csv' },
  });

describe('uploaded tick files', () => {
  it('are stored as a dataset of kind ticks, read by GET /api/market/ticks and run with intrabar ticks', async () => {
    const browser = await enterprise();
    const res = await uploadTicks(browser, tickCsv());
    expect(res.status).toBe(201);
    const { dataset } = (await res.json()) as { dataset: { id: string; kind: string; rows: number } };
    expect(dataset).toMatchObject({ kind: 'ticks', rows: 2 * 5760 });

    const { status, body } = await ticksOf(
      browser,
      `exchange=UPLOAD&symbol=${dataset.id}&from=2026-10-06T00:00:00Z&to=2026-10-06T01:00:00Z`,
      {},
    );
    expect(status).toBe(200);
    expect(body.source).toBe('upload');
    expect(body.ticks.t).toHaveLength(240);

    const run = await browser.request('/api/backtests', {
      json: {
        ...TICK_RUN,
        exchange: 'UPLOAD',
        stock: dataset.id,
        fromDate: '2026-10-06',
        toDate: '2026-10-06',
      },
    });
    expect(run.status).toBe(201);
    const { result } = (await run.json()) as { result: BacktestResultBody };
    expect(result.intrabar!.exitsDecidedByTicks).toBeGreaterThan(100);
    expect(result.trades.every((trade) => trade.exitReason === 'target' || trade.exitReason === 'end')).toBe(
      true,
    );

    // On bars the file is refused: it holds trades.
    const onBars = await browser.request('/api/backtests', {
      json: {
        ...TICK_RUN,
        intrabar: 'bars',
        exchange: 'UPLOAD',
        stock: dataset.id,
        fromDate: '2026-10-06',
        toDate: '2026-10-06',
      },
    });
    expect(onBars.status).toBe(400);
    expect(((await onBars.json()) as { error: { message: string } }).error.message).toMatch(
      /holds trades, not bars/,
    );
  });

  it('are Enterprise’s (402) and name the line of a malformed row (400)', async () => {
    const { browser } = await signUpWithPlan('pro');
    const refused = await uploadTicks(browser, tickCsv());
    expect(refused.status).toBe(402);
    expect(((await refused.json()) as { error: { message: string } }).error.message).toMatch(
      /Enterprise plan/,
    );

    const malformed = await uploadTicks(
      await enterprise(),
      'time,price,size\n2026-10-05T00:00:00Z,100,1\n2026-10-05T00:00:01Z,abc,1\n',
    );
    expect(malformed.status).toBe(400);
    const { error } = (await malformed.json()) as { error: { message: string; fields: { path: string }[] } };
    expect(error.message).toMatch(/^The file is not valid tick data: .*line 3/i);
    expect(error.fields[0]!.path).toBe('file');
  });
});
