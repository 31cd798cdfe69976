import { cleanup, configure, screen, within } from '@testing-library/react';
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
  CompareChart: ({ label }: { label: string }) => <div role="img" aria-label={label} />,
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

async function openCompare(path = '/backtests/compare?ids=run-1,run-2') {
  fakeApi({
    'GET /api/backtests/run-1': () => jsonResponse(200, RUN),
    'GET /api/backtests/run-2': () => jsonResponse(200, SECOND),
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
});
