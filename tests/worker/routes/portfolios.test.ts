/**
 * Portfolios through the real app and D1: CRUD private to the owner, the plan's number of
 * portfolios, and a portfolio backtest that runs the strategy on every symbol with one capital,
 * stores one run (one of the month's quota) with the per-symbol breakdown.
 */
import { env } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import { insertPortfolio } from '../../../src/worker/db/portfolios';
import type { BacktestResultBody } from '../../../src/shared/api/backtests';
import type { Portfolio } from '../../../src/shared/portfolio';
import { fakeProvider } from '../fakes/fake-provider-for-test';
import { type TestBrowser, signUpWithPlan } from '../test-client';
import { backtestRequest, portfolioRequest, smaCrossing } from '../../fixtures/requests';

const account = async (plan: 'basic' | 'pro' | 'enterprise' = 'basic') =>
  (await signUpWithPlan(plan)).browser;

const THREE = portfolioRequest();

/** SMA 5/20 crossings on a year of daily bars; the portfolio names the symbols. */
const STRATEGY = backtestRequest({
  exchange: undefined,
  stock: undefined,
  fromDate: '2023-01-02',
  toDate: '2023-12-29',
  timeframe: '1 day',
  entry: { parameters: [smaCrossing('Crosses Above', 5, 20)] },
  exit: { parameters: [smaCrossing('Crosses Below', 5, 20)] },
});

async function save(browser: TestBrowser, body: object = THREE) {
  const res = await browser.request('/api/portfolios', { json: body });
  return {
    status: res.status,
    body: (await res.json()) as Portfolio & { error?: { message: string; fields?: unknown } },
  };
}

describe('portfolios', () => {
  it('are saved with upper-case codes, listed, edited and deleted by their owner only', async () => {
    const owner = await account('pro');
    const saved = await save(owner);
    expect(saved.status).toBe(201);
    expect(saved.body.symbols.map((s) => `${s.exchange}:${s.symbol}`)).toEqual([
      'US:AAPL',
      'US:MSFT',
      'NSE:RELIANCE',
    ]);
    const other = await account('pro');
    expect((await other.request(`/api/portfolios/${saved.body.id}`)).status).toBe(404);
    expect(await (await other.request('/api/portfolios')).json()).toEqual({ portfolios: [] });

    const renamed = await owner.request(`/api/portfolios/${saved.body.id}`, {
      method: 'PUT',
      json: {
        ...THREE,
        name: 'Two',
        symbols: THREE.symbols.slice(0, 2).map((s, i) => ({ ...s, weight: i === 0 ? 0.6 : 0.4 })),
      },
    });
    expect(renamed.status).toBe(200);
    expect(((await renamed.json()) as Portfolio).symbols.map((s) => s.weight)).toEqual([0.6, 0.4]);
    expect((await other.request(`/api/portfolios/${saved.body.id}`, { method: 'DELETE' })).status).toBe(404);
    expect((await owner.request(`/api/portfolios/${saved.body.id}`, { method: 'DELETE' })).status).toBe(204);
    expect(await (await owner.request('/api/portfolios')).json()).toEqual({ portfolios: [] });
  });

  it('refuse repeated symbols, partial weights and weights that do not add up to 1, naming the field', async () => {
    const browser = await account();
    const repeated = await save(browser, {
      name: 'x',
      symbols: [
        { exchange: 'US', symbol: 'AAPL' },
        { exchange: 'US', symbol: 'aapl' },
      ],
    });
    expect(repeated.status).toBe(400);
    expect(repeated.body.error?.fields).toEqual([
      { path: 'symbols.1.symbol', message: 'AAPL (US) is already in the portfolio' },
    ]);
    const partial = await save(browser, {
      name: 'x',
      symbols: [
        { exchange: 'US', symbol: 'AAPL', weight: 1 },
        { exchange: 'US', symbol: 'KO' },
      ],
    });
    expect(partial.body.error?.fields).toEqual([
      { path: 'symbols.1.weight', message: 'Give every symbol a weight, or none for equal weights' },
    ]);
    const sum = await save(browser, {
      name: 'x',
      symbols: [
        { exchange: 'US', symbol: 'AAPL', weight: 0.5 },
        { exchange: 'US', symbol: 'KO', weight: 0.6 },
      ],
    });
    expect(sum.body.error?.fields).toEqual([
      { path: 'symbols', message: 'The weights must add up to 1; they add up to 1.1' },
    ]);
    const many = await save(browser, {
      name: 'x',
      symbols: Array.from({ length: 21 }, (_, i) => ({ exchange: 'US', symbol: `S${i}` })),
    });
    expect(many.body.error?.fields).toEqual([
      { path: 'symbols', message: 'A portfolio holds at most 20 symbols' },
    ]);
  });

  it('are limited to 1 on Basic and 10 on Pro, with 402 naming the limit', async () => {
    const basic = await account();
    expect((await save(basic)).status).toBe(201);
    const second = await save(basic);
    expect(second.status).toBe(402);
    expect(second.body.error?.message).toBe(
      'Your Basic plan keeps 1 portfolio. Delete one or upgrade your plan (see /pricing).',
    );
    const pro = await account('pro');
    for (let i = 0; i < 10; i++) expect((await save(pro)).status).toBe(201);
    expect((await save(pro)).body.error?.message).toMatch(/^Your Professional plan keeps 10 portfolios\./);
  });

  it('run as one backtest: every symbol with one capital, a per-symbol breakdown, one of the month’s quota', async () => {
    const browser = await account();
    const { body: portfolio } = await save(browser);
    const res = await browser.request(`/api/portfolios/${portfolio.id}/backtests`, { json: STRATEGY });
    expect(res.status).toBe(201);
    const { id, result } = (await res.json()) as { id: string; result: BacktestResultBody };
    const breakdown = result.portfolio!;
    expect(breakdown.name).toBe(THREE.name);
    expect(breakdown.symbols.map((s) => [s.exchange, s.symbol, s.weight])).toEqual([
      ['US', 'AAPL', 1 / 3],
      ['US', 'MSFT', 1 / 3],
      ['NSE', 'RELIANCE', 1 / 3],
    ]);
    const contributions = breakdown.symbols.reduce((sum, s) => sum + s.contributionPct, 0);
    expect(contributions).toBeCloseTo(result.metrics.totalReturnPct, 8);
    expect(result.metrics.tradeCount).toBe(
      breakdown.symbols.reduce((sum, s) => sum + s.metrics.tradeCount, 0),
    );
    expect(new Set(result.trades.map((trade) => trade.symbol))).toEqual(
      new Set(['AAPL', 'MSFT', 'RELIANCE']),
    );
    expect(breakdown.correlation.symbols).toEqual(['AAPL', 'MSFT', 'RELIANCE']);
    expect(breakdown.correlation.matrix.map((row, i) => row[i])).toEqual([1, 1, 1]);
    expect(result.data.source).toBe('synthetic');
    expect(result.curve.equity[0]).toBeCloseTo(100000, 6);

    const stored = (await (await browser.request(`/api/backtests/${id}`)).json()) as {
      exchange: string;
      stock: string;
    };
    expect([stored.exchange, stored.stock]).toEqual(['PORTFOLIO', THREE.name]);
    expect(((await (await browser.request('/api/usage')).json()) as { used: number }).used).toBe(1);
  });

  it('state each symbol’s data quality and their sum: the tested span of each and of the whole', async () => {
    const browser = await account('pro');
    const { body: portfolio } = await save(browser, {
      name: 'Sample and synthetic',
      symbols: [
        { exchange: 'INDX', symbol: 'GSPC' },
        { exchange: 'NSE', symbol: 'TCS' },
      ],
    });
    const res = await browser.request(`/api/portfolios/${portfolio.id}/backtests`, {
      json: { ...STRATEGY, fromDate: '2019-01-01', toDate: '2020-12-31' },
    });
    expect(res.status).toBe(201);
    const { result } = (await res.json()) as { result: BacktestResultBody };
    const [sample, synthetic] = result.portfolio!.symbols.map((member) => member.dataQuality!);
    // The S&P sample ends on 2020-04-17: its span says so, not the asked end.
    expect(sample).toMatchObject({
      source: 'sample',
      adjustment: 'none',
      firstBar: '2019-01-02',
      lastBar: '2020-04-17',
    });
    expect(sample!.suspectJumps.map((jump) => jump.date)).toContain('2020-03-16');
    expect(synthetic).toMatchObject({ source: 'synthetic', firstBar: '2019-01-01', lastBar: '2020-12-31' });
    expect(result.dataQuality).toEqual({
      bars: sample!.bars + synthetic!.bars,
      source: 'synthetic',
      adjustment: 'none',
      duplicatesDropped: 0,
      missingSessions: sample!.missingSessions + synthetic!.missingSessions,
      zeroVolumeBars: sample!.zeroVolumeBars + synthetic!.zeroVolumeBars,
      suspectJumps: [...sample!.suspectJumps, ...synthetic!.suspectJumps].sort((a, b) =>
        a.date.localeCompare(b.date),
      ),
      firstBar: '2019-01-01',
      lastBar: '2020-12-31',
    });
  });

  it('refuse a symbol the plan does not cover, before running, without using the quota', async () => {
    const { browser, id: userId } = await signUpWithPlan('basic');
    // Stored directly: without a market-data provider XETRA is not listed, so saving refuses it.
    const portfolio = (await insertPortfolio(
      env.DB,
      userId,
      {
        name: 'Europe',
        symbols: [
          { exchange: 'US', symbol: 'AAPL' },
          { exchange: 'XETRA', symbol: 'SAP' },
        ],
      },
      null,
    ))!;
    const res = await browser.request(`/api/portfolios/${portfolio.id}/backtests`, { json: STRATEGY });
    expect(res.status).toBe(402);
    expect(((await res.json()) as { error: { message: string } }).error.message).toMatch(
      /^SAP \(XETRA\): The Basic plan covers 10 exchanges/,
    );
    expect(((await (await browser.request('/api/usage')).json()) as { used: number }).used).toBe(0);
  });
});

/** A 400 whose one field is the first symbol, `symbol`, not on the US exchange's list. */
async function expectRefusedAsUnlisted(res: Response, symbol: string) {
  expect(res.status).toBe(400);
  expect(((await res.json()) as { error: { fields: unknown } }).error.fields).toEqual([
    {
      path: 'symbols.0.symbol',
      message: `${symbol} is not listed on USA Stocks: choose a symbol from the exchange's list`,
    },
  ]);
}

describe('portfolio symbols are checked against the exchanges’ lists on save', () => {
  // A time-out no answer of the fake reaches on a busy machine: these tests are not about time.
  const provider = () => fakeProvider('good', 10_000).bindings;

  it('refuse made-up symbols and exchanges, naming each at its field, and save nothing', async () => {
    const browser = await account('pro');
    const res = await browser.request('/api/portfolios', {
      json: {
        name: 'Made up',
        symbols: [
          { exchange: 'US', symbol: 'AAPL' },
          { exchange: 'US', symbol: 'ZZZQX' },
          { exchange: 'NSE', symbol: 'NOTREAL' },
          { exchange: 'MOON', symbol: 'ROCK' },
        ],
      },
    });
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({
      error: {
        code: 'invalid_request',
        message: "Not on the exchanges' lists: ZZZQX (US), NOTREAL (NSE), ROCK (MOON).",
        fields: [
          {
            path: 'symbols.1.symbol',
            message: "ZZZQX is not listed on USA Stocks: choose a symbol from the exchange's list",
          },
          {
            path: 'symbols.2.symbol',
            message:
              "NOTREAL is not listed on National Stock Exchange of India: choose a symbol from the exchange's list",
          },
          { path: 'symbols.3.exchange', message: 'MOON is not an exchange we list' },
        ],
      },
    });
    expect(await (await browser.request('/api/portfolios')).json()).toEqual({ portfolios: [] });
  });

  it('check an edit too', async () => {
    const browser = await account();
    const saved = await save(browser);
    expect(saved.status).toBe(201);
    const res = await browser.request(`/api/portfolios/${saved.body.id}`, {
      method: 'PUT',
      json: { name: 'Edited', symbols: [{ exchange: 'US', symbol: 'NOPE1' }] },
    });
    await expectRefusedAsUnlisted(res, 'NOPE1');
  });

  it('use the market-data provider’s list when there is one', async () => {
    const browser = await account('pro');
    const bindings = provider();
    const listed = await browser.request(
      '/api/portfolios',
      { json: { name: 'Listed', symbols: [{ exchange: 'US', symbol: 'VTI' }] } },
      bindings,
    );
    // VTI is on the provider's list (not the bundled one).
    expect(listed.status).toBe(201);
    const unlisted = await browser.request(
      '/api/portfolios',
      { json: { name: 'Unlisted', symbols: [{ exchange: 'US', symbol: 'MSFT' }] } },
      bindings,
    );
    await expectRefusedAsUnlisted(unlisted, 'MSFT');
  });

  it('take the S&P 500 sample, which is on no exchange list', async () => {
    const browser = await account('pro');
    const saved = await save(browser, {
      name: 'Sample',
      symbols: [
        { exchange: 'INDX', symbol: 'GSPC' },
        { exchange: 'US', symbol: 'KO' },
      ],
    });
    expect(saved.status).toBe(201);
  });
});
