import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { BASIC_USER, renderRoute } from '../../render-route';
import { fakeApi, jsonResponse } from '../../fake-api';

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('Subscribe Now on /pricing', () => {
  it('sends signed-out visitors to /LoginPage first, to come back to /pricing', async () => {
    const { router } = renderRoute('/pricing');
    await userEvent.setup().click(await screen.findByRole('link', { name: 'Subscribe Now' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/LoginPage'));
    expect(router.state.location.state).toEqual({ from: '/pricing' });
  });

  it('records a signed-in user’s request for the selected plan, period and currency, and confirms it', async () => {
    const calls = fakeApi({
      'POST /api/subscriptions': () =>
        jsonResponse(201, {
          request: {
            id: 'r1',
            userId: BASIC_USER.id,
            email: BASIC_USER.email,
            plan: 'enterprise',
            billingPeriod: 'monthly',
            currency: 'USD',
            status: 'pending',
            createdAt: '2026-11-23T14:00:00.000Z',
          },
        }),
    });
    renderRoute('/pricing', { user: BASIC_USER });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('radio', { name: /Monthly/ }));
    await user.click(screen.getByRole('radio', { name: /USD/ }));
    await user.click(screen.getByRole('button', { name: 'Choose Enterprise' }));
    await user.click(screen.getByRole('button', { name: 'Subscribe Now' }));
    expect((await screen.findByRole('status')).textContent).toMatch(
      /^Your request for Enterprise \(monthly billing in USD\) is recorded\..*ada@example\.com.*nothing has been charged\.$/,
    );
    expect(calls.find((call) => call.method === 'POST')?.body).toEqual({
      plan: 'enterprise',
      billingPeriod: 'monthly',
      currency: 'USD',
    });
  });

  it('shows the server’s message when the request fails', async () => {
    fakeApi({
      'POST /api/subscriptions': () =>
        jsonResponse(401, { error: { code: 'unauthorized', message: 'Please log in to continue.' } }),
    });
    renderRoute('/pricing', { user: BASIC_USER });
    await userEvent.setup().click(await screen.findByRole('button', { name: 'Subscribe Now' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Please log in to continue.');
  });
});
