/**
 * The admission gate (src/worker/backtests/admit-run.ts) from every entry point: a backtest, an
 * ML run, a portfolio's backtest and a robustness analysis, each against every limit that
 * applies to it. A refused run answers the limit's one text, calls no provider and is not counted.
 */
import { env } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import { insertPortfolio } from '../../../src/worker/db/portfolios';
import { fakeProvider, providerCalls } from '../fakes/fake-provider-for-test';
import { signUpWithPlan, type TestBrowser, createRun } from '../test-client';

const DAY = 86_400_000;
const daysAgo = (days: number) => new Date(Date.now() - days * DAY).toISOString().slice(0, 10);
const UPGRADE = 'Please upgrade your membership to generate backtesting results.';

const RUN = {
  exchange: 'US',
  stock: 'AAPL',
  fromDate: daysAgo(300),
  toDate: daysAgo(10),
  timeframe: '1 day',
  transactionType: 'buy',
  entry: { valueBased: [{ indicator: 'RSI', logic: 'Less Than', number: '70' }] },
  exitCriteria: { stopLoss: { type: 'percentage', value: '5' } },
};

interface Limit {
  name: string;
  /** What the request changes to meet the limit (a Basic user's). */
  request?: Record<string, unknown>;
  /** Runs already made this month. */
  used?: number;
  grid?: Record<string, number[]>;
  status: number;
  message: string | RegExp;
}

const LIMITS: Limit[] = [
  {
    name: 'dates in order',
    request: { fromDate: daysAgo(10), toDate: daysAgo(300) },
    status: 400,
    message: /is after the to date/,
  },
  {
    name: 'exchanges (INDX beyond the S&P 500 sample)',
    request: { exchange: 'INDX', stock: 'DJI' },
    status: 402,
    message: /INDX needs the Professional plan\.$/,
  },
  {
    name: 'history depth',
    request: { fromDate: daysAgo(800) },
    status: 402,
    message: /^(AAPL \(US\): )?The Basic plan tests 1 year of history/,
  },
  {
    name: 'tick data (Enterprise)',
    request: { intrabar: 'ticks' },
    status: 402,
    message: /Intrabar precision from ticks is in the Enterprise plan; the Basic plan/,
  },
  {
    name: 'the 1 min timeframe (Enterprise)',
    request: { timeframe: '1 min' },
    status: 402,
    message: /The 1 min timeframe is in the Enterprise plan; the Basic plan/,
  },
  { name: 'the month’s runs', used: 5, status: 402, message: UPGRADE },
];

/** A provider that counts its calls, so a refusal can show it called nothing. */
const provider = () => fakeProvider('good');

async function fillQuota(userId: string, runs: number) {
  for (let i = 0; i < runs; i++) {
    await env.DB.prepare(
      `INSERT INTO backtests (id, user_id, exchange, stock, timeframe, mode, source, request_json, summary_json, result_json)
       VALUES (?1, ?2, 'US', 'AAPL', '1 day', 'standard', 'synthetic', '{}', '{}', 'null')`,
    )
      .bind(crypto.randomUUID(), userId)
      .run();
  }
}

const usedThisMonth = async (browser: TestBrowser) =>
  ((await (await browser.request('/api/usage')).json()) as { used: number }).used;

type Bindings = Partial<Cloudflare.Env>;
interface EntryPoint {
  name: string;
  /** Limits that do not apply to this way of starting a run. */
  skips: string[];
  /** Makes what the entry point needs, then returns the request that starts the run. */
  prepare(
    user: { browser: TestBrowser; id: string },
    limit: Limit,
    bindings: Bindings,
  ): Promise<() => Promise<Response>>;
}

const ENTRY_POINTS: EntryPoint[] = [
  {
    name: 'POST /api/backtests',
    skips: [],
    prepare:
      async ({ browser }, limit, bindings) =>
      () =>
        browser.request('/api/backtests', { json: { ...RUN, ...limit.request } }, bindings),
  },
  {
    name: 'POST /api/backtests (ML)',
    skips: [],
    prepare:
      async ({ browser }, limit, bindings) =>
      () =>
        browser.request(
          '/api/backtests',
          {
            json: {
              ...RUN,
              ...limit.request,
              mode: 'ml',
              ml: { model: 'logistic', walkForward: { trainBars: 100, testBars: 50 } },
            },
          },
          bindings,
        ),
  },
  {
    name: 'POST /api/portfolios/:id/backtests',
    skips: [],
    async prepare({ browser, id: userId }, limit, bindings) {
      const { exchange = 'US', stock = 'AAPL', ...request } = { ...RUN, ...limit.request };
      // Stored directly: saving checks the symbols against the lists of this test's market data,
      // and the gate must hold for a portfolio saved when the lists said otherwise.
      const saved = await insertPortfolio(
        env.DB,
        userId,
        {
          name: 'Mine',
          symbols: [
            { exchange, symbol: stock },
            { exchange: 'US', symbol: 'MSFT' },
          ],
        },
        null,
      );
      return () => browser.request(`/api/portfolios/${saved!.id}/backtests`, { json: request }, bindings);
    },
  },
  {
    name: 'POST /api/backtests/:id/robustness (run made on Professional, analysed on Basic)',
    // Runs that cannot be made (on Professional) cannot be analysed.
    skips: ['dates in order', 'tick data (Enterprise)', 'the 1 min timeframe (Enterprise)'],
    async prepare({ browser, id: userId }, limit, bindings) {
      await env.DB.prepare("UPDATE users SET plan = 'pro' WHERE id = ?1").bind(userId).run();
      const { id } = await createRun(browser, { ...RUN, ...limit.request }, bindings);
      await env.DB.prepare("UPDATE users SET plan = 'basic' WHERE id = ?1").bind(userId).run();
      return () =>
        browser.request(
          `/api/backtests/${id}/robustness`,
          { json: { grid: limit.grid ?? { 'exitCriteria.stopLoss.value': [3, 5] } } },
          bindings,
        );
    },
  },
];

describe('the admission gate', () => {
  for (const entry of ENTRY_POINTS) {
    for (const limit of LIMITS.filter((candidate) => !entry.skips.includes(candidate.name))) {
      it(`${entry.name}: ${limit.name}`, async () => {
        const user = await signUpWithPlan('basic');
        const { token, bindings } = provider();
        // The robustness entry makes its run first, which is one of the month's runs.
        await fillQuota(user.id, (limit.used ?? 0) - (entry.name.includes('robustness') ? 1 : 0));
        const submit = await entry.prepare(user, limit, bindings);
        const callsBefore = await providerCalls(token);
        const usedBefore = await usedThisMonth(user.browser);
        const res = await submit();
        expect(res.status).toBe(limit.status);
        const { error } = (await res.json()) as { error: { message: string } };
        if (typeof limit.message === 'string') expect(error.message).toBe(limit.message);
        else expect(error.message).toMatch(limit.message);
        // Nothing more was fetched or counted by the refused request.
        expect(await providerCalls(token)).toBe(callsBefore);
        expect(await usedThisMonth(user.browser)).toBe(usedBefore);
      });
    }
  }

  it('POST /api/backtests (ML) on Basic: the plan has no ML runs', async () => {
    const { browser } = await signUpWithPlan('basic');
    const submit = await ENTRY_POINTS[1]!.prepare(
      { browser, id: '' },
      { name: 'ml', status: 402, message: '' },
      {},
    );
    const res = await submit();
    expect(res.status).toBe(402);
    expect(((await res.json()) as { error: { message: string } }).error.message).toBe(UPGRADE);
    expect(await usedThisMonth(browser)).toBe(0);
  });

  it('POST /api/backtests/:id/robustness on Basic: 50 configurations per analysis', async () => {
    const user = await signUpWithPlan('basic');
    const grid = {
      'exitCriteria.stopLoss.value': [1, 2, 3, 4, 5, 6, 7, 8, 9, 10],
      'entry.valueBased.0.number': [60, 65, 70, 75, 80, 85],
    };
    const submit = await ENTRY_POINTS[3]!.prepare(user, { name: 'grid', grid, status: 402, message: '' }, {});
    const res = await submit();
    expect(res.status).toBe(402);
    expect(((await res.json()) as { error: { message: string } }).error.message).toBe(
      'Your Basic plan allows 50 configurations per robustness analysis; this grid has 60. ' +
        'Sweep fewer values or upgrade your membership.',
    );
  });

  it('lets the S&P 500 sample run on every plan', async () => {
    const { browser } = await signUpWithPlan('basic');
    const res = await browser.request('/api/backtests', {
      json: { ...RUN, exchange: 'INDX', stock: 'GSPC', fromDate: '2010-01-01', toDate: '2012-12-31' },
    });
    expect(res.status).toBe(201);
  });
});
