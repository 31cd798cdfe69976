import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { cleanup } from '@testing-library/react';
import { GridEditor } from '../../../../src/client/features/backtest-robustness/components/GridEditor';
import {
  configurationLimit,
  gridOf,
  gridSize,
  initialRows,
  parseValues,
} from '../../../../src/client/features/backtest-robustness/grid-editor';
import { REQUEST } from '../backtest-results/fixtures';
import { BASIC_USER } from '../../render-route';

afterEach(cleanup);

describe('the grid editor model', () => {
  it('starts from every numeric setting of the run at +-50% in 5 steps, rounded to whole bars', () => {
    expect(initialRows(REQUEST)).toEqual([
      { path: 'entry.parameters.0.additionalFields1.Timeframe', text: '5, 8, 10, 13, 15' },
      { path: 'entry.parameters.0.additionalFields2.Timeframe', text: '10, 15, 20, 25, 30' },
      // The RSI's blank period steps around its default of 14.
      { path: 'entry.valueBased.0.additionalFields.Timeframe', text: '7, 11, 14, 18, 21' },
      { path: 'entry.valueBased.0.number', text: '35, 52.5, 70, 87.5, 105' },
      { path: 'exit.parameters.0.additionalFields1.Timeframe', text: '5, 8, 10, 13, 15' },
      { path: 'exit.parameters.0.additionalFields2.Timeframe', text: '10, 15, 20, 25, 30' },
      { path: 'exitCriteria.stopLoss.value', text: '2.5, 3.75, 5, 6.25, 7.5' },
    ]);
    expect(gridSize(initialRows(REQUEST))).toBe(5 ** 7);
  });

  it("starts within the plan's configurations, so Start is available on first view", () => {
    const basic = initialRows(REQUEST, configurationLimit(BASIC_USER));
    expect(gridSize(basic)).toBeLessThanOrEqual(50);
    // Narrowed to +-25% in 3 steps, the last settings left out: 3 x 3 x 3 = 27.
    expect(basic).toEqual([
      { path: 'entry.parameters.0.additionalFields1.Timeframe', text: '8, 10, 13' },
      { path: 'entry.parameters.0.additionalFields2.Timeframe', text: '15, 20, 25' },
      { path: 'entry.valueBased.0.additionalFields.Timeframe', text: '11, 14, 18' },
    ]);
    const pro = initialRows(REQUEST, configurationLimit({ ...BASIC_USER, plan: 'pro' }));
    // 3^7 = 2,187 is still over 1,000: the stop loss is left out, 3^6 = 729.
    expect(gridSize(pro)).toBe(729);
    expect(pro.map((row) => row.path)).not.toContain('exitCriteria.stopLoss.value');
  });

  it('reads comma-separated numbers, drops repeats and refuses anything else', () => {
    expect(parseValues(' 5, 10,,15 , 10')).toEqual([5, 10, 15]);
    expect(parseValues('5, ten')).toBeNull();
    expect(parseValues(' , ')).toBeNull();
    const rows = [
      { path: 'a', text: '1, 2, 3' },
      { path: 'b', text: '4, x' },
    ];
    expect(gridSize(rows)).toBe(0);
    expect(gridOf(rows)).toBeNull();
    expect(gridOf([rows[0]!])).toEqual({ a: [1, 2, 3] });
    expect(gridOf([])).toBeNull();
  });

  it('takes the limit from the plans table, and the admins’ limit for an admin', () => {
    expect(configurationLimit({ role: 'basic', plan: 'basic' })).toBe(50);
    expect(configurationLimit({ role: 'basic', plan: 'pro' })).toBe(1000);
    expect(configurationLimit({ role: 'admin', plan: 'basic' })).toBe(10_000);
  });
});

function Editor() {
  const [rows, setRows] = useState(() => initialRows(REQUEST).slice(0, 3));
  return (
    <GridEditor
      request={REQUEST}
      rows={rows}
      onChange={setRows}
      size={gridSize(rows)}
      limit={configurationLimit(BASIC_USER)}
    />
  );
}

describe('the grid editor', () => {
  it('labels each setting, shows the size against the plan’s limit and follows edits and removals', async () => {
    const user = userEvent.setup();
    render(<Editor />);
    const size = screen.getByTestId('grid-size');
    expect(size.textContent).toBe(
      '125 configurations of the 50 your plan allows per analysis: sweep fewer values or remove a setting.',
    );
    const fast = screen.getByLabelText('Entry rule 1 · SMA (first indicator) · Timeframe');
    expect((fast as HTMLInputElement).value).toBe('5, 8, 10, 13, 15');

    await user.click(screen.getByRole('button', { name: 'Remove Entry value rule 1 · RSI · Timeframe' }));
    expect(size.textContent).toBe('25 configurations of the 50 your plan allows per analysis.');

    await user.clear(fast);
    await user.type(fast, '5, 10');
    expect(size.textContent).toBe('10 configurations of the 50 your plan allows per analysis.');
    await user.type(fast, ', x');
    expect(fast.getAttribute('aria-invalid')).toBe('true');
    // The message is the field's description, so a screen reader says it with the field.
    expect(within(fast.parentElement!).getByText('List numbers separated by commas.').id).toBe(
      fast.getAttribute('aria-describedby'),
    );
    expect(size.textContent).toContain('0 configurations');
  });
});
