import { cleanup, configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { resetPageAfterEachTest } from '../page-test-hooks';
import { formatDateTime } from '../../../src/client/lib/backtests/format';
import { tradesToCsv } from '../../../src/client/features/backtest-results/trade-table';
import type { BacktestRun } from '../../../src/shared/api/backtests';
import { BASIC_USER, renderRoute } from '../render-route';
import { fakeApi, jsonResponse } from '../fake-api';
import { REQUEST, RUN, TRADES, candleAnswer } from '../features/backtest-results/fixtures';

// The page is loaded lazily: its first render can take more than the default second under load.
configure({ asyncUtilTimeout: 5000 });

// happy-dom has no canvas: the charting module is replaced by its accessible outline.
vi.mock('../../../src/client/features/backtest-results/components/BacktestCharts', () => ({
  PriceChart: ({ label }: { label: string }) => <div role="img" aria-label={label} />,
  EquityChart: ({ label }: { label: string }) => <div role="img" aria-label={label} />,
  DrawdownChart: ({ label }: { label: string }) => <div role="img" aria-label={label} />,
}));

const PATH = '/backtests/run-1';

function serveRun(run: BacktestRun = RUN, candles: () => Response = () => jsonResponse(200, candleAnswer())) {
  return fakeApi({
    'GET /api/backtests/run-1': () => jsonResponse(200, run),
    'GET /api/market/candles': candles,
  });
}

async function openResult(run: BacktestRun = RUN) {
  const calls = serveRun(run);
  const view = renderRoute(PATH, { user: BASIC_USER });
  await screen.findByRole('heading', { level: 1, name: 'AAPL (US), 1 hour' });
  return { ...view, calls };
}

/** Text a sighted user reads, without the closed tooltips and the "i" buttons. */
function shownText(element: Element): string {
  const copy = element.cloneNode(true) as Element;
  copy.querySelectorAll('[role="tooltip"], button').forEach((node) => node.remove());
  return copy.textContent ?? '';
}

/** The headline cards' texts, in their order. */
const headlineCards = () =>
  within(screen.getByRole('list', { name: 'Headline results' }))
    .getAllByRole('listitem')
    .map(shownText);

resetPageAfterEachTest();

describe('result page: arrival', () => {
  it('shows the submission notice once, then clears it from the history entry', async () => {
    serveRun();
    const { router } = renderRoute(PATH, {
      user: BASIC_USER,
      state: { notice: 'Parameters submitted successfully!' },
    });
    await screen.findByRole('heading', { level: 1, name: 'AAPL (US), 1 hour' }, { timeout: 8000 });
    expect(screen.getAllByRole('status')[0]?.textContent).toBe('Parameters submitted successfully!');
    await waitFor(() => expect(router.state.location.state).toBeNull());
    expect(screen.getByText(/submitted successfully/).textContent).toBe('Parameters submitted successfully!');
  });

  it('shows no notice when opened from a link', async () => {
    await openResult();
    expect(screen.queryByText('Parameters submitted successfully!')).toBeNull();
  });
});

describe('result page: figures', () => {
  it('shows the four headline cards with money, percent and ratio formats', async () => {
    await openResult();
    expect(headlineCards()).toEqual([
      'Net profit+12,345.68+12.35% return',
      'Win rate58.33%of 30 trades',
      'Max drawdown8.20%longest 35 bars below the peak',
      'Risk/reward1.85average win 1,500.00 ÷ average loss 811.20',
    ]);
  });

  it('lists every metric, undefined ones as "—" with the reason in their tooltip', async () => {
    await openResult();
    const risk = screen.getByRole('table', { name: 'Risk' });
    const sharpeRow = within(risk).getByRole('row', { name: /Sharpe ratio/ });
    expect(within(sharpeRow).getByRole('cell').textContent).toBe('—Not available');
    const cagrRow = within(screen.getByRole('table', { name: 'Returns' })).getByRole('row', { name: /CAGR/ });
    expect(within(cagrRow).getByRole('cell').textContent).toBe('+95.50%');
    expect(screen.getAllByRole('row').length).toBeGreaterThanOrEqual(21);
    const tooltipId = screen
      .getByRole('button', { name: 'Sharpe ratio: formula' })
      .getAttribute('aria-describedby');
    const tooltip = document.getElementById(tooltipId!)!;
    expect(tooltip.getAttribute('role')).toBe('tooltip');
    expect(tooltip.textContent).toContain('Shown as “—”: There are fewer than two bars after the warm-up');
  });

  it('opens a formula tooltip from the keyboard and closes it with Escape', async () => {
    const user = userEvent.setup();
    await openResult();
    const button = screen.getByRole('button', { name: 'Sharpe ratio: formula' });
    expect(screen.queryByRole('tooltip')).toBeNull();
    for (let presses = 0; presses < 200 && document.activeElement !== button; presses++) await user.tab();
    expect(document.activeElement).toBe(button);
    const tooltip = screen.getByRole('tooltip');
    expect(tooltip.textContent).toContain(
      'Mean ÷ standard deviation (sample, n − 1) of per-bar returns × √(bars per year)',
    );
    expect(tooltip.textContent).toContain('This run (1 hour): 252 × 7 = 1,764 bars a year.');
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('tooltip')).toBeNull();
    expect(document.activeElement).toBe(button);
    await user.tab();
    expect(screen.getByRole('tooltip').textContent).toContain('Downside deviation');
  });

  it('shows the tooltip while the pointer is over the button', async () => {
    const user = userEvent.setup();
    await openResult();
    const [cardButton] = screen.getAllByRole('button', { name: 'Win rate: formula' });
    await user.hover(cardButton!);
    expect(screen.getByRole('tooltip').textContent).toContain(
      'Winning trades (P&L above 0) ÷ all trades × 100.',
    );
    await user.unhover(cardButton!);
    expect(screen.queryByRole('tooltip')).toBeNull();
  });
});

describe('result page: a run without trades', () => {
  it('shows "—" for undefined headline figures, says there were no trades and disables the CSV export', async () => {
    const metrics = {
      ...RUN.result.metrics,
      netProfit: 0,
      totalReturnPct: 0,
      tradeCount: 0,
      winRatePct: null,
      avgWin: null,
      avgLoss: null,
      riskReward: null,
      profitFactor: null,
      expectancy: null,
      maxDrawdownPct: 0,
      maxDrawdownDurationBars: 0,
    };
    await openResult({ ...RUN, result: { ...RUN.result, metrics, trades: [] } });
    expect(headlineCards()).toEqual([
      'Net profit0.000.00% return',
      'Win rate—of 0 trades',
      'Max drawdown0.00%longest 0 bars below the peak',
      'Risk/reward—no trades',
    ]);
    const riskRewardTooltip = document.getElementById(
      screen.getAllByRole('button', { name: 'Risk/reward: formula' })[0]!.getAttribute('aria-describedby')!,
    )!;
    expect(riskRewardTooltip.textContent).toContain(
      'Shown as “—”: There are no losing trades (or no trades at all)',
    );
    expect(screen.getByText(/made no trades/).textContent).toBe(
      'The strategy made no trades in this period.',
    );
    expect(screen.getByRole('button', { name: 'Export trades (CSV)' }).hasAttribute('disabled')).toBe(true);
  });
});

describe('result page: a run whose every trade lost', () => {
  it('shows a risk/reward of 0 and says there were no winning trades', async () => {
    const metrics = { ...RUN.result.metrics, avgWin: null, avgLoss: -120, riskReward: 0, winRatePct: 0 };
    await openResult({ ...RUN, result: { ...RUN.result, metrics } });
    expect(headlineCards()[3]).toBe('Risk/reward0.00no winning trades');
  });
});

describe('result page: data source, warnings and request', () => {
  it('calls synthetic data exactly that and shows every warning', async () => {
    await openResult();
    expect(screen.getByText(/^Data source:/).querySelector('strong')?.textContent).toBe(
      'Synthetic sample data',
    );
    const [banner, alert] = screen.getAllByRole('alert');
    expect(banner!.textContent).toBe('Synthetic prices, for trying the builder; not market history');
    expect(
      within(alert!)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(RUN.result.warnings);
  });

  it.each([
    ['provider', 'Market data'],
    ['sample', 'Sample data (S&P 500)'],
    ['upload', 'Your uploaded data'],
  ] as const)('labels %s data as "%s"', async (source, label) => {
    await openResult({
      ...RUN,
      source,
      result: { ...RUN.result, warnings: [], data: { ...RUN.result.data, source } },
    });
    expect(screen.getByText(/^Data source:/).textContent).toBe(`Data source: ${label}`);
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('heads the result with the tested span, not the asked dates, and shows the Data panel', async () => {
    // Asked 2023-09-01 to 2023-10-31; the bars ran from 2023-09-05 to 2023-10-20.
    const dataQuality = {
      bars: 99,
      source: 'synthetic' as const,
      adjustment: 'none' as const,
      duplicatesDropped: 0,
      missingSessions: 0,
      zeroVolumeBars: 0,
      suspectJumps: [],
      firstBar: '2023-09-05',
      lastBar: '2023-10-20',
    };
    await openResult({ ...RUN, result: { ...RUN.result, dataQuality } });
    const title = screen.getByRole('heading', { level: 1 });
    expect(title.nextElementSibling?.textContent).toMatch(/^2023-09-05 to 2023-10-20 · run /);
    const panel = screen.getByRole('region', { name: 'Data' });
    expect(within(panel).getByText('Tested span').nextElementSibling?.textContent).toBe(
      '2023-09-05 to 2023-10-20',
    );
  });

  it('heads a run stored before data quality existed with its asked dates', async () => {
    await openResult({ ...RUN, result: { ...RUN.result, dataQuality: undefined } });
    const title = screen.getByRole('heading', { level: 1 });
    expect(title.nextElementSibling?.textContent).toMatch(/^2023-09-01 to 2023-10-31 · run /);
    expect(screen.queryByRole('region', { name: 'Data' })).toBeNull();
  });

  it('summarises the request', async () => {
    await openResult();
    const section = screen.getByRole('region', { name: 'What was tested' });
    const terms = within(section)
      .getAllByRole('term')
      .map((term) => term.textContent);
    const details = within(section)
      .getAllByRole('definition')
      .map((detail) => detail.textContent);
    expect(Object.fromEntries(terms.map((term, index) => [term, details[index]]))).toEqual({
      Symbol: 'AAPL (US)',
      Timeframe: '1 hour',
      Period: '2023-09-01 to 2023-10-31',
      Side: 'Buy (long)',
      'Starting capital': '100,000.00',
      Costs: '0% commission per side, 0 points slippage',
      'Position sizing': 'All capital on each entry, fractional units',
    });
    expect(section.textContent).toContain('SMA (10) Crosses Above SMA (20)');
    expect(section.textContent).toContain('RSI (14) Less Than 70');
    expect(section.textContent).toContain('Stop loss 5%');
  });
});

describe('result page: charts', () => {
  it('asks for the run’s own bars with its warm-up and draws the charts with their descriptions', async () => {
    const { calls } = await openResult();
    const candleCall = await waitFor(() => {
      const call = calls.find((candidate) => candidate.url.startsWith('/api/market/candles'));
      if (!call) throw new Error('No candle request yet');
      return call;
    });
    expect(Object.fromEntries(new URL(candleCall.url, 'http://x').searchParams)).toEqual({
      exchange: 'US',
      symbol: 'AAPL',
      timeframe: '1h',
      from: '2023-09-01',
      to: '2023-10-31',
      warmup: '21',
    });
    expect((await screen.findByRole('img', { name: /^Candlestick chart/ })).getAttribute('aria-label')).toBe(
      'Candlestick chart of AAPL (US), 1 hour bars from 2023-09-01 to 2023-10-31: 99 bars, 30 trades marked with entry and exit arrows. Overlays: SMA 10, SMA 20.',
    );
    expect((await screen.findByRole('img', { name: /^Equity curve/ })).getAttribute('aria-label')).toBe(
      'Equity curve from 100,000.00 to 112,345.68; highest 112,345.68, lowest 95,000.00. Buy and hold of the instrument, dashed, from 100,000.00 to 96,750.00.',
    );
    expect((await screen.findByRole('img', { name: /^Drawdown curve/ })).getAttribute('aria-label')).toBe(
      'Drawdown curve, percent below the running equity peak; deepest 8.20%.',
    );
  });

  it('says so in words while the bars load and when they cannot be loaded, with a retry', async () => {
    const user = userEvent.setup();
    let answer = jsonResponse(502, {
      error: { code: 'bad_gateway', message: 'The provider did not answer.' },
    });
    serveRun(RUN, () => answer);
    renderRoute(PATH, { user: BASIC_USER });
    expect((await screen.findByText(/^Loading the price/)).textContent).toBe('Loading the price data…');
    expect((await screen.findByText(/The price chart could not be loaded/)).textContent).toBe(
      'The price chart could not be loaded: The provider did not answer.',
    );
    // The curves do not need the bars.
    expect((await screen.findByRole('img', { name: /^Equity curve/ })).getAttribute('aria-label')).toBe(
      'Equity curve from 100,000.00 to 112,345.68; highest 112,345.68, lowest 95,000.00. Buy and hold of the instrument, dashed, from 100,000.00 to 96,750.00.',
    );
    answer = jsonResponse(200, candleAnswer());
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect((await screen.findByRole('img', { name: /^Candlestick chart/ })).getAttribute('aria-label')).toBe(
      'Candlestick chart of AAPL (US), 1 hour bars from 2023-09-01 to 2023-10-31: 99 bars, 30 trades marked with entry and exit arrows. Overlays: SMA 10, SMA 20.',
    );
  });
});

describe('result page: trades', () => {
  const bodyRows = () =>
    within(screen.getByRole('table', { name: /^Trades, sorted by/ }))
      .getAllByRole('row')
      .slice(1);
  const firstCells = () => bodyRows().map((row) => within(row).getAllByRole('cell')[0]!.textContent);

  it('shows 25 trades a page with times in the data’s zone, prices, P&L and bars held', async () => {
    const user = userEvent.setup();
    await openResult();
    expect(bodyRows()).toHaveLength(25);
    const cells = within(bodyRows()[1]!)
      .getAllByRole('cell')
      .map((cell) => cell.textContent);
    // What a trader reads first leads, so it fits a phone's screen; the rest scroll sideways.
    const heads = within(screen.getByRole('region', { name: 'Trade list' }))
      .getAllByRole('columnheader')
      .map((head) => head.querySelector('button')!.firstChild!.textContent);
    expect(heads.slice(0, 6)).toEqual(['#', 'Side', 'Entry time', 'P&L', 'Return', 'Exit time']);
    expect(heads.slice(6)).toEqual(['Entry price', 'Exit price', 'Exit reason', 'Bars held', 'MFE', 'MAE']);
    expect(cells).toEqual([
      '2',
      'Long',
      formatDateTime(TRADES[1]!.entryTime, 'America/New_York'),
      '-5,000.00',
      '-4.95%',
      formatDateTime(TRADES[1]!.exitTime, 'America/New_York'),
      '101.00',
      '96.00',
      'Stop loss',
      '3',
      '+1.10%',
      '-5.20%',
    ]);
    expect(cells[2]).toBe('2023-09-02 09:30');
    expect(screen.getByText(/^Page 1 of 2/).textContent).toBe('Page 1 of 2 · trades 1–25 of 30');
    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(firstCells()).toEqual(['26', '27', '28', '29', '30']);
    expect(screen.getByRole('button', { name: 'Next' }).hasAttribute('disabled')).toBe(true);
    await user.click(screen.getByRole('button', { name: 'Previous' }));
    expect(bodyRows()).toHaveLength(25);
  });

  it('sorts by a column header button, flips on a second click and marks the column with aria-sort', async () => {
    const user = userEvent.setup();
    await openResult();
    await user.click(screen.getByRole('button', { name: 'Next' }));
    const pnlHeader = screen.getByRole('columnheader', { name: /P&L/ });
    expect(pnlHeader.getAttribute('aria-sort')).toBe('none');
    await user.click(within(pnlHeader).getByRole('button'));
    expect(pnlHeader.getAttribute('aria-sort')).toBe('ascending');
    expect(screen.getByRole('columnheader', { name: /#/ }).getAttribute('aria-sort')).toBe('none');
    // Sorting goes back to page 1; the biggest loss first.
    expect(firstCells()[0]).toBe('2');
    await user.click(within(pnlHeader).getByRole('button'));
    expect(pnlHeader.getAttribute('aria-sort')).toBe('descending');
    expect(firstCells()[0]).toBe('1');
  });

  it('shows each trade’s MFE and MAE with their meaning, and leaves the columns out for older runs', async () => {
    await openResult();
    const mfe = screen.getByRole('columnheader', { name: /MFE/ });
    expect(within(mfe).getByRole('button').getAttribute('title')).toMatch(/^Maximum favourable excursion/);
    cleanup();
    const older = TRADES.map(({ mfePct: _mfe, maePct: _mae, ...trade }) => trade);
    await openResult({ ...RUN, result: { ...RUN.result, trades: older } });
    expect(screen.queryByRole('columnheader', { name: /MFE/ })).toBeNull();
    expect(within(bodyRows()[0]!).getAllByRole('cell')).toHaveLength(10);
  });

  it('announces the trade a number button shows on the charts', async () => {
    const user = userEvent.setup();
    await openResult();
    await user.click(screen.getByRole('button', { name: 'Show trade 2 on the chart' }));
    expect(screen.getByText('The charts show trade 2.').getAttribute('role')).toBe('status');
  });
});

describe('result page: monthly returns and buy and hold', () => {
  it('lays the monthly returns out by year with the compounded year', async () => {
    await openResult();
    const grid = screen.getByRole('table', { name: 'Monthly and yearly returns, percent' });
    const row = within(grid).getByRole('row', { name: /^2023/ });
    const cells = within(row)
      .getAllByRole('cell')
      .map((cell) => cell.textContent);
    expect(cells).toHaveLength(13);
    expect(cells.slice(7, 10)).toEqual(['', '+8.50%', '-2.25%']);
    expect(cells[12]).toBe(`+${((1.085 * 0.9775 - 1) * 100).toFixed(2)}%`);
  });

  it('names the equity chart’s lines with the returns the metrics give', async () => {
    await openResult();
    const legend = await screen.findByRole('list', { name: 'Equity chart legend' });
    expect(
      within(legend)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['Strategy +12.35%', 'Buy and hold -3.25%']);
    expect(
      screen.getByRole('img', {
        name: /Buy and hold of the instrument, dashed, from 100,000.00 to 96,750.00\.$/,
      }),
    ).toBeDefined();
  });
});

describe('result page: exports and re-run', () => {
  function captureDownloads() {
    const blobs: Blob[] = [];
    const names: string[] = [];
    vi.spyOn(URL, 'createObjectURL').mockImplementation((blob) => {
      blobs.push(blob as Blob);
      return 'blob:result';
    });
    vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => {});
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      names.push(this.download);
    });
    return { blobs, names };
  }

  it('exports the trades as CSV and the request with the result as JSON', async () => {
    const user = userEvent.setup();
    const { blobs, names } = captureDownloads();
    await openResult();
    await user.click(screen.getByRole('button', { name: 'Export trades (CSV)' }));
    expect(names).toEqual(['backtest-AAPL-2023-09-01-2023-10-31-trades.csv']);
    expect(blobs[0]!.type).toBe('text/csv;charset=utf-8');
    expect(await blobs[0]!.text()).toBe(tradesToCsv(TRADES, 'America/New_York'));

    await user.click(screen.getByRole('button', { name: 'Export JSON' }));
    expect(names[1]).toBe('backtest-AAPL-2023-09-01-2023-10-31.json');
    const exported = JSON.parse(await blobs[1]!.text());
    expect(exported).toEqual({ id: 'run-1', createdAt: RUN.createdAt, request: REQUEST, result: RUN.result });
  });

  it('opens the form with the run’s request on "Edit and re-run"', async () => {
    const user = userEvent.setup();
    const { router } = await openResult();
    // The form takes the request from the navigation's state and then clears it: record the
    // navigation itself rather than race the form.
    const visits: { pathname: string; state: unknown }[] = [];
    router.subscribe(({ location }) => visits.push({ pathname: location.pathname, state: location.state }));
    await user.click(screen.getByRole('button', { name: 'Edit and re-run' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/BacktestingForm'));
    expect(visits.find((visit) => visit.pathname === '/BacktestingForm')?.state).toEqual({
      request: REQUEST,
    });
  });
});

describe('result page: other states', () => {
  it('says a run that is not the user’s does not exist', async () => {
    fakeApi({
      'GET /api/backtests/run-1': () =>
        jsonResponse(404, { error: { code: 'not_found', message: 'No backtest of yours has this id.' } }),
    });
    renderRoute(PATH, { user: BASIC_USER });
    await waitFor(() =>
      expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Backtest not found'),
    );
    expect(screen.getByRole('link', { name: 'See your backtests' }).getAttribute('href')).toBe('/backtests');
  });

  it('shows the server’s message with a retry on other errors', async () => {
    const user = userEvent.setup();
    let fail = true;
    fakeApi({
      'GET /api/backtests/run-1': () =>
        fail ? jsonResponse(500, null, 'Internal Server Error') : jsonResponse(200, RUN),
      'GET /api/market/candles': () => jsonResponse(200, candleAnswer()),
    });
    renderRoute(PATH, { user: BASIC_USER });
    expect((await screen.findByRole('alert')).textContent).toBe('Server error: 500 Internal Server Error');
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    await waitFor(() =>
      expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('AAPL (US), 1 hour'),
    );
  });

  it('says plainly that it cannot read an answer that does not match the run’s schema, and logs why', async () => {
    const consoleError = vi.spyOn(console, 'error').mockImplementation(() => {});
    const { metrics: _dropped, ...resultWithoutMetrics } = RUN.result;
    fakeApi({
      'GET /api/backtests/run-1': () => jsonResponse(200, { ...RUN, result: resultWithoutMetrics }),
      'GET /api/market/candles': () => jsonResponse(200, candleAnswer()),
    });
    renderRoute(PATH, { user: BASIC_USER });
    expect((await screen.findByRole('alert')).textContent).toBe(
      'The server sent an answer this page cannot read.',
    );
    expect(screen.queryByRole('heading', { level: 1, name: 'AAPL (US), 1 hour' })).toBeNull();
    expect(consoleError).toHaveBeenCalledWith(
      'Malformed answer from /api/backtests/run-1',
      expect.arrayContaining([expect.objectContaining({ path: ['result', 'metrics'] })]),
    );
    consoleError.mockRestore();
  });

  it('asks a signed-out visitor to log in and brings them back', async () => {
    const user = userEvent.setup();
    const calls = fakeApi({});
    const { router } = renderRoute(PATH);
    await user.click(await screen.findByRole('link', { name: 'Log in' }));
    expect(router.state.location.pathname).toBe('/LoginPage');
    expect(router.state.location.search).toBe(`?next=${encodeURIComponent(PATH)}`);
    expect(calls).toEqual([]);
  });
});
