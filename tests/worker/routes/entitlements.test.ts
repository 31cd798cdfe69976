/**
 * Plan entitlements of POST /api/backtests (src/shared/entitlements.ts): each refused for the
 * lower plan with 402, a message and the field, before anything is fetched and without using
 * the month's quota; allowed for the higher plan; admins and the exempt data sources unlimited.
 */
import { describe, expect, it } from 'vitest';
import { fakeProvider, providerCalls } from '../fakes/fake-provider-for-test';
import { type TestBrowser, signUpWithPlan } from '../test-client';

type Plan = 'basic' | 'pro' | 'enterprise';

const userWithPlan = async (plan: Plan, role: 'basic' | 'admin' = 'basic') =>
  (await signUpWithPlan(plan, role)).browser;

const provider = () => fakeProvider('good');

const DAY = 86_400_000;
const daysAgo = (days: number) => new Date(Date.now() - days * DAY).toISOString().slice(0, 10);

function request(overrides: Record<string, unknown> = {}) {
  return {
    exchange: 'US',
    stock: 'AAPL',
    fromDate: daysAgo(200),
    toDate: daysAgo(10),
    timeframe: '1 day',
    transactionType: 'buy',
    entry: { valueBased: [{ indicator: 'RSI', logic: 'Less Than', number: '70' }] },
    ...overrides,
  };
}

interface ErrorBody {
  error: { code: string; message: string; fields?: { path: string; message: string }[] };
}

async function run(browser: TestBrowser, body: object, bindings: Partial<Cloudflare.Env> = {}) {
  const res = await browser.request('/api/backtests', { json: body }, bindings);
  return { status: res.status, body: (await res.json()) as ErrorBody };
}

async function used(browser: TestBrowser): Promise<number> {
  return ((await (await browser.request('/api/usage')).json()) as { used: number }).used;
}

describe('plan entitlements of a backtest', () => {
  it('limits history to 1 year back on Basic and 5 on Pro, refusing before calling the provider', async () => {
    const { token, bindings } = provider();
    const basic = await userWithPlan('basic');
    const twoYears = request({ fromDate: daysAgo(2 * 366), toDate: daysAgo(2 * 366 - 60) });
    const refused = await run(basic, twoYears, bindings);
    expect(refused.status).toBe(402);
    expect(refused.body.error.message).toMatch(
      /^The Basic plan tests 1 year of history: the earliest start date is \d{4}-\d{2}-\d{2}\.$/,
    );
    expect(refused.body.error.fields?.[0]?.path).toBe('fromDate');
    expect(await providerCalls(token)).toBe(0);
    expect(await used(basic)).toBe(0);

    const pro = await userWithPlan('pro');
    expect((await run(pro, twoYears, bindings)).status).toBe(201);
    const sixYears = request({ fromDate: daysAgo(6 * 366), toDate: daysAgo(6 * 366 - 60) });
    const proRefused = await run(pro, sixYears, bindings);
    expect(proRefused.status).toBe(402);
    expect(proRefused.body.error.message).toMatch(/^The Professional plan tests 5 years of history/);
    const enterprise = await userWithPlan('enterprise');
    expect((await run(enterprise, sixYears, bindings)).status).toBe(201);
  });

  it('keeps the most recent 7 days from Basic and 3 from Pro', async () => {
    const { bindings } = provider();
    const recent = request({ fromDate: daysAgo(120), toDate: daysAgo(5) });
    const basic = await userWithPlan('basic');
    const refused = await run(basic, recent, bindings);
    expect(refused.status).toBe(402);
    expect(refused.body.error.message).toBe(
      `The Basic plan's data is delayed by 7 days: the latest end date is ${daysAgo(7)}.`,
    );
    expect(refused.body.error.fields?.[0]?.path).toBe('toDate');
    const pro = await userWithPlan('pro');
    expect((await run(pro, recent, bindings)).status).toBe(201);
    const yesterday = request({ fromDate: daysAgo(120), toDate: daysAgo(1) });
    expect((await run(pro, yesterday, bindings)).body.error.message).toBe(
      `The Professional plan's data is delayed by 3 days: the latest end date is ${daysAgo(3)}.`,
    );
    const enterprise = await userWithPlan('enterprise');
    expect((await run(enterprise, yesterday, bindings)).status).toBe(201);
  });

  it('opens 10 exchanges to Basic and every exchange to Pro', async () => {
    const { token, bindings } = provider();
    const xetra = request({ exchange: 'XETRA', stock: 'SAP' });
    const basic = await userWithPlan('basic');
    const refused = await run(basic, xetra, bindings);
    expect(refused.status).toBe(402);
    expect(refused.body.error.message).toBe(
      'The Basic plan covers 10 exchanges (US, NASDAQ, NSE, BSE, LSE, TSE, HKEX, ASX, FOREX, CC); XETRA needs the Professional plan.',
    );
    expect(refused.body.error.fields?.[0]?.path).toBe('exchange');
    expect(await providerCalls(token)).toBe(0);
    const pro = await userWithPlan('pro');
    expect((await run(pro, xetra, bindings)).status).toBe(201);
  });

  it('keeps the full indicator catalogue for Pro, naming the row that uses it', async () => {
    const aroon = request({
      entry: {
        parameters: [{ indicator1: 'Close Price', logic: 'Crosses Above', indicator2: 'Hull MA' }],
      },
    });
    const basic = await userWithPlan('basic');
    const refused = await run(basic, aroon);
    expect(refused.status).toBe(402);
    expect(refused.body.error.message).toBe(
      "Hull MA is in the full indicator catalogue of the Professional plan; the Basic plan builds rules with the builder's standard indicators.",
    );
    expect(refused.body.error.fields?.[0]?.path).toBe('entry.parameters.0.indicator2');
    expect(await used(basic)).toBe(0);
    expect((await run(await userWithPlan('pro'), aroon)).status).toBe(201);
  });

  it('lets admins past every limit, and exempts the S&P 500 sample and the synthetic fallback from history and delay', async () => {
    const { bindings } = provider();
    const admin = await userWithPlan('basic', 'admin');
    expect((await run(admin, request({ exchange: 'XETRA', stock: 'SAP' }), bindings)).status).toBe(201);
    const basic = await userWithPlan('basic');
    const sample = request({ exchange: 'INDX', stock: 'GSPC', fromDate: '2000-01-01', toDate: '2005-12-31' });
    expect((await run(basic, sample, bindings)).status).toBe(201);
    // No provider configured: synthetic sample data, however old.
    expect((await run(basic, request({ fromDate: '2010-01-01', toDate: '2012-12-31' }))).status).toBe(201);
  });
});
