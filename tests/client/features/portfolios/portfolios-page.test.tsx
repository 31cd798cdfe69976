import { cleanup, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Portfolio } from '../../../../src/shared/portfolio';
import { BASIC_USER, renderRoute } from '../../render-route';
import { fakeApi, jsonResponse } from '../../fake-api';

const EXCHANGES = {
  source: 'fallback',
  exchanges: [
    { code: 'US', name: 'US exchanges', country: 'USA', currency: 'USD' },
    { code: 'NSE', name: 'National Stock Exchange of India', country: 'India', currency: 'INR' },
  ],
};

const SAVED: Portfolio = {
  id: 'p-1',
  name: 'Tech',
  symbols: [
    { exchange: 'US', symbol: 'AAPL' },
    { exchange: 'US', symbol: 'MSFT' },
  ],
  createdAt: '2026-11-20T08:00:00.000Z',
  updatedAt: '2026-11-20T08:00:00.000Z',
};

function api(portfolios: Portfolio[], post?: () => Response) {
  return fakeApi({
    'GET /api/portfolios': () => jsonResponse(200, { portfolios }),
    'GET /api/market/exchanges': () => jsonResponse(200, EXCHANGES),
    'GET /api/market/exchanges/US/symbols': () => jsonResponse(200, { source: 'fallback', symbols: [] }),
    'GET /api/market/exchanges/NSE/symbols': () => jsonResponse(200, { source: 'fallback', symbols: [] }),
    ...(post ? { 'POST /api/portfolios': post } : {}),
  });
}

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('the portfolios page', () => {
  it('lists a saved portfolio with its equal weights and the plan’s limit', async () => {
    api([SAVED]);
    renderRoute('/portfolios', { user: BASIC_USER });
    expect((await screen.findByText(/^1 of 1 portfolios on the Basic plan/)).textContent).toBe(
      '1 of 1 portfolios on the Basic plan · Upgrade for more',
    );
    const card = screen.getByRole('heading', { name: 'Tech' }).closest('li')!;
    expect(card.textContent).toContain('2 symbols: AAPL (US) and MSFT (US)');
    expect(card.textContent).toContain('Equal weights (50% each)');
    expect(within(card).getByRole('link', { name: 'Run a backtest on Tech' }).getAttribute('href')).toBe(
      '/BacktestingForm',
    );
    expect(screen.getByRole('link', { name: 'Upgrade for more' }).getAttribute('href')).toBe('/pricing');
  });

  it('says the share each symbol gets while no weight is typed, and sends no weights', async () => {
    const user = userEvent.setup();
    const calls = api([], () => jsonResponse(201, { ...SAVED, id: 'p-2', name: 'Trio' }));
    renderRoute('/portfolios', { user: BASIC_USER });
    await user.click(await screen.findByRole('button', { name: 'New portfolio' }));
    await user.type(screen.getByLabelText('Name'), 'Trio');
    await user.type(screen.getByLabelText('Symbol 1'), 'aapl');
    await user.click(screen.getByRole('button', { name: 'Add a symbol' }));
    await user.type(screen.getByLabelText('Symbol 2'), 'MSFT');
    await user.click(screen.getByRole('button', { name: 'Add a symbol' }));
    await user.selectOptions(await screen.findByLabelText('Exchange 3'), 'NSE');
    await user.type(screen.getByLabelText('Symbol 3'), 'RELIANCE');
    expect(screen.getByText(/^Equal weights/).textContent).toBe(
      'Equal weights: each symbol trades 33.3% of the capital. To weight them, give every symbol a weight between 0 and 1, adding up to 1.',
    );
    expect(screen.getByLabelText('Weight 2').getAttribute('placeholder')).toBe('equal (33.3%)');

    await user.click(screen.getByRole('button', { name: 'Save portfolio' }));
    expect((await screen.findByText('Saved the portfolio “Trio”.')).getAttribute('role')).toBe('status');
    const post = calls.find((call) => call.method === 'POST');
    expect(post?.body).toEqual({
      name: 'Trio',
      symbols: [
        { exchange: 'US', symbol: 'aapl' },
        { exchange: 'US', symbol: 'MSFT' },
        { exchange: 'NSE', symbol: 'RELIANCE' },
      ],
    });
  });

  it('sends typed weights as numbers and shows the API’s field errors at their fields', async () => {
    const user = userEvent.setup();
    const calls = api([], () =>
      jsonResponse(400, {
        error: {
          code: 'validation_failed',
          message: 'Some fields are not valid.',
          fields: [
            { path: 'name', message: 'Name the portfolio' },
            { path: 'symbols.1.weight', message: 'Enter the weight as a number' },
            { path: 'symbols', message: 'The weights must add up to 1; they add up to 0.5' },
          ],
        },
      }),
    );
    renderRoute('/portfolios', { user: BASIC_USER });
    await user.click(await screen.findByRole('button', { name: 'New portfolio' }));
    await user.type(screen.getByLabelText('Symbol 1'), 'AAPL');
    await user.type(screen.getByLabelText('Weight 1'), '0.5');
    await user.click(screen.getByRole('button', { name: 'Add a symbol' }));
    await user.type(screen.getByLabelText('Symbol 2'), 'MSFT');
    await user.type(screen.getByLabelText('Weight 2'), 'half');
    expect(screen.getByText(/^Weights are shares/).textContent).toBe(
      'Weights are shares of the capital between 0 and 1, adding up to 1. Clear them all for equal weights.',
    );
    await user.click(screen.getByRole('button', { name: 'Save portfolio' }));

    const weight = screen.getByLabelText('Weight 2');
    await vi.waitFor(() => expect(weight.getAttribute('aria-invalid')).toBe('true'));
    expect(document.getElementById(weight.getAttribute('aria-describedby')!)?.textContent).toBe(
      'Enter the weight as a number',
    );
    const name = screen.getByLabelText('Name');
    expect(document.getElementById(name.getAttribute('aria-describedby')!)?.textContent).toBe(
      'Name the portfolio',
    );
    // The sum's error stands under the symbol list, as the list's own error.
    expect(screen.getByText('The weights must add up to 1; they add up to 0.5').id).toMatch(
      /-symbols-error$/,
    );
    expect(screen.getByLabelText('Weight 1').getAttribute('aria-invalid')).toBeNull();
    expect(calls.find((call) => call.method === 'POST')?.body).toEqual({
      name: '',
      symbols: [
        { exchange: 'US', symbol: 'AAPL', weight: 0.5 },
        { exchange: 'US', symbol: 'MSFT', weight: 'half' },
      ],
    });
  });

  it('shows the plan limit’s message with a link to the plans', async () => {
    const user = userEvent.setup();
    const message = 'Your Basic plan keeps 1 portfolio. Delete one or upgrade your plan (see /pricing).';
    api([], () => jsonResponse(402, { error: { code: 'payment_required', message } }));
    renderRoute('/portfolios', { user: BASIC_USER });
    await user.click(await screen.findByRole('button', { name: 'New portfolio' }));
    await user.type(screen.getByLabelText('Name'), 'Second');
    await user.type(screen.getByLabelText('Symbol 1'), 'AAPL');
    await user.click(screen.getByRole('button', { name: 'Save portfolio' }));
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain(message);
    expect(within(alert).getByRole('link', { name: 'Compare plans' }).getAttribute('href')).toBe('/pricing');
  });

  it('deletes a portfolio only after confirmation', async () => {
    const user = userEvent.setup();
    let list = [SAVED];
    const calls = fakeApi({
      'GET /api/portfolios': () => jsonResponse(200, { portfolios: list }),
      'DELETE /api/portfolios/p-1': () => {
        list = [];
        return new Response(null, { status: 204 });
      },
    });
    renderRoute('/portfolios', { user: BASIC_USER });
    await user.click(await screen.findByRole('button', { name: 'Delete Tech' }));
    const confirm = screen.getByRole('group', { name: 'Confirm delete' });
    expect(confirm.textContent).toContain('Delete the portfolio “Tech”?');
    expect(calls.some((call) => call.method === 'DELETE')).toBe(false);
    await user.click(within(confirm).getByRole('button', { name: 'Yes, delete' }));
    expect((await screen.findByText(/^No portfolios yet/)).textContent).toBe(
      'No portfolios yet. A portfolio runs one strategy on up to 20 symbols with one shared capital.',
    );
    expect(screen.getByText(/portfolios on the Basic plan$/).textContent).toBe(
      '0 of 1 portfolios on the Basic plan',
    );
  });
});
