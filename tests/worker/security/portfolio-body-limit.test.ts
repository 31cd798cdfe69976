/**
 * A portfolio's backtest takes the same request as POST /api/backtests, so it has the same body
 * limit (src/worker/security/request-body.ts): a valid request of 10.5 KB runs.
 */
import { describe, expect, it } from 'vitest';
import { backtestRequestSchema } from '../../../src/shared/backtest-request';
import { signUpWithPlan } from '../test-client';
import { backtestRequest, percentStopLoss, smaCrossing } from '../../fixtures/requests';

const crossover = (logic: string) => smaCrossing(logic, 5, 20);
const value = { indicator: 'RSI', logic: 'Less Than', number: '70', additionalFields: { Timeframe: '14' } };

/** Every crossover and value row filled. */
const STRATEGY = backtestRequest({
  fromDate: '2023-01-02',
  toDate: '2023-12-29',
  timeframe: '1 day',
  entry: {
    parameters: Array(8).fill(crossover('Crosses Above')),
    valueBased: Array(5).fill(value),
    combine: 'any',
  },
  exit: {
    parameters: Array(8).fill(crossover('Crosses Below')),
    valueBased: Array(5).fill(value),
    combine: 'any',
  },
  exitCriteria: percentStopLoss('5'),
});

describe('the body limit of a portfolio’s backtest', () => {
  it('takes a valid 10.5 KB request, as POST /api/backtests does', async () => {
    expect(backtestRequestSchema.safeParse(STRATEGY).success).toBe(true);
    const body = JSON.stringify(STRATEGY, null, 7);
    expect(body.length).toBeGreaterThan(10.5 * 1024);

    const { browser } = await signUpWithPlan('pro');
    const saved = await browser.request('/api/portfolios', {
      json: { name: 'Two', symbols: ['AAPL', 'MSFT'].map((symbol) => ({ exchange: 'US', symbol })) },
    });
    const { id } = (await saved.json()) as { id: string };
    const res = await browser.request(`/api/portfolios/${id}/backtests`, {
      method: 'POST',
      body,
      headers: { 'content-type': 'application/json' },
    });
    expect(res.status).toBe(201);

    const tooLarge = await browser.request(`/api/portfolios/${id}/backtests`, {
      method: 'POST',
      body: body.padEnd(64 * 1024 + 1, ' '),
      headers: { 'content-type': 'application/json' },
    });
    expect(tooLarge.status).toBe(413);
  });
});
