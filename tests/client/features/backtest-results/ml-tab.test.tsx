import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { resetPageAfterEachTest } from '../../page-test-hooks';
import { formatDateTime } from '../../../../src/client/lib/backtests/format';
import {
  formatMetric,
  metricDefinition,
  metricValue,
} from '../../../../src/client/lib/backtests/metric-definitions';
import type { BacktestRun } from '../../../../src/shared/api/backtests';
import type { MlReport } from '../../../../src/shared/ml-result';
import { BASIC_USER, renderRoute } from '../../render-route';
import { fakeApi, jsonResponse } from '../../fake-api';
import { RUN } from './fixtures';
import { ML_CANDLES, ML_RUN } from './ml-fixtures';

// happy-dom has no canvas: the charting module is replaced by its accessible outline, which
// also says which training windows the price chart was given.
vi.mock('../../../../src/client/features/backtest-results/components/BacktestCharts', () => ({
  PriceChart: ({ label, trainingWindows }: { label: string; trainingWindows?: unknown[] }) => (
    <div role="img" aria-label={label} data-training-windows={trainingWindows?.length ?? 0} />
  ),
  EquityChart: ({ label }: { label: string }) => <div role="img" aria-label={label} />,
  DrawdownChart: ({ label }: { label: string }) => <div role="img" aria-label={label} />,
}));

const PRO_USER = { ...BASIC_USER, plan: 'pro' as const };
const report = ML_RUN.result.ml!;

/** The ML run with parts of its report replaced. */
const withReport = (changes: Partial<MlReport>): BacktestRun => ({
  ...ML_RUN,
  result: { ...ML_RUN.result, ml: { ...report, ...changes } },
});

/** Opens a run's result page as a Pro user (the ML run's candles answer) and waits for its heading. */
async function openRun(
  run: BacktestRun = ML_RUN,
  path = `/backtests/${run.id}`,
  heading: string | RegExp = /SYN/,
) {
  fakeApi({
    [`GET /api/backtests/${run.id}`]: () => jsonResponse(200, run),
    'GET /api/market/candles': () => jsonResponse(200, ML_CANDLES),
  });
  const rendered = renderRoute(path, { user: PRO_USER });
  await screen.findByRole('heading', { level: 1, name: heading }, { timeout: 8000 });
  return rendered;
}

/** The cells of a table's body rows, as text. */
const bodyRows = (table: HTMLElement) =>
  within(table)
    .getAllByRole('row')
    .slice(1)
    .map((row) => [...row.querySelectorAll('th, td')].map((cell) => cell.textContent));

resetPageAfterEachTest();

describe('result page: the ML tab of an ML run', () => {
  it('sits between Result and Robustness, and the price chart gets the training windows', async () => {
    await openRun();
    const tabs = within(screen.getByRole('tablist', { name: 'Result views' })).getAllByRole('tab');
    expect(tabs.map((tab) => tab.textContent)).toEqual(['Result', 'ML', 'Robustness']);
    const chart = await screen.findByRole('img', { name: /^Candlestick chart/ }, { timeout: 8000 });
    expect(chart.getAttribute('aria-label')).toMatch(/ Shaded: 3 ML training windows\.$/);
    expect(chart.getAttribute('data-training-windows')).toBe(String(report.trainingWindows.length));
    expect(report.trainingWindows.length).toBe(3);
  });

  it('shows the folds with their training and test dates and scores', async () => {
    const user = userEvent.setup();
    await openRun();
    await user.click(screen.getByRole('tab', { name: 'ML' }));
    const table = screen.getByRole('table', { name: 'Walk-forward folds' });
    const date = (ms: number) => formatDateTime(ms, 'UTC');
    const t = ML_CANDLES.candles.t;
    // The test windows are dated once the run's bars have loaded.
    await waitFor(() =>
      expect(bodyRows(table)[0]![2]).toBe(
        `${date(t[report.folds[0]!.testFrom]!)} to ${date(t[report.folds[0]!.testTo - 1]!)}`,
      ),
    );
    const rows = bodyRows(table);
    expect(rows).toHaveLength(report.folds.length);
    const first = report.folds[0]!;
    expect(rows[0]).toEqual([
      '1',
      `${date(t[first.trainFrom]!)} to ${date(t[first.trainTo - 1]!)}`,
      `${date(t[first.testFrom]!)} to ${date(t[first.testTo - 1]!)}`,
      String(first.trainSamples),
      String(first.samples),
      `${(first.accuracy! * 100).toFixed(1)}%`,
      `${(first.precision! * 100).toFixed(1)}%`,
      `${(first.recall! * 100).toFixed(1)}%`,
      first.auc!.toFixed(3),
      first.aucDistantPairs!.toFixed(3),
      first.logLoss!.toFixed(3),
      'No',
    ]);
    // The training range is the one the report gives for the chart's shading.
    expect(rows[1]![1]).toBe(
      `${formatDateTime(report.trainingWindows[1]!.from, 'UTC')} to ${formatDateTime(report.trainingWindows[1]!.to, 'UTC')}`,
    );
    const scores = screen.getByRole('list', { name: 'Out-of-sample scores' });
    // The headline: the folds' AUC over distant pairs, averaged.
    const distant = report.folds.map((fold) => fold.aucDistantPairs!);
    expect(within(scores).getByText('ROC AUC').nextSibling?.textContent).toBe(
      (distant.reduce((sum, auc) => sum + auc, 0) / distant.length).toFixed(3),
    );
    expect(within(scores).getByText('AUC, all windows pooled').nextSibling?.textContent).toBe(
      report.outOfSample.auc!.toFixed(3),
    );
    expect(within(scores).getByText('Samples').nextSibling?.textContent).toBe(
      String(report.outOfSample.samples),
    );
  });

  it('draws the feature importance as bars, most important first, as long as their share of the largest', async () => {
    const user = userEvent.setup();
    await openRun();
    await user.click(screen.getByRole('tab', { name: 'ML' }));
    const items = within(screen.getByRole('list', { name: 'Feature importance' })).getAllByRole('listitem');
    expect(items.map((item) => item.firstChild?.textContent)).toEqual(
      report.featureImportance.map((entry) => entry.feature),
    );
    const largest = Math.max(...report.featureImportance.map((entry) => Math.abs(entry.importance)));
    report.featureImportance.forEach((entry, index) => {
      const fill = items[index]!.querySelector('[aria-hidden="true"] > span') as HTMLElement;
      expect(Number.parseFloat(fill.style.width)).toBeCloseTo(
        (Math.abs(entry.importance) / largest) * 100,
        6,
      );
      expect(items[index]!.lastChild?.textContent).toBe(
        `${entry.importance > 0 ? '+' : entry.importance < 0 ? '-' : ''}${Math.abs(entry.importance).toFixed(4)}`,
      );
    });
  });

  it('compares the ML strategy with the rules alone and buy and hold over the same bars', async () => {
    const user = userEvent.setup();
    await openRun();
    await user.click(screen.getByRole('tab', { name: 'ML' }));
    const rows = bodyRows(screen.getByRole('table', { name: 'ML strategy against its baselines' }));
    const figure = (metrics: typeof report.metrics, key: Parameters<typeof metricValue>[1]) =>
      formatMetric(metricDefinition(key), metricValue(metrics, key));
    const byLabel = Object.fromEntries(rows.map((row) => [row[0], row.slice(1)]));
    for (const key of ['totalReturnPct', 'tradeCount', 'winRatePct', 'maxDrawdownPct'] as const) {
      expect(byLabel[metricDefinition(key).label]).toEqual([
        figure(report.metrics, key),
        figure(report.baselines.rulesOnly!, key),
        figure(report.baselines.buyAndHold, key),
      ]);
    }
    // The strategy column is the run's own dashboard: the same trades.
    expect(byLabel.Trades![0]).toBe(String(ML_RUN.result.metrics.tradeCount));
    const calibration = bodyRows(screen.getByRole('table', { name: 'Calibration' }));
    expect(calibration).toHaveLength(report.calibration.length);
    const bin = report.calibration.find((entry) => entry.samples > 0)!;
    const shown = calibration[report.calibration.indexOf(bin)]!;
    expect(shown.slice(1)).toEqual([
      String(bin.samples),
      `${(bin.meanProbability! * 100).toFixed(1)}%`,
      `${(bin.observedRate! * 100).toFixed(1)}%`,
    ]);
  });

  it('shows the overfitting check: PBO and DSR of the threshold sweep, and the thresholds tried', async () => {
    const user = userEvent.setup();
    await openRun();
    await user.click(screen.getByRole('tab', { name: 'ML' }));
    const { thresholdSweep } = report;
    const pbo = thresholdSweep.pbo!;
    const dsr = thresholdSweep.dsr!;
    const cards = within(screen.getByRole('list', { name: 'Overfitting check' }))
      .getAllByRole('listitem')
      .map((card) => [...card.querySelectorAll('p')].map((line) => line.textContent));
    expect(cards).toEqual([
      [
        'PBO',
        `${(pbo.pbo * 100).toFixed(1)}%`,
        `How often the threshold that did best on half of the bars did no better than the median on the other half (${pbo.splits.toLocaleString('en-US')} splits). Above 50% the choice is luck.`,
      ],
      [
        'DSR',
        `${(dsr.dsr * 100).toFixed(1)}%`,
        `Probability that the Sharpe ratio at this run’s threshold is real, after ${thresholdSweep.thresholds.length} thresholds tried (the deflated Sharpe ratio).`,
      ],
      [
        'PSR',
        `${(report.sharpePsr!.psr * 100).toFixed(1)}%`,
        `Probability that the strategy’s Sharpe ratio is above 0 (PSR), over ${report.sharpePsr!.observations} out-of-sample bars.`,
      ],
    ]);
    expect(pbo.splits).toBe(12_870);
    expect(thresholdSweep.thresholds).toEqual([0.5, 0.525, 0.55, 0.575, 0.6, 0.625, 0.65, 0.675, 0.7]);
    expect(screen.getByText(/traded at each probability threshold of/).textContent).toBe(
      'The same out-of-sample bars traded at each probability threshold of 0.50, 0.525, 0.55, 0.575, 0.60, 0.625, 0.65, 0.675, 0.70, with this run’s exits (the model is not retrained).',
    );
  });

  it('says why the overfitting check was not measured when the report has no PBO or DSR', async () => {
    const user = userEvent.setup();
    const reason = '12 out-of-sample bars are too few for the 16 blocks of PBO';
    const dsrReason = 'the returns at the run threshold never vary: they have no Sharpe ratio';
    await openRun(
      withReport({
        thresholdSweep: { ...report.thresholdSweep, pbo: null, pboReason: reason, dsr: null, dsrReason },
      }),
    );
    await user.click(screen.getByRole('tab', { name: 'ML' }));
    const cards = within(screen.getByRole('list', { name: 'Overfitting check' }))
      .getAllByRole('listitem')
      .map((card) => [...card.querySelectorAll('p')].map((line) => line.textContent));
    expect(cards).toEqual([
      ['PBO', 'Not measured', `${reason}.`],
      ['DSR', 'Not measured', 'The returns at the run threshold never vary: they have no Sharpe ratio.'],
      [
        'PSR',
        `${(report.sharpePsr!.psr * 100).toFixed(1)}%`,
        `Probability that the strategy’s Sharpe ratio is above 0 (PSR), over ${report.sharpePsr!.observations} out-of-sample bars.`,
      ],
    ]);
  });

  it('shows the report’s warnings and says when there is no rules-only baseline', async () => {
    const user = userEvent.setup();
    await openRun(
      withReport({
        baselines: { ...report.baselines, rulesOnly: null },
        warnings: ['2 test windows have one label only: no ROC AUC'],
      }),
    );
    await user.click(screen.getByRole('tab', { name: 'ML' }));
    const warning = screen.getByText('2 test windows have one label only: no ROC AUC');
    expect([...warning.closest('ul')!.children].map((item) => item.textContent)).toEqual([
      '2 test windows have one label only: no ROC AUC',
    ]);
    expect(screen.getByText(/no entry rules, so there is no rules-only baseline/).textContent).toMatch(
      /, traded three ways: with the model, by the rules alone \(same exits\), and buying and holding\. This strategy has no entry rules, so there is no rules-only baseline\.$/,
    );
    const rows = bodyRows(screen.getByRole('table', { name: 'ML strategy against its baselines' }));
    expect(rows.every((row) => row[2] === 'No rules')).toBe(true);
  });
});

describe('a shared ML run', () => {
  it('shows the ML tab to a visitor, beside the result (no robustness lab)', async () => {
    const user = userEvent.setup();
    const token = 'a'.repeat(43);
    const { id: _id, ...shared } = ML_RUN;
    fakeApi({
      [`GET /api/public/backtests/${token}`]: () => jsonResponse(200, shared),
      'GET /api/market/candles': () => jsonResponse(200, ML_CANDLES),
    });
    renderRoute(`/r/${token}`);
    await screen.findByRole('heading', { level: 1, name: /SYN/ }, { timeout: 8000 });
    const tabs = within(screen.getByRole('tablist', { name: 'Result views' })).getAllByRole('tab');
    expect(tabs.map((tab) => tab.textContent)).toEqual(['Result', 'ML']);
    await user.click(tabs[1]!);
    expect(bodyRows(screen.getByRole('table', { name: 'Walk-forward folds' }))).toHaveLength(
      report.folds.length,
    );
  });
});

describe('result page: the tab after a reload', () => {
  it('keeps the tab in the address, so a reload of an ML run opens its ML tab again', async () => {
    const user = userEvent.setup();
    const { router } = await openRun();
    await user.click(screen.getByRole('tab', { name: 'ML' }));
    expect(router.state.location.search).toBe('?tab=ml');
    cleanup();

    const reloaded = await openRun(ML_RUN, `/backtests/${ML_RUN.id}?tab=ml`);
    expect(screen.getByRole('tab', { name: 'ML' }).getAttribute('aria-selected')).toBe('true');
    expect(screen.getByRole('table', { name: 'Walk-forward folds' })).toBeDefined();
    // Back on the first tab, the address is the run's own again.
    await user.click(screen.getByRole('tab', { name: 'Result' }));
    expect(reloaded.router.state.location.search).toBe('');
  });

  it('opens the Result tab for a tab the run does not have', async () => {
    await openRun(RUN, '/backtests/run-1?tab=ml', 'AAPL (US), 1 hour');
    expect(screen.getByRole('tab', { name: 'Result' }).getAttribute('aria-selected')).toBe('true');
  });
});

describe('result page: a standard run', () => {
  it('has no ML tab', async () => {
    await openRun(RUN, '/backtests/run-1', 'AAPL (US), 1 hour');
    const tabs = within(screen.getByRole('tablist', { name: 'Result views' })).getAllByRole('tab');
    expect(tabs.map((tab) => tab.textContent)).toEqual(['Result', 'Robustness']);
  });
});
