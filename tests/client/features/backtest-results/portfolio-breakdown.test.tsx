import { cleanup, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { PortfolioBreakdown as Breakdown } from '../../../../src/shared/portfolio';
import { PortfolioBreakdown } from '../../../../src/client/features/backtest-results/components/PortfolioBreakdown';
import {
  correlationColor,
  correlationText,
} from '../../../../src/client/features/backtest-results/portfolio-breakdown';
import { RUN } from './fixtures';

const metrics = (totalReturnPct: number, tradeCount: number, winRatePct: number | null) => ({
  ...RUN.result.metrics,
  totalReturnPct,
  tradeCount,
  winRatePct,
});

const BREAKDOWN: Breakdown = {
  name: 'Trio',
  symbols: [
    { exchange: 'US', symbol: 'AAPL', weight: 0.5, metrics: metrics(4.2, 3, 66.6667), contributionPct: 2.1 },
    { exchange: 'US', symbol: 'MSFT', weight: 0.25, metrics: metrics(-2, 2, 50), contributionPct: -0.5 },
    { exchange: 'NSE', symbol: 'RELIANCE', weight: 0.25, metrics: metrics(0, 0, null), contributionPct: 0 },
  ],
  correlation: {
    symbols: ['AAPL', 'MSFT', 'RELIANCE'],
    matrix: [
      [1, -0.4213, null],
      [-0.4213, 1, null],
      [null, null, null],
    ],
  },
};

afterEach(cleanup);

describe('a portfolio run’s breakdown', () => {
  it('lists each symbol’s exchange, weight, return, trades, win rate and contribution', () => {
    render(<PortfolioBreakdown breakdown={BREAKDOWN} />);
    const table = screen.getByRole('region', { name: 'Per-symbol breakdown' });
    const rows = within(table).getAllByRole('row');
    expect(
      within(rows[0]!)
        .getAllByRole('columnheader')
        .map((cell) => cell.textContent),
    ).toEqual(['Symbol', 'Exchange', 'Weight', 'Return', 'Trades', 'Win rate', 'Contribution']);
    const cells = (index: number) => [
      within(rows[index]!).getByRole('rowheader').textContent,
      ...within(rows[index]!)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    ];
    expect(cells(1)).toEqual(['AAPL', 'US', '50.00%', '+4.20%', '3', '66.67%', '+2.10%']);
    expect(cells(2)).toEqual(['MSFT', 'US', '25.00%', '-2.00%', '2', '50.00%', '-0.50%']);
    expect(cells(3)).toEqual(['RELIANCE', 'NSE', '25.00%', '0.00%', '0', 'n/a', '0.00%']);
  });

  it('shows the correlation matrix with readable values and heat colours', () => {
    render(<PortfolioBreakdown breakdown={BREAKDOWN} />);
    const matrix = screen.getByRole('region', { name: 'Correlation matrix' });
    expect(
      within(matrix)
        .getAllByRole('columnheader')
        .map((cell) => cell.textContent),
    ).toEqual(['AAPL', 'MSFT', 'RELIANCE']);
    const rows = within(matrix).getAllByRole('row').slice(1);
    const values = rows.map((row) =>
      within(row)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    );
    expect(values).toEqual([
      ['1.00', '−0.42', 'n/a'],
      ['−0.42', '1.00', 'n/a'],
      ['n/a', 'n/a', 'n/a'],
    ]);
  });

  it('colours moving together green and apart red, stronger with the value, none for n/a', () => {
    expect(correlationColor(1)).toBe('color-mix(in srgb, var(--color-accent) 55%, var(--color-surface))');
    expect(correlationColor(-0.5)).toBe('color-mix(in srgb, var(--color-danger) 28%, var(--color-surface))');
    expect(correlationColor(0)).toBeUndefined();
    expect(correlationColor(null)).toBeUndefined();
    expect(correlationText(-0.425)).toBe('−0.42');
    expect(correlationText(null)).toBe('n/a');
  });
});
