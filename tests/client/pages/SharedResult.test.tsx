import { configure, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { resetPageAfterEachTest } from '../page-test-hooks';
import { BASIC_USER, renderRoute } from '../render-route';
import { fakeApi, jsonResponse } from '../fake-api';
import { RUN, candleAnswer } from '../features/backtest-results/fixtures';

// The page is loaded lazily: its first render can take more than the default second under load.
configure({ asyncUtilTimeout: 5000 });

// happy-dom has no canvas: the charting module is replaced by its accessible outline.
vi.mock('../../../src/client/features/backtest-results/components/BacktestCharts', () => ({
  PriceChart: ({ label }: { label: string }) => <div role="img" aria-label={label} />,
  EquityChart: ({ label }: { label: string }) => <div role="img" aria-label={label} />,
  DrawdownChart: ({ label }: { label: string }) => <div role="img" aria-label={label} />,
}));

const TOKEN = 'a'.repeat(20) + 'B'.repeat(23);
const URL_OF_LINK = `http://localhost/r/${TOKEN}`;

resetPageAfterEachTest();

describe('sharing from the result page', () => {
  it('makes a link, shows it once with a copy button, and stops sharing', async () => {
    const user = userEvent.setup();
    const calls = fakeApi({
      'GET /api/backtests/run-1': () => jsonResponse(200, RUN),
      'GET /api/market/candles': () => jsonResponse(200, candleAnswer()),
      'GET /api/backtests/run-1/share': () => jsonResponse(200, { shared: false, createdAt: null }),
      'POST /api/backtests/run-1/share': () => jsonResponse(201, { token: TOKEN, url: URL_OF_LINK }),
      'DELETE /api/backtests/run-1/share': () => new Response(null, { status: 204 }),
    });
    renderRoute('/backtests/run-1', { user: BASIC_USER });
    await user.click(await screen.findByRole('button', { name: 'Share by link' }));
    const field = (await screen.findByRole('textbox', { name: 'Public link' })) as HTMLInputElement;
    expect(field.value).toBe(URL_OF_LINK);
    expect(screen.getByText(/shown only once/).textContent).toBe(
      'Anyone with this link can read this result without an account; your name and email are not shown. Copy it now: for your safety it is shown only once.',
    );
    expect(calls.some((call) => call.method === 'POST' && call.url === '/api/backtests/run-1/share')).toBe(
      true,
    );

    await user.click(screen.getByRole('button', { name: 'Stop sharing' }));
    expect((await screen.findByText(/no longer opens/)).textContent).toBe(
      'The link no longer opens this result.',
    );
    expect(screen.queryByRole('textbox', { name: 'Public link' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Share by link' })).toHaveProperty('disabled', false);
  });

  it('says when a run is already shared, without its link', async () => {
    fakeApi({
      'GET /api/backtests/run-1': () => jsonResponse(200, RUN),
      'GET /api/market/candles': () => jsonResponse(200, candleAnswer()),
      'GET /api/backtests/run-1/share': () =>
        jsonResponse(200, { shared: true, createdAt: '2026-11-20T08:00:00.000Z' }),
    });
    renderRoute('/backtests/run-1', { user: BASIC_USER });
    expect((await screen.findByText(/public by link since/)).textContent).toBe(
      'This result is public by link since 2026-11-20 08:00 UTC. Make a new link to see it again (the old one stops working), or stop sharing.',
    );
    expect(screen.getByRole('button', { name: 'Make a new link' })).toHaveProperty('disabled', false);
  });
});

describe('the public page of a shared run', () => {
  it('shows the run read-only to a visitor: no re-run, no sharing, no history link', async () => {
    const { id: _id, ...shared } = RUN;
    fakeApi({
      [`GET /api/public/backtests/${TOKEN}`]: () => jsonResponse(200, shared),
      'GET /api/market/candles': () => jsonResponse(200, candleAnswer()),
    });
    renderRoute(`/r/${TOKEN}`);
    await screen.findByRole('heading', { level: 1, name: 'AAPL (US), 1 hour' });
    expect(screen.getByText(/^Shared backtest result/).textContent).toBe(
      'Shared backtest result · read-only',
    );
    expect(screen.queryByRole('button', { name: 'Edit and re-run' })).toBeNull();
    expect(screen.queryByRole('region', { name: 'Share this result' })).toBeNull();
    expect(screen.queryByRole('link', { name: 'My backtests' })).toBeNull();
  });

  it('says so when the link was revoked', async () => {
    fakeApi({
      [`GET /api/public/backtests/${TOKEN}`]: () =>
        jsonResponse(404, { error: { code: 'not_found', message: 'This link does not open a backtest.' } }),
    });
    renderRoute(`/r/${TOKEN}`);
    await waitFor(() =>
      expect(screen.getByRole('heading', { level: 1 }).textContent).toBe(
        'This link does not open a backtest',
      ),
    );
  });
});
