import { describe, expect, it } from 'vitest';
import type { Usage } from '../../../src/shared/api/usage';
import { quotaResetDate } from '../../../src/worker/plans/usage';
import { signUpWithPlan, TestBrowser } from '../test-client';
import { shortRunRequest } from '../../fixtures/requests';

/** SMA 10/20 on AAPL's synthetic hourly bars: a run that trades. */
const RUN = shortRunRequest();

const signedIn = async (plan: 'basic' | 'enterprise' = 'basic') => (await signUpWithPlan(plan)).browser;

async function usage(browser: TestBrowser): Promise<Usage> {
  const res = await browser.request('/api/usage');
  expect(res.status).toBe(200);
  return (await res.json()) as Usage;
}

describe('GET /api/usage', () => {
  it('tells a basic user how many of the 5 monthly runs are used and when the count resets', async () => {
    const browser = await signedIn();
    expect(await usage(browser)).toEqual({ used: 0, limit: 5, resetsOn: quotaResetDate() });
    expect((await browser.request('/api/backtests', { json: RUN })).status).toBe(201);
    expect((await usage(browser)).used).toBe(1);
  });

  it('has no limit on the enterprise plan, and needs a signed-in user', async () => {
    expect((await usage(await signedIn('enterprise'))).limit).toBeNull();
    expect((await new TestBrowser().request('/api/usage')).status).toBe(401);
  });

  it('resets on the first day of the next month, across a year end', () => {
    expect(quotaResetDate(new Date('2026-11-23T10:00:00Z'))).toBe('2026-12-01');
    expect(quotaResetDate(new Date('2026-12-31T23:59:59Z'))).toBe('2027-01-01');
  });
});

describe('runs refused before they trade', () => {
  it('answer 400 with a clear message and do not count toward the quota', async () => {
    const browser = await signedIn();

    const reversed = await browser.request('/api/backtests', {
      json: { ...RUN, fromDate: '2023-09-20', toDate: '2023-09-10' },
    });
    expect(reversed.status).toBe(400);
    expect(await reversed.json()).toEqual({
      error: {
        code: 'invalid_request',
        message:
          'The from date (2023-09-20) is after the to date (2023-09-10). Choose a from date on or before the to date.',
        fields: [{ path: 'fromDate', message: 'Choose a date on or before the to date' }],
      },
    });

    // A weekend: the market has no bars on those days.
    const weekend = await browser.request('/api/backtests', {
      json: { ...RUN, fromDate: '2023-09-09', toDate: '2023-09-10' },
    });
    expect(weekend.status).toBe(400);
    expect(((await weekend.json()) as { error: { message: string } }).error.message).toBe(
      'AAPL (US) has no bars between 2023-09-09 and 2023-09-10. Choose dates with trading days; this run was not counted.',
    );

    // Before the sample data starts: no bars at all, not even warm-up.
    const before = await browser.request('/api/backtests', {
      json: {
        ...RUN,
        exchange: 'INDX',
        stock: 'GSPC',
        timeframe: '1 day',
        fromDate: '1990-01-01',
        toDate: '1990-12-31',
      },
    });
    expect(before.status).toBe(400);
    expect(((await before.json()) as { error: { message: string } }).error.message).toBe(
      'There is no data for GSPC (INDX) up to 1990-12-31. Choose another symbol or other dates; this run was not counted.',
    );

    expect((await usage(browser)).used).toBe(0);
    const list = (await (await browser.request('/api/backtests')).json()) as { backtests: unknown[] };
    expect(list.backtests).toHaveLength(0);
  });

  it('refuse a period longer than every bar loaded at its field, without counting the run', async () => {
    const browser = await signedIn();
    // One year of daily bars: about 250 in range and at most 5,000 before them for warm-up.
    const year = { ...RUN, timeframe: '1 day', fromDate: '2023-01-01', toDate: '2023-12-31' };
    const rsiBelow30Over = (period: string) => ({
      valueBased: [
        { indicator: 'RSI', logic: 'Less Than', number: '30', additionalFields: { Timeframe: period } },
      ],
    });
    const res = await browser.request('/api/backtests', {
      json: {
        ...year,
        entry: rsiBelow30Over('10000'),
        exit: {
          parameters: [
            {
              ...(RUN.entry as { parameters: Record<string, unknown>[] }).parameters[0],
              additionalFields2: { Timeframe: '9000' },
            },
          ],
        },
      },
    });
    expect(res.status).toBe(400);
    const { error } = (await res.json()) as {
      error: { message: string; fields: { path: string; message: string }[] };
    };
    expect(error.message).toMatch(
      /^AAPL \(US\) has [\d,]+ bars for these dates, warm-up included; 2 periods are longer than that and would never have a value\. Choose shorter periods or earlier dates; this run was not counted\.$/,
    );
    const loaded = Number(/has ([\d,]+) bars/.exec(error.message)![1]!.replaceAll(',', ''));
    expect(loaded).toBeGreaterThan(5000);
    expect(loaded).toBeLessThan(9000);
    expect(error.fields.map((field) => field.path)).toEqual([
      'entry.valueBased.0.additionalFields.Timeframe',
      'exit.parameters.0.additionalFields2.Timeframe',
    ]);
    expect(error.fields[0]!.message).toBe(
      `Longer than the ${loaded.toLocaleString('en-US')} bars this run has, warm-up included: choose at most ${loaded.toLocaleString('en-US')} or earlier dates`,
    );
    expect((await usage(browser)).used).toBe(0);

    // A long period that the warm-up covers runs.
    const covered = await browser.request('/api/backtests', {
      json: { ...year, entry: rsiBelow30Over('400') },
    });
    expect(covered.status).toBe(201);
    expect((await usage(browser)).used).toBe(1);
  });

  it('leave a user at the limit able to run once more with better dates', async () => {
    const browser = await signedIn();
    for (let run = 0; run < 4; run++)
      expect((await browser.request('/api/backtests', { json: RUN })).status).toBe(201);
    for (let refused = 0; refused < 3; refused++) {
      const res = await browser.request('/api/backtests', {
        json: { ...RUN, fromDate: '2023-09-09', toDate: '2023-09-10' },
      });
      expect(res.status).toBe(400);
    }
    expect(await usage(browser)).toMatchObject({ used: 4, limit: 5 });
    expect((await browser.request('/api/backtests', { json: RUN })).status).toBe(201);
    expect((await browser.request('/api/backtests', { json: RUN })).status).toBe(402);
  });
});
