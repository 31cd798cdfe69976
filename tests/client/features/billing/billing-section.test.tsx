import { cleanup, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Account } from '../../../../src/shared/api/account';
import type { BillingAnswer } from '../../../../src/shared/api/billing';
import { fakeApi, jsonResponse } from '../../fake-api';
import { BASIC_USER, renderRoute } from '../../render-route';

const ACCOUNT: Account = {
  ...BASIC_USER,
  plan: 'pro',
  emailVerified: true,
  notifyJobDone: false,
  hasPassword: true,
  googleLinked: false,
};

const BILLING: BillingAnswer = {
  plan: 'pro',
  status: 'active',
  provider: 'stripe',
  currency: 'USD',
  billingPeriod: 'monthly',
  currentPeriodEnd: '2027-01-10T00:00:00.000Z',
  cancelAtPeriodEnd: false,
  pendingChange: { plan: 'enterprise', billingPeriod: 'annual', effectiveAt: '2027-01-10T00:00:00.000Z' },
  invoices: [
    {
      id: 'in_2',
      amount: 60000,
      currency: 'USD',
      paidAt: '2026-12-11T00:00:00.000Z',
      url: null,
      refundedAt: '2026-12-11T00:05:00.000Z',
    },
    {
      id: 'in_1',
      amount: 2400,
      currency: 'USD',
      paidAt: '2026-12-10T00:00:00.000Z',
      url: null,
      refundedAt: null,
    },
  ],
  comp: false,
  team: false,
  trialEndsAt: null,
  mayRun: true,
  currencies: ['USD'],
};

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('the plan and billing block', () => {
  it('says before cancelling that a scheduled change is kept for a resume, and marks a refunded payment', async () => {
    fakeApi({
      'GET /api/account': () => jsonResponse(200, { account: ACCOUNT }),
      'GET /api/usage': () => jsonResponse(200, { used: 0, limit: 100, resetsOn: '2027-01-01' }),
      'GET /api/billing': () => jsonResponse(200, BILLING),
    });
    const user = userEvent.setup();
    renderRoute('/account', { user: { ...BASIC_USER, plan: 'pro' } });
    await user.click(await screen.findByRole('button', { name: 'Cancel subscription' }, { timeout: 10_000 }));
    const question = screen.getByRole('group', { name: /Cancel your subscription/ });
    expect(within(question).getByText(/Cancel your subscription/).textContent).toBe(
      'Cancel your subscription? You keep Professional until 10 January 2027, then move to Basic. Your change to Enterprise is kept: it takes effect on 10 January 2027 if you resume before then.',
    );
    const payments = screen.getByRole('table', { name: 'Payments' });
    const rows = within(payments).getAllByRole('row').slice(1);
    expect(rows.map((row) => within(row).getAllByRole('cell')[1]!.textContent)).toEqual([
      '$600.00 (refunded 11 December 2026)',
      '$24.00',
    ]);
  });

  it('changes the plan with the page’s labelled fields and a Change plan button', async () => {
    const calls = fakeApi({
      'GET /api/account': () => jsonResponse(200, { account: ACCOUNT }),
      'GET /api/usage': () => jsonResponse(200, { used: 0, limit: 100, resetsOn: '2027-01-01' }),
      'GET /api/billing': () => jsonResponse(200, { ...BILLING, pendingChange: null }),
      'POST /api/billing/change': () => jsonResponse(200, BILLING),
    });
    const user = userEvent.setup();
    renderRoute('/account', { user: { ...BASIC_USER, plan: 'pro' } });
    const form = await screen.findByRole('form', { name: 'Change plan' }, { timeout: 10_000 });
    await user.selectOptions(within(form).getByRole('combobox', { name: 'Plan' }), 'Enterprise');
    await user.selectOptions(within(form).getByRole('combobox', { name: 'Billing' }), 'Annual');
    await user.click(within(form).getByRole('button', { name: 'Change plan' }));
    await screen.findByText(/^Enterprise, billed annual, from/);
    expect(calls.find((call) => call.method === 'POST')?.body).toEqual({
      plan: 'enterprise',
      billingPeriod: 'annual',
    });
  });

  it('keeps a long invoice id inside a named, keyboard-scrollable payments region', async () => {
    fakeApi({
      'GET /api/account': () => jsonResponse(200, { account: ACCOUNT }),
      'GET /api/usage': () => jsonResponse(200, { used: 0, limit: 100, resetsOn: '2027-01-01' }),
      'GET /api/billing': () => jsonResponse(200, BILLING),
    });
    renderRoute('/account', { user: { ...BASIC_USER, plan: 'pro' } });
    const region = await screen.findByRole('region', { name: 'Payments' }, { timeout: 10_000 });
    expect(region.tabIndex).toBe(0);
    expect(within(region).getByRole('table', { name: 'Payments' })).toBeTruthy();
    expect(within(region).getByText('in_1')).toBeTruthy();
  });
});
