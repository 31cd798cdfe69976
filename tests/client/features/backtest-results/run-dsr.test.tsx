/**
 * The owner's result page gives the run's deflated Sharpe ratio beside the strategies tried on
 * its data: the DSR with what it means, the PSR against 0, and the warning on too few bars.
 */
import { screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { resetPageAfterEachTest } from '../../page-test-hooks';
import { runDsrText, TRIALS_COUNTED } from '../../../../src/client/features/backtest-results/trials-text';
import type { BacktestRun, Trials } from '../../../../src/shared/api/backtests';
import { BASIC_USER, renderRoute } from '../../render-route';
import { fakeApi, jsonResponse } from '../../fake-api';
import { candleAnswer, RUN } from './fixtures';

vi.mock('../../../../src/client/features/backtest-results/components/BacktestCharts', () => ({
  PriceChart: ({ label }: { label: string }) => <div role="img" aria-label={label} />,
  EquityChart: ({ label }: { label: string }) => <div role="img" aria-label={label} />,
  DrawdownChart: ({ label }: { label: string }) => <div role="img" aria-label={label} />,
}));

const TRIALS: Trials = {
  count: 3,
  sharpeVarianceAnnualised: 0.4,
  sharpeVariancePerBar: 0.4 / 1764,
  barsPerYear: 1764,
  since: '2026-11-18T08:30:00.000Z',
  dsr: { psr: 0.9712, dsr: 0.9087, sr0: 0.031, observations: 1250, warning: null },
};

async function openRun(run: BacktestRun) {
  fakeApi({
    [`GET /api/backtests/${run.id}`]: () => jsonResponse(200, run),
    'GET /api/market/candles': () => jsonResponse(200, candleAnswer()),
  });
  renderRoute(`/backtests/${run.id}`, { user: BASIC_USER });
  await screen.findByRole('heading', { level: 1, name: /AAPL/ }, { timeout: 8000 });
}

resetPageAfterEachTest();

describe('runDsrText', () => {
  it('gives the DSR against the best of N skill-less tries and the PSR against 0', () => {
    expect(runDsrText(TRIALS)).toBe(
      'Deflated Sharpe ratio: 0.91 (the probability that the true Sharpe ratio beats the best of ' +
        '3 skill-less tries). Against 0 (PSR): 0.97, over 1,250 bars.',
    );
    expect(runDsrText({ ...TRIALS, count: 1 })).toContain('the best of 1 skill-less try)');
  });

  it('gives nothing without a DSR', () => {
    expect(runDsrText({ ...TRIALS, dsr: null })).toBeNull();
    expect(
      runDsrText({
        ...TRIALS,
        count: 1,
        sharpeVarianceAnnualised: null,
        sharpeVariancePerBar: null,
        dsr: undefined,
      }),
    ).toBeNull();
  });
});

describe('result page: the run’s deflated Sharpe ratio', () => {
  it('shows it beside the strategies tried on the data', async () => {
    await openRun({ ...RUN, trials: TRIALS });
    expect(screen.getByText(/^You have tried 3 strategies/).textContent).toBe(
      `You have tried 3 strategies on this data since 2026-11-18 08:30 UTC. ${TRIALS_COUNTED}`,
    );
    expect(screen.getByText(/^Deflated Sharpe ratio:/).textContent).toBe(runDsrText(TRIALS));
  });

  it('adds the warning when the run has too few bars', async () => {
    const warning = 'Only 42 bars: the deflated Sharpe ratio needs at least 100 to be reliable';
    await openRun({ ...RUN, trials: { ...TRIALS, dsr: { ...TRIALS.dsr!, observations: 42, warning } } });
    const line = screen.getByText(/^Deflated Sharpe ratio:/);
    expect(line.textContent).toContain('over 42 bars.');
    expect(line.textContent).toContain(` ${warning}.`);
  });

  it('shows no DSR line when the run has none', async () => {
    await openRun({ ...RUN, trials: { ...TRIALS, dsr: null } });
    expect(screen.getByText(/^You have tried 3 strategies/)).toBeTruthy();
    expect(screen.queryByText(/Deflated Sharpe ratio/)).toBeNull();
  });
});
