import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { BASIC_USER, renderRoute } from '../../render-route';
import { fakeApi, jsonResponse } from '../../fake-api';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const NO_ONLINE_PAYMENT = () => jsonResponse(200, { currencies: [], freeTrialDays: null });

/** The selection chooseEnterpriseMonthlyUsd makes, as the API receives it. */
const ENTERPRISE_MONTHLY_USD = { plan: 'enterprise', billingPeriod: 'monthly', currency: 'USD' };

async function chooseEnterpriseMonthlyUsd() {
  const user = userEvent.setup();
  await user.click(await screen.findByRole('radio', { name: /Monthly/ }));
  await user.click(screen.getByRole('radio', { name: /USD/ }));
  await user.click(screen.getByRole('button', { name: 'Choose Enterprise' }));
  return user;
}

describe('Subscribe Now on /pricing', () => {
  it('brings a visitor who registers back to the same plan, period and currency', async () => {
    fakeApi({
      'POST /api/auth/register': () => jsonResponse(201, { user: BASIC_USER }),
      'GET /api/billing/providers': () => jsonResponse(200, { currencies: ['USD'], freeTrialDays: 14 }),
    });
    const { router } = renderRoute('/pricing');
    const user = await chooseEnterpriseMonthlyUsd();
    await user.click(screen.getByRole('link', { name: 'Subscribe Now' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/LoginPage'));
    expect(router.state.location.state).toEqual({
      from: '/pricing?plan=enterprise&period=monthly&currency=USD',
    });

    await user.click(screen.getByRole('button', { name: 'Create an account' }));
    await user.type(screen.getByLabelText('Email'), 'ada@example.com');
    await user.type(screen.getByLabelText('Password'), 'correct horse battery');
    await user.click(screen.getByRole('button', { name: 'Register' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/pricing'));
    const enterprise = await screen.findByRole('button', { name: 'Choose Enterprise' });
    expect(enterprise.getAttribute('aria-pressed')).toBe('true');
    expect(screen.getByRole('radio', { name: /Monthly/ }).getAttribute('aria-checked')).toBe('true');
    expect(screen.getByRole('radio', { name: /USD/ }).getAttribute('aria-checked')).toBe('true');
  });

  it('opens the provider’s payment page for the selection when the currency is paid online', async () => {
    const assign = vi.spyOn(window.location, 'assign').mockImplementation(() => {});
    const calls = fakeApi({
      'GET /api/billing/providers': () => jsonResponse(200, { currencies: ['USD'], freeTrialDays: 14 }),
      'POST /api/billing/checkout': () => jsonResponse(200, { url: 'https://checkout.example/cs_1' }),
    });
    renderRoute('/pricing', { user: BASIC_USER });
    const user = await chooseEnterpriseMonthlyUsd();
    await user.click(await screen.findByRole('button', { name: 'Subscribe Now' }));
    await waitFor(() => expect(assign).toHaveBeenCalledWith('https://checkout.example/cs_1'));
    expect(calls.find((call) => call.method === 'POST')?.body).toEqual(ENTERPRISE_MONTHLY_USD);
  });

  it('records the request, saying online payment is not set up, when the currency has no provider', async () => {
    const calls = fakeApi({
      'GET /api/billing/providers': NO_ONLINE_PAYMENT,
      'POST /api/subscriptions': () =>
        jsonResponse(201, {
          request: {
            id: 'r1',
            userId: BASIC_USER.id,
            email: BASIC_USER.email,
            ...ENTERPRISE_MONTHLY_USD,
            status: 'pending',
            createdAt: '2026-11-23T14:00:00.000Z',
          },
        }),
    });
    renderRoute('/pricing', { user: BASIC_USER });
    const user = await chooseEnterpriseMonthlyUsd();
    expect((await screen.findByText(/Online payment is not set up yet;/)).textContent).toBe(
      'Online payment is not set up yet; Contact Sales',
    );
    await user.click(screen.getByRole('button', { name: 'Subscribe Now' }));
    expect((await screen.findByRole('status')).textContent).toMatch(
      /^Your request for Enterprise \(monthly billing in USD\) is recorded\..*ada@example\.com.*nothing has been charged\.$/,
    );
    expect(calls.find((call) => call.method === 'POST')?.body).toEqual(ENTERPRISE_MONTHLY_USD);
  });

  it('shows the server’s message when the request fails', async () => {
    fakeApi({
      'GET /api/billing/providers': NO_ONLINE_PAYMENT,
      'POST /api/subscriptions': () =>
        jsonResponse(401, { error: { code: 'unauthorized', message: 'Please log in to continue.' } }),
    });
    renderRoute('/pricing', { user: BASIC_USER });
    await screen.findByText(/Online payment is not set up yet;/);
    await userEvent.setup().click(screen.getByRole('button', { name: 'Subscribe Now' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Please log in to continue.');
  });
});
