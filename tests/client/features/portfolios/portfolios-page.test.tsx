import { cleanup, configure, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Portfolio } from '../../../../src/shared/portfolio';
import { BASIC_USER, renderRoute } from '../../render-route';
import { fakeApi, jsonResponse } from '../../fake-api';

// The page is lazy-loaded: its first load on a busy machine can take longer than the 1 s default.
configure({ asyncUtilTimeout: 5000 });

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

  it('checks the form before sending: every problem at once, each at its field', async () => {
    const user = userEvent.setup();
    const calls = api([], () => jsonResponse(201, SAVED));
    renderRoute('/portfolios', { user: BASIC_USER });
    await user.click(await screen.findByRole('button', { name: 'New portfolio' }));
    // A pasted 3,000-character name is kept whole, so its error is said rather than cut silently.
    await user.click(screen.getByLabelText('Name'));
    await user.paste('x'.repeat(3000));
    await user.type(screen.getByLabelText('Weight 1'), '0.5');
    await user.click(screen.getByRole('button', { name: 'Add a symbol' }));
    await user.type(screen.getByLabelText('Symbol 2'), 'MSFT');
    await user.type(screen.getByLabelText('Weight 2'), 'half');
    expect(screen.getByText(/^Weights are shares/).textContent).toBe(
      'Weights are shares of the capital between 0 and 1, adding up to 1. Clear them all for equal weights.',
    );
    await user.click(screen.getByRole('button', { name: 'Save portfolio' }));

    const said = (label: string) => {
      const field = screen.getByLabelText(label);
      expect(field.getAttribute('aria-invalid')).toBe('true');
      return document.getElementById(field.getAttribute('aria-describedby')!)?.textContent;
    };
    expect(said('Name')).toBe('At most 60 characters');
    expect(said('Symbol 1')).toBe('Enter a symbol');
    expect(said('Weight 2')).toBe('Enter the weight as a number');
    expect(screen.getByLabelText('Weight 1').getAttribute('aria-invalid')).toBeNull();
    expect(screen.getByRole('alert').textContent).toBe('There are 3 problems to fix, marked below.');
    expect(calls.some((call) => call.method === 'POST')).toBe(false);
  });

  it('names the symbols the exchanges do not list, at their fields', async () => {
    const user = userEvent.setup();
    const calls = api([], () =>
      jsonResponse(400, {
        error: {
          code: 'invalid_request',
          message: "Not on the exchanges' lists: ZZZQX (US), NOTREAL (NSE).",
          fields: [
            {
              path: 'symbols.0.symbol',
              message: "ZZZQX is not listed on US exchanges: choose a symbol from the exchange's list",
            },
            {
              path: 'symbols.1.symbol',
              message:
                "NOTREAL is not listed on National Stock Exchange of India: choose a symbol from the exchange's list",
            },
          ],
        },
      }),
    );
    renderRoute('/portfolios', { user: BASIC_USER });
    await user.click(await screen.findByRole('button', { name: 'New portfolio' }));
    await user.type(screen.getByLabelText('Name'), 'Made up');
    await user.type(screen.getByLabelText('Symbol 1'), 'ZZZQX');
    await user.type(screen.getByLabelText('Weight 1'), '0.5');
    await user.click(screen.getByRole('button', { name: 'Add a symbol' }));
    await user.selectOptions(screen.getByLabelText('Exchange 2'), 'NSE');
    await user.type(screen.getByLabelText('Symbol 2'), 'NOTREAL');
    await user.type(screen.getByLabelText('Weight 2'), '0.5');
    await user.click(screen.getByRole('button', { name: 'Save portfolio' }));

    expect((await screen.findByRole('alert')).textContent).toContain(
      "Not on the exchanges' lists: ZZZQX (US), NOTREAL (NSE).",
    );
    for (const [label, message] of [
      ['Symbol 1', "ZZZQX is not listed on US exchanges: choose a symbol from the exchange's list"],
      [
        'Symbol 2',
        "NOTREAL is not listed on National Stock Exchange of India: choose a symbol from the exchange's list",
      ],
    ] as const) {
      const field = screen.getByLabelText(label);
      expect(field.getAttribute('aria-invalid')).toBe('true');
      expect(document.getElementById(field.getAttribute('aria-describedby')!)?.textContent).toBe(message);
    }
    expect(calls.find((call) => call.method === 'POST')?.body).toEqual({
      name: 'Made up',
      symbols: [
        { exchange: 'US', symbol: 'ZZZQX', weight: 0.5 },
        { exchange: 'NSE', symbol: 'NOTREAL', weight: 0.5 },
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
