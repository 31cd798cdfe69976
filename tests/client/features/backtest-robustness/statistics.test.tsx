/**
 * The analysis's Sharpe ratio tests and PBO as the lab shows them: why PBO is missing, a DSR
 * on too few days warned, and a DSR deflated over every strategy tried on the data.
 */
import { cleanup, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { Statistics } from '../../../../src/client/features/backtest-robustness/components/Statistics';
import { RESULT } from './fixtures';

afterEach(cleanup);

const sharpeTests = () => screen.getByRole('region', { name: 'Sharpe ratio tests' });
const dsrFigure = () => within(sharpeTests()).getByText('DSR').parentElement!;

describe('the analysis’s overfitting figures', () => {
  it('gives the reason PBO was left out, and warns on a DSR measured on fewer than 100 days', () => {
    render(
      <Statistics
        result={{
          ...RESULT,
          pbo: null,
          pboReason: '90 days are too few for PBO: its 16 blocks need 8 days each (128 days)',
          dsr: { ...RESULT.dsr!, observations: 90 },
          dsrWarning: 'Only 90 days: the deflated Sharpe ratio needs at least 100 to be reliable',
        }}
      />,
    );
    const pbo = screen.getByRole('region', { name: 'Probability of backtest overfitting (PBO)' });
    expect(within(pbo).getByText(/^Not measured/).textContent).toBe(
      'Not measured: 90 days are too few for PBO: its 16 blocks need 8 days each (128 days).',
    );
    expect(within(pbo).queryByRole('img')).toBeNull();
    expect(dsrFigure().lastElementChild!.textContent).toBe(
      'Only 90 days: the deflated Sharpe ratio needs at least 100 to be reliable.',
    );
  });

  it('says nothing of evidence when the figures rest on enough days', () => {
    render(<Statistics result={RESULT} />);
    expect(screen.getByRole('img', { name: 'PBO 25%' })).toBeDefined();
    expect(dsrFigure().textContent).not.toMatch(/reliable/);
    expect(dsrFigure().textContent).toContain(
      `the best Sharpe ratio ${RESULT.dsr!.trials} trials would reach by luck`,
    );
  });

  it('names every strategy tried on the data when the DSR counts more than the sweep', () => {
    render(<Statistics result={{ ...RESULT, dsr: { ...RESULT.dsr!, trials: 1250, dsr: 0.31 } }} />);
    expect(within(dsrFigure()).getByText('31%')).toBeDefined();
    expect(dsrFigure().textContent).toContain(
      `the best Sharpe ratio 1,250 strategies tried on this data (these ${RESULT.configurations.length} ` +
        'configurations, your runs and your other analyses) would reach by luck (0.081 a day)',
    );
  });
});
