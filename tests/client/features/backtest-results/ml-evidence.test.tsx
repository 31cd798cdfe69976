/**
 * What the result page says about the evidence behind an ML run: whether the AUC is
 * distinguishable from chance, the leak alarm first, degenerate folds, the strategy's PSR, one
 * buy-and-hold figure on both tabs, the horizon exit, and the strategies tried on the data.
 */
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { resetPageAfterEachTest } from '../../page-test-hooks';
import { formatSignedPercent } from '../../../../src/client/lib/backtests/format';
import { formatMetric, metricDefinition } from '../../../../src/client/lib/backtests/metric-definitions';
import { LEAK_WARNING } from '../../../../src/engine/robustness/evidence';
import type { BacktestRun } from '../../../../src/shared/api/backtests';
import { TRIALS_COUNTED } from '../../../../src/client/features/backtest-results/trials-text';
import type { MlReport } from '../../../../src/shared/ml-result';
import { BASIC_USER, renderRoute } from '../../render-route';
import { fakeApi, jsonResponse } from '../../fake-api';
import { ML_CANDLES, ML_RUN } from './ml-fixtures';

vi.mock('../../../../src/client/features/backtest-results/components/BacktestCharts', () => ({
  PriceChart: ({ label }: { label: string }) => <div role="img" aria-label={label} />,
  EquityChart: ({ label }: { label: string }) => <div role="img" aria-label={label} />,
  DrawdownChart: ({ label }: { label: string }) => <div role="img" aria-label={label} />,
}));

const PRO_USER = { ...BASIC_USER, plan: 'pro' as const };
const report = ML_RUN.result.ml!;

/** ML_RUN with its report changed by `change`. */
function withReport(change: (report: MlReport) => MlReport, extra: Partial<BacktestRun> = {}): BacktestRun {
  return { ...ML_RUN, ...extra, result: { ...ML_RUN.result, ml: change(structuredClone(report)) } };
}

async function openMlTab(run: BacktestRun) {
  fakeApi({
    [`GET /api/backtests/${run.id}`]: () => jsonResponse(200, run),
    'GET /api/market/candles': () => jsonResponse(200, ML_CANDLES),
  });
  renderRoute(`/backtests/${run.id}`, { user: PRO_USER });
  await screen.findByRole('heading', { level: 1, name: /SYN/ }, { timeout: 8000 });
  await userEvent.setup().click(screen.getByRole('tab', { name: 'ML' }));
  return screen.getByRole('tabpanel');
}

const METHOD =
  "t-interval over 10 test windows' AUC (9 degrees of freedom), each over pairs of samples at least 21 bars apart";
const interval = (low: number, high: number) => ({ low, high, method: METHOD });
/** The report's headline figures replaced: 10 windows unless said, enough for a verdict. */
const headline = (figures: Partial<MlReport['outOfSample']>) =>
  withReport((r) => ({ ...r, outOfSample: { ...r.outOfSample, aucFoldsAveraged: 10, ...figures } }));
const scoreCards = () =>
  within(screen.getByRole('list', { name: 'Out-of-sample scores' })).getAllByRole('listitem');

resetPageAfterEachTest();

describe('ML tab: the AUC against chance', () => {
  it('says "indistinguishable from chance" when the 95% interval contains 0.5, with the interval and p-value', async () => {
    const panel = await openMlTab(
      headline({ aucDistantPairsMeanOfFolds: 0.524, aucCi95: interval(0.471, 0.566), pValue: 0.31 }),
    );
    expect(within(panel).getByRole('note').textContent).toBe(
      'Out-of-sample ROC AUC 0.524 (95% interval 0.471 to 0.566, p = 0.310): indistinguishable from chance.',
    );
    const [aucCard, intervalCard, pCard] = scoreCards();
    expect(aucCard!.textContent).toContain('0.524');
    expect(aucCard!.textContent).toContain('Indistinguishable from chance.');
    expect(intervalCard!.textContent).toContain('0.471 to 0.566');
    expect(intervalCard!.textContent).toContain(METHOD);
    expect(pCard!.textContent).toContain('0.310');
    expect(pCard!.textContent).toContain('Two-sided t-test of the test windows’ AUC against 0.5');
  });

  it('says better than chance when the interval is above 0.5 and p < 0.05, and never "indistinguishable"', async () => {
    const panel = await openMlTab(headline({ aucCi95: interval(0.52, 0.58), pValue: 0.001 }));
    expect(within(panel).getByRole('note').textContent).toMatch(/: better than chance\.$/);
    expect(panel.textContent).not.toMatch(/indistinguishable/i);
  });

  it('does not say better than chance on p = 0.124, even with an interval above 0.5', async () => {
    const panel = await openMlTab(headline({ aucCi95: interval(0.527, 0.987), pValue: 0.124 }));
    expect(within(panel).getByRole('note').textContent).toMatch(/: indistinguishable from chance\.$/);
    expect(panel.textContent).not.toMatch(/better than chance/i);
  });

  it('gives no verdict on 3 test windows, and says why', async () => {
    expect(report.outOfSample.aucFoldsAveraged).toBe(3);
    const panel = await openMlTab(ML_RUN);
    const reason = '3 test windows with an AUC are too few to judge: a verdict needs at least 8';
    expect(within(panel).getByRole('note').textContent).toMatch(new RegExp(`\\): no verdict: ${reason}\\.$`));
    expect(scoreCards()[0]!.textContent).toContain(`No verdict: ${reason}.`);
    expect(panel.textContent).not.toMatch(/(better|worse) than chance|indistinguishable/i);
  });

  it('shows the strategy’s PSR against 0 with its out-of-sample bar count, and a DSR on too few bars warned', async () => {
    await openMlTab(
      withReport((r) => ({
        ...r,
        sharpePsr: { psr: 0.712, sharpe: 0.03, observations: 2345 },
        thresholdSweep: { ...r.thresholdSweep, dsrWarning: 'Only 53 out-of-sample bars: the DSR needs 100' },
      })),
    );
    const cards = within(screen.getByRole('list', { name: 'Overfitting check' })).getAllByRole('listitem');
    const psr = cards.find((card) => card.textContent!.startsWith('PSR'))!;
    expect(psr.textContent).toContain('71.2%');
    expect(psr.textContent).toContain('over 2,345 out-of-sample bars');
    expect(report.thresholdSweep.dsr).not.toBeNull();
    expect(cards.find((card) => card.textContent!.startsWith('DSR'))!.textContent).toContain(
      'Only 53 out-of-sample bars: the DSR needs 100.',
    );
  });
});

describe('ML tab: alarms', () => {
  it('shows the leak warning first, before the scores', async () => {
    const panel = await openMlTab(withReport((r) => ({ ...r, warnings: [LEAK_WARNING, 'Another warning'] })));
    const alert = within(panel).getAllByRole('alert')[0]!;
    const items = within(alert).getAllByRole('listitem');
    expect(items[0]!.textContent).toBe(
      'Results this strong usually mean information from the future; check the data and the features',
    );
    // The warnings come before the scores in the reading order.
    const scores = screen.getByRole('list', { name: 'Out-of-sample scores' });
    expect(alert.compareDocumentPosition(scores) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
  });

  it('marks the headline scores not meaningful and each degenerate fold', async () => {
    const panel = await openMlTab(
      withReport((r) => ({
        ...r,
        scoresMeaningful: false,
        degenerateFolds: r.folds.length,
        folds: r.folds.map((fold) => ({ ...fold, degenerate: true, degenerateReason: 'one probability' })),
      })),
    );
    expect(panel.textContent).toContain(
      `Not meaningful: ${report.folds.length} of ${report.folds.length} folds are degenerate`,
    );
    for (const card of scoreCards()) expect(card.textContent).toContain('(not meaningful)');
    const folds = within(screen.getByRole('table', { name: 'Walk-forward folds' }))
      .getAllByRole('row')
      .slice(1);
    for (const row of folds) expect(row.lastElementChild!.textContent).toBe('Yes: one probability');
  });
});

describe('result page: one buy and hold, the horizon exit, the trials', () => {
  it('shows the same buy-and-hold return on the Result and ML tabs', async () => {
    const panel = await openMlTab(ML_RUN);
    const row = within(within(panel).getByRole('table', { name: 'ML strategy against its baselines' }))
      .getByRole('row', { name: /^Total return/ })
      .querySelectorAll('td');
    const mlFigure = row[2]!.textContent;
    expect(mlFigure).toBe(
      formatMetric(metricDefinition('totalReturnPct'), report.baselines.buyAndHold.totalReturnPct),
    );
    await userEvent.setup().click(screen.getByRole('tab', { name: 'Result' }));
    const legend = screen.getByRole('list', { name: 'Equity chart legend' });
    const buyHold = ML_RUN.result.metrics.buyHoldReturnPct!;
    expect(buyHold).toBe(report.baselines.buyAndHold.totalReturnPct);
    expect(legend.textContent).toContain(`Buy and hold ${formatSignedPercent(buyHold)}`);
  });

  it('describes the exit at the label’s horizon instead of "no exit rule"', async () => {
    await openMlTab(ML_RUN);
    await userEvent.setup().click(screen.getByRole('tab', { name: 'Result' }));
    const summary = screen.getByRole('region', { name: 'What was tested' });
    expect(summary.textContent).toContain('After 1 bar at the latest (the ML label’s horizon)');
    expect(summary.textContent).not.toContain('No exit rule');
  });

  it('says how many strategies the user has tried on this data', async () => {
    await openMlTab(
      withReport((r) => r, {
        trials: {
          count: 3,
          sharpeVarianceAnnualised: 0.2,
          sharpeVariancePerBar: 0.2 / 252,
          barsPerYear: 252,
          since: '2026-11-18T08:30:00.000Z',
        },
      }),
    );
    expect(screen.getByText(/^You have tried 3 strategies on this data/).textContent).toBe(
      `You have tried 3 strategies on this data since 2026-11-18 08:30 UTC. ${TRIALS_COUNTED}`,
    );
    // What is counted, in words: a rerun and an ML run's thresholds are one strategy.
    expect(TRIALS_COUNTED).toBe(
      'Counted: each distinct set of rules, exits, model and settings you ran on this symbol and ' +
        'timeframe over overlapping dates, once however often it ran (an ML run’s threshold check is ' +
        'part of its one), and each configuration of your finished robustness analyses.',
    );
  });

  it('says the DSR counts every strategy tried on the data when there were more than the thresholds', async () => {
    const thresholds = report.thresholdSweep.thresholds.length;
    const alone = report.thresholdSweep.dsr!;
    await openMlTab(
      withReport(
        (r) => ({
          ...r,
          thresholdSweep: { ...r.thresholdSweep, dsr: { ...alone, trials: thresholds + 14, dsr: 0.123 } },
        }),
        {
          trials: {
            count: 15,
            sharpeVarianceAnnualised: 0.2,
            sharpeVariancePerBar: 0.2 / 252,
            barsPerYear: 252,
            since: '2026-11-18T08:30:00.000Z',
          },
        },
      ),
    );
    const cards = within(screen.getByRole('list', { name: 'Overfitting check' })).getAllByRole('listitem');
    const dsr = cards.find((card) => card.textContent!.startsWith('DSR'))!;
    expect(dsr.textContent).toContain('12.3%');
    expect(dsr.textContent).toContain(
      `after ${thresholds + 14} trials: the ${thresholds} thresholds checked here and the 14 other ` +
        'strategies you tried on this data (the deflated Sharpe ratio).',
    );
    // This run is one of the 15 strategies tried on the data; its thresholds are its own trials.
    expect(screen.getByText(/^You have tried/).textContent).toBe(
      `You have tried 15 strategies on this data since 2026-11-18 08:30 UTC. ${TRIALS_COUNTED}`,
    );
  });
});
