import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { type BacktestListItem, backtestListItemSchema } from '../../../src/shared/api/backtests';
import { BASIC_USER, renderRoute } from '../render-route';
import { fakeApi, jsonResponse } from '../fake-api';
import { resetPageAfterEachTest } from '../page-test-hooks';
import { REQUEST, RUN } from '../features/backtest-results/fixtures';

/** RUN as the history lists it. */
const NEWEST: BacktestListItem = backtestListItemSchema.parse(RUN);

const OLDER: BacktestListItem = {
  id: 'run-0',
  createdAt: '2024-04-01T08:00:00.000Z',
  exchange: 'INDX',
  stock: 'GSPC',
  timeframe: '1 day',
  mode: 'standard',
  source: 'sample',
  fromDate: '2010-01-01',
  toDate: '2012-12-31',
  summary: {
    netProfit: -2500.5,
    totalReturnPct: -2.5005,
    winRatePct: null,
    maxDrawdownPct: 4,
    riskReward: null,
    tradeCount: 0,
  },
  request: {
    ...REQUEST,
    exchange: 'INDX',
    stock: 'GSPC',
    timeframe: '1 day',
    fromDate: '2010-01-01',
    toDate: '2012-12-31',
  },
};

resetPageAfterEachTest();

function serveList(runs: BacktestListItem[] = [NEWEST, OLDER], extra: Parameters<typeof fakeApi>[0] = {}) {
  return fakeApi({ 'GET /api/backtests': () => jsonResponse(200, { backtests: runs }), ...extra });
}

const runItems = async () =>
  within(await screen.findByRole('list', { name: 'Your backtests, newest first' })).getAllByRole('listitem');

/** The titles of the runs listed, in their order. */
const shownTitles = () =>
  within(screen.getByRole('list', { name: /^Your backtests/ }))
    .queryAllByRole('heading', { level: 2 })
    .map((heading) => heading.textContent);

/** A run's figures as a term -> value map. */
function figures(item: HTMLElement): Record<string, string> {
  const terms = within(item)
    .getAllByRole('term')
    .map((term) => term.textContent ?? '');
  const values = within(item)
    .getAllByRole('definition')
    .map((value) => value.textContent ?? '');
  return Object.fromEntries(terms.map((term, index) => [term, values[index]!]));
}

describe('history page', () => {
  it('lists the user’s runs newest first with their key metrics and source', async () => {
    serveList();
    renderRoute('/backtests', { user: BASIC_USER });
    expect((await screen.findByRole('heading', { level: 1 })).textContent).toBe('My backtests');
    const [newest, older] = await runItems();
    expect(within(newest!).getByRole('heading', { level: 2 }).textContent).toBe('AAPL (US), 1 hour');
    expect(newest!.textContent).toContain('Synthetic sample data');
    expect(newest!.textContent).toContain('2023-09-01 to 2023-10-31 · run May 2, 2024, 10:15 AM UTC');
    expect(figures(newest!)).toEqual({
      'Net profit': '+12,345.68',
      Return: '+12.35%',
      'Win rate': '58.33%',
      'Max drawdown': '8.20%',
      'Risk/reward': '1.85',
      Trades: '30',
    });
    expect(within(older!).getByRole('heading', { level: 2 }).textContent).toBe('S&P 500 sample, 1 day');
    expect(older!.textContent).toContain('Sample data (S&P 500)');
    expect(figures(older!)).toMatchObject({ 'Net profit': '-2,500.50', 'Win rate': '—', 'Risk/reward': '—' });
  });

  it('opens a run on its result page', async () => {
    serveList();
    renderRoute('/backtests', { user: BASIC_USER });
    const [newest] = await runItems();
    expect(within(newest!).getByRole('link', { name: 'Open' }).getAttribute('href')).toBe('/backtests/run-1');
  });

  it('edits and re-runs: fetches the run’s request and opens the form with it', async () => {
    const user = userEvent.setup();
    const calls = serveList([NEWEST], { 'GET /api/backtests/run-1': () => jsonResponse(200, RUN) });
    const { router } = renderRoute('/backtests', { user: BASIC_USER });
    // The form's page takes the request from the navigation's state, then clears it (a reload
    // must not load it again): what matters is the state the page was opened with.
    const openedWith: unknown[] = [];
    router.subscribe(({ location }) => {
      if (location.pathname === '/BacktestingForm') openedWith.push(location.state);
    });
    const [newest] = await runItems();
    await user.click(within(newest!).getByRole('button', { name: 'Edit and re-run' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/BacktestingForm'));
    expect(openedWith[0]).toEqual({ request: REQUEST });
    // The runs asked for: the list, then the one to re-run. Other calls (the header's jobs in
    // flight, what the builder's form loads once it shows) come and go with the machine's speed.
    const runCalls = calls.filter((call) => call.url.startsWith('/api/backtests'));
    expect(runCalls.map((call) => `${call.method} ${call.url}`)).toEqual([
      'GET /api/backtests',
      'GET /api/backtests/run-1',
    ]);
  });

  it('says so when the run to re-run cannot be loaded', async () => {
    const user = userEvent.setup();
    serveList([NEWEST], {
      'GET /api/backtests/run-1': () =>
        jsonResponse(404, { error: { code: 'not_found', message: 'No backtest of yours has this id.' } }),
    });
    const { router } = renderRoute('/backtests', { user: BASIC_USER });
    const [newest] = await runItems();
    await user.click(within(newest!).getByRole('button', { name: 'Edit and re-run' }));
    expect((await screen.findByRole('alert')).textContent).toBe(
      'The run could not be loaded: No backtest of yours has this id.',
    );
    expect(router.state.location.pathname).toBe('/backtests');
  });

  it('deletes a run only after a confirm step, then removes it from the list', async () => {
    const user = userEvent.setup();
    const calls = serveList(undefined, {
      'DELETE /api/backtests/run-1': () => new Response(null, { status: 204 }),
    });
    renderRoute('/backtests', { user: BASIC_USER });
    const [newest] = await runItems();

    await user.click(within(newest!).getByRole('button', { name: 'Delete' }));
    const confirm = within(newest!).getByRole('group', { name: 'Confirm delete' });
    expect(confirm.textContent).toContain('Delete this backtest for good?');
    expect(confirm.textContent).toContain('the run still counts toward this month’s plan quota');
    expect(document.activeElement).toBe(within(confirm).getByRole('button', { name: 'Yes, delete' }));
    await user.click(within(confirm).getByRole('button', { name: 'Cancel' }));
    expect(within(newest!).queryByRole('group', { name: 'Confirm delete' })).toBeNull();
    expect(document.activeElement).toBe(within(newest!).getByRole('button', { name: 'Delete' }));
    expect(calls.some((call) => call.method === 'DELETE')).toBe(false);

    await user.click(within(newest!).getByRole('button', { name: 'Delete' }));
    await user.click(within(newest!).getByRole('button', { name: 'Yes, delete' }));
    expect((await screen.findByRole('status')).textContent).toBe(
      'Deleted the backtest of AAPL (US), 1 hour.',
    );
    const left = await runItems();
    expect(left).toHaveLength(1);
    expect(within(left[0]!).getByRole('heading', { level: 2 }).textContent).toBe('S&P 500 sample, 1 day');
    expect(calls.filter((call) => call.method === 'DELETE').map((call) => call.url)).toEqual([
      '/api/backtests/run-1',
    ]);
  });

  it('keeps the run and shows the server’s message when deleting fails', async () => {
    const user = userEvent.setup();
    serveList(undefined, {
      'DELETE /api/backtests/run-1': () => jsonResponse(500, null, 'Internal Server Error'),
    });
    renderRoute('/backtests', { user: BASIC_USER });
    const [newest] = await runItems();
    await user.click(within(newest!).getByRole('button', { name: 'Delete' }));
    await user.click(within(newest!).getByRole('button', { name: 'Yes, delete' }));
    expect((await screen.findByRole('alert')).textContent).toBe(
      'The backtest could not be deleted: Server error: 500 Internal Server Error',
    );
    expect(await runItems()).toHaveLength(2);
  });

  it('shows an empty state with a way to the simulator', async () => {
    serveList([]);
    renderRoute('/backtests', { user: BASIC_USER });
    expect((await screen.findByText(/not run a backtest/)).textContent).toBe(
      'You have not run a backtest yet.',
    );
    expect(screen.getByRole('link', { name: 'Build a strategy in the simulator' }).getAttribute('href')).toBe(
      '/BacktestingForm',
    );
  });

  it('shows a load error with a retry', async () => {
    const user = userEvent.setup();
    let fail = true;
    fakeApi({
      'GET /api/backtests': () =>
        fail ? jsonResponse(503, null, 'Service Unavailable') : jsonResponse(200, { backtests: [NEWEST] }),
    });
    renderRoute('/backtests', { user: BASIC_USER });
    expect((await screen.findByRole('alert')).textContent).toBe('Server error: 503 Service Unavailable');
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await runItems()).toHaveLength(1);
  });

  it('asks a signed-out visitor to log in, and comes back here afterwards', async () => {
    const user = userEvent.setup();
    const calls = fakeApi({});
    const { router } = renderRoute('/backtests');
    await user.click(await screen.findByRole('link', { name: 'Log in' }));
    expect(router.state.location.pathname).toBe('/LoginPage');
    expect(router.state.location.search).toBe('?next=%2Fbacktests');
    expect(calls).toEqual([]);
  });
});

describe('navigation bar', () => {
  it('links to My backtests, in the account menu next to the simulator, for signed-in users only', async () => {
    serveList();
    renderRoute('/', { user: BASIC_USER });
    const nav = screen.getByRole('navigation', { name: 'Main' });
    await userEvent.setup().click(within(nav).getByRole('button', { name: 'Your account' }));
    const links = within(nav)
      .getAllByRole('link')
      .map((link) => link.textContent);
    expect(links.indexOf('My backtests')).toBe(links.indexOf('Simulator') + 1);
    expect(within(nav).getByRole('link', { name: 'My backtests' }).getAttribute('href')).toBe('/backtests');
    cleanup();

    renderRoute('/');
    expect(
      within(screen.getByRole('navigation', { name: 'Main' })).queryByRole('link', { name: 'My backtests' }),
    ).toBeNull();
  });

  it('sums up each strategy in a line, sorts, filters and picks runs to compare', async () => {
    const user = userEvent.setup();
    serveList();
    renderRoute('/backtests', { user: BASIC_USER });
    const [newest] = await runItems();
    expect(within(newest!).getByText(/^SMA \(10\) Crosses Above/).textContent).toBe(
      'SMA (10) Crosses Above SMA (20) and RSI (14) Less Than 70 → SMA (10) Crosses Below SMA (20), Stop loss 5%',
    );

    await user.selectOptions(screen.getByLabelText('Sort'), 'bestReturn');
    const byReturn = within(
      screen.getByRole('list', { name: 'Your backtests, highest return' }),
    ).getAllByRole('heading', { level: 2 });
    expect(byReturn.map((heading) => heading.textContent)).toEqual([
      'AAPL (US), 1 hour',
      'S&P 500 sample, 1 day',
    ]);
    await user.selectOptions(screen.getByLabelText('Sort'), 'oldest');
    expect(
      within(screen.getByRole('list', { name: 'Your backtests, oldest first' }))
        .getAllByRole('heading', { level: 2 })
        .map((heading) => heading.textContent),
    ).toEqual(['S&P 500 sample, 1 day', 'AAPL (US), 1 hour']);

    await user.type(screen.getByLabelText('Filter by symbol'), 's&p');
    expect(shownTitles()).toEqual(['S&P 500 sample, 1 day']);
    await user.clear(screen.getByLabelText('Filter by symbol'));
    await user.type(screen.getByLabelText('Tested up to at least'), '2020-01-01');
    expect(shownTitles()).toEqual(['AAPL (US), 1 hour']);
    await user.clear(screen.getByLabelText('Tested up to at least'));

    const compare = screen.getByRole('group', { name: 'Compare' });
    expect(within(compare).queryByRole('link')).toBeNull();
    for (const box of screen.getAllByRole('checkbox', { name: 'Compare' })) await user.click(box);
    const link = within(compare).getByRole('link', { name: 'Compare 2 runs' });
    expect(link.getAttribute('href')).toBe('/backtests/compare?ids=run-0,run-1');
  });
});
