import { cleanup, configure, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { resetPageAfterEachTest } from '../page-test-hooks';
import type { BacktestRun } from '../../../src/shared/api/backtests';
import { formatSignedPercent } from '../../../src/client/lib/backtests/format';
import { BASIC_USER, renderRoute } from '../render-route';
import { fakeApi, jsonResponse } from '../fake-api';
import { METRICS, REQUEST, RUN } from '../features/backtest-results/fixtures';

// The page is loaded lazily: its first render can take more than the default second under load.
configure({ asyncUtilTimeout: 5000 });

// happy-dom has no canvas: the chart is replaced by its accessible outline.
vi.mock('../../../src/client/features/backtest-compare/components/CompareChart', () => ({
  CompareChart: ({ label, alignment }: { label: string; alignment: string }) => (
    <div role="img" aria-label={label} data-alignment={alignment} />
  ),
}));

/** The fixture run, and a second one with a 3% stop on MSFT that doubled its money. */
const SECOND: BacktestRun = {
  ...RUN,
  id: 'run-2',
  stock: 'MSFT',
  request: {
    ...REQUEST,
    stock: 'MSFT',
    exitCriteria: { ...REQUEST.exitCriteria, stopLoss: { type: 'percentage', value: 3 } },
  },
  result: {
    ...RUN.result,
    metrics: { ...METRICS, totalReturnPct: 100, netProfit: 100_000 },
    curve: {
      t: [1, 2, 3].map((n) => Date.UTC(2023, 8, n)),
      equity: [100_000, 150_000, 200_000],
      drawdownPct: [0, 0, 0],
    },
  },
};

resetPageAfterEachTest();

/** The fixture run on AAPL again an hour later, with a 3% stop instead of 5%. */
const RERUN: BacktestRun = {
  ...RUN,
  id: 'run-5',
  createdAt: '2024-05-02T11:20:00.000Z',
  request: {
    ...REQUEST,
    exitCriteria: { ...REQUEST.exitCriteria, stopLoss: { type: 'percentage', value: 3 } },
  },
};

/** The fixture run again, a year later. */
const A_YEAR_LATER: BacktestRun = {
  ...RUN,
  id: 'run-3',
  result: {
    ...RUN.result,
    curve: { ...RUN.result.curve, t: RUN.result.curve.t.map((t) => t + 365 * 86_400_000) },
  },
};

/** The fixture run over the same period, ending lower. */
const SAME_PERIOD: BacktestRun = {
  ...RUN,
  id: 'run-4',
  result: { ...RUN.result, curve: { ...RUN.result.curve, equity: [100_000, 90_000, 80_000] } },
};

async function openCompare(path = '/backtests/compare?ids=run-1,run-2') {
  fakeApi({
    'GET /api/backtests/run-1': () => jsonResponse(200, RUN),
    'GET /api/backtests/run-2': () => jsonResponse(200, SECOND),
    'GET /api/backtests/run-3': () => jsonResponse(200, A_YEAR_LATER),
    'GET /api/backtests/run-4': () => jsonResponse(200, SAME_PERIOD),
    'GET /api/backtests/run-5': () => jsonResponse(200, RERUN),
    'GET /api/backtests/gone': () =>
      jsonResponse(404, { error: { code: 'not_found', message: 'No backtest of yours has this id.' } }),
  });
  renderRoute(path, { user: BASIC_USER });
  await screen.findByRole('heading', { level: 1, name: 'Compare backtests' });
}

describe('the compare view', () => {
  it('overlays the equity curves from 100 and puts the metrics side by side', async () => {
    await openCompare();
    const chart = await screen.findByRole('img', { name: /^Equity of 2 backtests, each starting at 100/ });
    expect(chart.getAttribute('aria-label')).toContain('B: MSFT (US), 1 hour ends at 200.0');
    const metrics = screen.getByRole('region', { name: 'Metrics of the compared backtests' });
    const header = within(metrics)
      .getAllByRole('columnheader')
      .map((cell) => cell.textContent);
    expect(header).toEqual(['Metric', 'A: AAPL (US), 1 hour', 'B: MSFT (US), 1 hour']);
    const totalReturn = within(metrics).getByRole('rowheader', { name: 'Total return' }).closest('tr')!;
    expect([...totalReturn.querySelectorAll('td')].map((cell) => cell.textContent)).toEqual([
      formatSignedPercent(RUN.result.metrics.totalReturnPct),
      '+100.00%',
    ]);
  });

  it('tells apart two runs of the same symbol and timeframe by when each ran and what its request changes', async () => {
    await openCompare('/backtests/compare?ids=run-1,run-5');
    const metrics = await screen.findByRole('region', { name: 'Metrics of the compared backtests' });
    const names = [
      'A: AAPL (US), 1 hour, run 2024-05-02 10:15 UTC (exit criteria: Stop loss 5%)',
      'B: AAPL (US), 1 hour, run 2024-05-02 11:20 UTC (exit criteria: Stop loss 3%)',
    ];
    expect(
      within(metrics)
        .getAllByRole('columnheader')
        .map((cell) => cell.textContent),
    ).toEqual(['Metric', ...names]);
    const legend = screen.getByRole('list', { name: 'Compared backtests' });
    expect(
      within(legend)
        .getAllByRole('link')
        .map((link) => link.textContent),
    ).toEqual(names);
    expect(screen.getByRole('img', { name: /^Equity of 2 backtests/ }).getAttribute('aria-label')).toContain(
      `${names[1]} ends at`,
    );
  });

  it('credits the charting library under the chart, with a link that says it opens a new tab', async () => {
    await openCompare();
    const link = await screen.findByRole('link', {
      name: /^TradingView Lightweight Charts™ \(opens in a new tab\)$/,
    });
    expect(link.getAttribute('href')).toBe('https://www.tradingview.com/lightweight-charts/');
    expect(link.closest('p')?.textContent).toBe(
      'Chart by TradingView Lightweight Charts™ (opens in a new tab).',
    );
  });

  it('highlights the settings the runs differ in, and only those', async () => {
    await openCompare();
    const settings = await screen.findByRole('region', { name: 'Settings of the compared backtests' });
    const differing = within(settings)
      .getAllByText('differs')
      .map((tag) => tag.closest('th')!.firstChild!.textContent);
    expect(differing).toEqual(['Symbol', 'Exit criteria']);
    expect(screen.getByText(/^The runs differ in/).textContent).toBe(
      'The runs differ in: symbol, exit criteria (highlighted).',
    );
    const exits = within(settings)
      .getByRole('rowheader', { name: /^Exit criteria/ })
      .closest('tr')!;
    expect([...exits.querySelectorAll('td')].map((cell) => cell.textContent)).toEqual([
      'Stop loss 5%',
      'Stop loss 3%',
    ]);
  });

  it('asks for two to four runs', async () => {
    await openCompare('/backtests/compare?ids=run-1');
    expect(screen.getByText(/Choose at least two/).textContent).toBe(
      'Choose at least two of your backtests to compare. Pick them in your backtests.',
    );
    cleanup();
    await openCompare('/backtests/compare?ids=a,b,c,d,e');
    expect(screen.getByText(/Compare at most 4/).textContent).toBe(
      'Compare at most 4 backtests at a time. Pick them in your backtests.',
    );
  });

  it('lines up runs of different periods by elapsed time, and switches back to calendar dates', async () => {
    const user = userEvent.setup();
    await openCompare('/backtests/compare?ids=run-1,run-3');
    const chart = await screen.findByRole('img', { name: /^Equity of 2 backtests/ });
    const axis = screen.getByRole('group', { name: 'Time axis' });
    const elapsed = within(axis).getByRole('radio', { name: 'Elapsed time (days since each run’s start)' });
    const calendar = within(axis).getByRole('radio', { name: 'Calendar dates' });
    expect((elapsed as HTMLInputElement).checked).toBe(true);
    expect(chart.dataset.alignment).toBe('elapsed');
    expect(chart.getAttribute('aria-label')).toContain('aligned by days since each run’s start');
    expect(axis.textContent).toContain('The runs cover different periods');

    await user.click(calendar);
    expect((calendar as HTMLInputElement).checked).toBe(true);
    const redrawn = screen.getByRole('img', { name: /^Equity of 2 backtests/ });
    expect(redrawn.dataset.alignment).toBe('calendar');
    expect(redrawn.getAttribute('aria-label')).toContain('on calendar dates');
  });

  it('keeps calendar dates for runs over the same period', async () => {
    await openCompare('/backtests/compare?ids=run-1,run-4');
    const chart = await screen.findByRole('img', { name: /^Equity of 2 backtests/ });
    expect(chart.dataset.alignment).toBe('calendar');
    expect((screen.getByRole('radio', { name: 'Calendar dates' }) as HTMLInputElement).checked).toBe(true);
  });

  it('says a run that does not exist was not found, with the way back and no retry', async () => {
    await openCompare('/backtests/compare?ids=run-1,gone');
    const message = await screen.findByText(/One of these backtests was not found/);
    expect(within(message).getByRole('link', { name: 'Back to your backtests' }).getAttribute('href')).toBe(
      '/backtests',
    );
    expect(screen.queryByRole('button', { name: 'Try again' })).toBeNull();
  });
});
