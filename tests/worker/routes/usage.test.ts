import { env } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import type { Usage } from '../../../src/shared/api/usage';
import { quotaResetDate } from '../../../src/worker/backtests/quota';
import { TestBrowser } from '../test-client';
import { shortRunRequest } from '../../fixtures/requests';

/** SMA 10/20 on AAPL's synthetic hourly bars: a run that trades. */
const RUN = shortRunRequest();

async function signedIn(plan: 'basic' | 'enterprise' = 'basic') {
  const browser = new TestBrowser();
  const { user } = (await (
    await browser.register(`quota-${crypto.randomUUID().slice(0, 8)}@example.com`)
  ).json()) as { user: { id: string } };
  if (plan !== 'basic')
    await env.DB.prepare('UPDATE users SET plan = ?1 WHERE id = ?2').bind(plan, user.id).run();
  return browser;
}

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
