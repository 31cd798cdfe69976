/**
 * The Monte Carlo of a run's trades as the lab shows it: percentiles over 1,000 paths, with a
 * warning when they rest on fewer than 30 trades.
 */
import { cleanup, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { MonteCarloFan } from '../../../../src/client/features/backtest-robustness/components/MonteCarloFan';
import type { ResultTrade } from '../../../../src/shared/api/backtests';

afterEach(cleanup);

/** `count` trades of alternating +2% and -1% on a 10,000 account, in exit order. */
function trades(count: number): ResultTrade[] {
  return Array.from({ length: count }, (_, index) => ({
    side: 'long',
    entryIndex: 2 * index,
    exitIndex: 2 * index + 1,
    entryTime: '2024-01-02T00:00:00.000Z',
    exitTime: '2024-01-03T00:00:00.000Z',
    entryPrice: 100,
    exitPrice: index % 2 === 0 ? 102 : 99,
    exitReason: 'signal',
    quantity: 100,
    pnl: index % 2 === 0 ? 200 : -100,
    returnPct: index % 2 === 0 ? 2 : -1,
    barsHeld: 1,
  }));
}

const section = () => screen.getByRole('region', { name: 'Monte Carlo of the trades' });

describe('the Monte Carlo of the trades', () => {
  it('says that the percentiles of 2 trades rest on too few trades', () => {
    render(<MonteCarloFan trades={trades(2)} initialCapital={10_000} />);
    expect(within(section()).getByRole('note').textContent).toBe(
      'Only 2 trades: these percentiles rest on too few trades to be reliable; they need at least 30.',
    );
    expect(within(section()).getByText(/^Percentiles over 1,000 paths/)).toBeTruthy();
  });

  it('shows 30 trades’ percentiles without the warning', () => {
    render(<MonteCarloFan trades={trades(30)} initialCapital={10_000} />);
    expect(within(section()).getByText(/^Percentiles over 1,000 paths/)).toBeTruthy();
    expect(within(section()).queryByRole('note')).toBeNull();
  });
});
