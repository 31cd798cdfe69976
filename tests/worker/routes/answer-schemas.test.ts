import { describe, expect, it } from 'vitest';
import type * as z from 'zod';
import {
  contactMessagesAnswerSchema,
  subscriptionRequestsAnswerSchema,
  userPageSchema,
} from '../../../src/shared/api/admin';
import { accountAnswerSchema } from '../../../src/shared/api/account';
import { sessionAnswerSchema, userAnswerSchema } from '../../../src/shared/api/auth';
import {
  backtestCreatedAnswerSchema,
  backtestListAnswerSchema,
  backtestRunSchema,
} from '../../../src/shared/api/backtests';
import { contactReceiptSchema } from '../../../src/shared/api/contact';
import { datasetCreatedAnswerSchema, datasetListAnswerSchema } from '../../../src/shared/api/datasets';
import { healthSchema } from '../../../src/shared/api/health';
import {
  candlesAnswerSchema,
  exchangesAnswerSchema,
  stocksAnswerSchema,
} from '../../../src/shared/api/market';
import { shareLinkSchema, sharedBacktestSchema, shareStatusSchema } from '../../../src/shared/api/shares';
import { subscriptionCreatedAnswerSchema } from '../../../src/shared/api/subscriptions';
import { usageSchema } from '../../../src/shared/api/usage';
import { apiErrorBodySchema } from '../../../src/shared/api-error';
import { TestBrowser, markVerified } from '../test-client';
import { backtestRequest, smaCrossing } from '../../fixtures/requests';

/** The body of a real answer, parsed strictly by its shared schema (unknown keys fail too). */
async function answer<Schema extends z.ZodObject>(res: Response, status: number, schema: Schema) {
  expect(res.status).toBe(status);
  return schema.strict().parse(await res.json()) as z.output<Schema>;
}

/** SMA 10/30 crossings on the S&P 500's sample daily bars of 2019, with no exit rule. */
const SAMPLE_RUN = backtestRequest({
  exchange: 'INDX',
  stock: 'GSPC',
  fromDate: '2019-01-02',
  toDate: '2019-12-31',
  timeframe: '1 day',
  entry: { parameters: [smaCrossing('Crosses Above', 10, 30)] },
  exit: undefined,
});

describe('every answer has the shape of its shared schema', () => {
  it('auth, usage, market, backtests, shares, datasets, subscriptions and contact', async () => {
    const browser = new TestBrowser();
    await answer(await browser.request('/api/health'), 200, healthSchema);
    expect(
      (await answer(await browser.request('/api/auth/session'), 200, sessionAnswerSchema)).user,
    ).toBeNull();
    const email = `schema-${crypto.randomUUID().slice(0, 8)}@example.com`;
    const { user } = await answer(await browser.register(email), 201, userAnswerSchema);
    expect(user.email).toBe(email);
    await markVerified(email);
    await answer(await browser.me(), 200, userAnswerSchema);
    await answer(await browser.request('/api/account'), 200, accountAnswerSchema);
    await answer(await browser.request('/api/usage'), 200, usageSchema);

    const { exchanges } = await answer(
      await browser.request('/api/market/exchanges'),
      200,
      exchangesAnswerSchema,
    );
    expect(exchanges.length).toBeGreaterThan(0);
    await answer(await browser.request('/api/market/exchanges/US/symbols'), 200, stocksAnswerSchema);
    const candles = await answer(
      await browser.request(
        '/api/market/candles?exchange=INDX&symbol=GSPC&timeframe=1d&from=2019-01-02&to=2019-01-31',
      ),
      200,
      candlesAnswerSchema,
    );
    expect(candles.source).toBe('sample');

    const created = await answer(
      await browser.request('/api/backtests', { json: SAMPLE_RUN }),
      201,
      backtestCreatedAnswerSchema,
    );
    const { backtests } = await answer(
      await browser.request('/api/backtests'),
      200,
      backtestListAnswerSchema,
    );
    expect(backtests.map((run) => run.id)).toEqual([created.id]);
    const run = await answer(await browser.request(`/api/backtests/${created.id}`), 200, backtestRunSchema);
    expect(run.result.metrics).toEqual(created.result.metrics);

    const link = await answer(
      await browser.request(`/api/backtests/${created.id}/share`, { method: 'POST' }),
      201,
      shareLinkSchema,
    );
    expect(
      (await answer(await browser.request(`/api/backtests/${created.id}/share`), 200, shareStatusSchema))
        .shared,
    ).toBe(true);
    await answer(
      await new TestBrowser().request(`/api/public/backtests/${link.token}`),
      200,
      sharedBacktestSchema,
    );

    const upload = await browser.request('/api/datasets?name=Daily', {
      method: 'POST',
      headers: { 'content-type': 'text/csv' },
      body: 'Date,Open,High,Low,Close,Volume\n2024-01-02,10,11,9,10.5,1000\n2024-01-03,10.5,12,10,11.5,1100\n',
    });
    const { dataset } = await answer(upload, 201, datasetCreatedAnswerSchema);
    expect(dataset.timeframe).toBe('1d');
    await answer(await browser.request('/api/datasets'), 200, datasetListAnswerSchema);

    await answer(
      await browser.request('/api/subscriptions', {
        json: { plan: 'pro', billingPeriod: 'annual', currency: 'USD' },
      }),
      201,
      subscriptionCreatedAnswerSchema,
    );
    await answer(
      await browser.request('/api/contact', {
        json: { name: 'Ada', email, subject: 'general', message: 'Hello', source: 'contact' },
      }),
      201,
      contactReceiptSchema,
    );
  });

  it('admin lists, and errors in their one shape', async () => {
    const admin = await new TestBrowser().signInAsAdmin(
      `admin-${crypto.randomUUID().slice(0, 8)}@example.com`,
    );
    await answer(await admin.request('/api/admin/users'), 200, userPageSchema);
    await answer(await admin.request('/api/admin/messages'), 200, contactMessagesAnswerSchema);
    await answer(await admin.request('/api/admin/subscriptions'), 200, subscriptionRequestsAnswerSchema);

    const invalid = await answer(await admin.request('/api/admin/users?page=0'), 400, apiErrorBodySchema);
    expect(invalid.error.fields).toEqual([{ path: 'page', message: 'Pages start at 1' }]);
    const signedOut = await answer(await new TestBrowser().request('/api/usage'), 401, apiErrorBodySchema);
    expect(signedOut.error).toEqual({ code: 'unauthorized', message: 'Please log in to continue.' });
  });
});
