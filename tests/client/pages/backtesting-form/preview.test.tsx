/** The builder's Preview step (validation, the review list) and Reset Form. */
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { DRAFT_KEY } from '../../../../src/client/features/backtest-form/draft';
import { buildAndPreview, buildStrategy, combobox, input, openBuilder, select } from './builder-setup';

describe('preview', () => {
  it('validates first: errors at their fields and in a summary that links to them', async () => {
    const { user } = await openBuilder();
    await user.click(screen.getByRole('button', { name: 'Preview Parameters' }));
    const summary = screen.getByRole('alert', { name: 'There is 1 problem to fix' });
    expect(summary.textContent).toContain('Entry conditions: add at least one entry condition');
    expect(document.activeElement).toBe(summary);

    await user.selectOptions(select('Entry value-based conditions'), '1');
    await user.selectOptions(select('Exit value-based conditions'), '1');
    await user.click(screen.getByRole('button', { name: 'Advanced options' }));
    await user.clear(input('Initial capital'));
    await user.type(input('Initial capital'), '-5');
    await user.click(screen.getByRole('button', { name: 'Advanced options' }));
    await user.click(screen.getByRole('button', { name: 'Preview Parameters' }));

    expect(screen.queryByRole('heading', { name: 'Review your parameters' })).toBeNull();
    const summaryAgain = screen.getByRole('alert', { name: 'There are 2 problems to fix' });
    const number = input('Entry value 1: number');
    expect(number.getAttribute('aria-invalid')).toBe('true');
    const message = document.getElementById(number.getAttribute('aria-describedby')!);
    expect(message?.textContent).toBe('Enter a number');
    // Optional on exit.
    expect(input('Exit value 1: number').getAttribute('aria-invalid')).toBeNull();
    // The advanced panel opens itself to show its error.
    expect(input('Initial capital').getAttribute('aria-invalid')).toBe('true');

    await user.click(within(summaryAgain).getByRole('link', { name: 'Entry value 1: enter a number' }));
    expect(document.activeElement).toBe(number);
    await user.type(number, '30');
    expect(number.getAttribute('aria-invalid')).toBeNull();
  });

  it('shows the chosen values as a nested list without empties; Edit Parameters keeps everything', async () => {
    const { user } = await openBuilder();
    await user.selectOptions(select('Entry candlestick patterns'), '1');
    await user.selectOptions(select('Entry candlestick 1: pattern'), 'EngulfingPattern');
    await buildAndPreview(user);

    const list = screen.getByRole('list', { name: 'Chosen parameters' });
    const text = list.textContent ?? '';
    expect(text).toContain('Exchange: USA Stocks (US)');
    expect(text).toContain('Stock: AAPL — Apple Inc');
    expect(text).toContain('Indicator 1: SMA');
    expect(text).toContain('Timeframe: 10');
    expect(text).toContain('Logic: Crosses Above');
    expect(text).toContain('Number: 70');
    expect(text).toContain('Stop loss');
    expect(text).not.toContain('Target profit');
    expect(text).toContain('Candlestick 1Pattern: Engulfing Pattern');
    expect(text).not.toContain('Exit timing');
    expect(text).not.toContain('Trailing stop loss');
    // No exit rows: the exit side and its "combine" choice are left out.
    expect(text).not.toContain('Exit conditions');
    const entry = within(list).getByText('Entry conditions').closest('li')!;
    expect(within(entry).getByText(/^Crossover 1/).textContent).toBe('Crossover 1');
    expect(screen.queryByRole('button', { name: 'Preview Parameters' })).toBeNull();

    await user.click(screen.getByRole('button', { name: 'Edit Parameters' }));
    expect(combobox('Entry crossover 1: indicator 1').value).toBe('SMA');
    expect(input('Entry crossover 1: indicator 2 Timeframe').value).toBe('20');
    expect(input('Entry value 1: number').value).toBe('70');
    expect(input('Stop loss value').value).toBe('5');
    expect(select('Stock').value).toBe('AAPL');
  });
});

describe('reset', () => {
  it('Reset Form clears everything to the defaults and forgets the draft', async () => {
    const { user } = await openBuilder();
    await user.selectOptions(select('Exchange'), 'NSE');
    await waitFor(() => expect(select('Stock').value).toBe('TCS'));
    await buildStrategy(user);
    await user.click(screen.getByRole('radio', { name: 'Sell' }));
    expect(sessionStorage.getItem(DRAFT_KEY)).not.toBeNull();

    await user.click(screen.getByRole('button', { name: 'Reset Form' }));
    expect(select('Exchange').value).toBe('US');
    expect(select('Stock').value).toBe('AAPL');
    expect(select('Entry crossover conditions').value).toBe('0');
    expect(select('Entry value-based conditions').value).toBe('0');
    expect(screen.queryByLabelText('Entry crossover 1: indicator 1')).toBeNull();
    expect(select('Stop loss type').value).toBe('');
    expect(input('Stop loss value').value).toBe('');
    expect(screen.getByRole('radio', { name: 'Buy' }).getAttribute('aria-checked')).toBe('true');
    expect(sessionStorage.getItem(DRAFT_KEY)).toBeNull();
  });

  it('Reset Form in review mode returns to a fresh form', async () => {
    const { user } = await openBuilder();
    await buildAndPreview(user);
    await user.click(screen.getByRole('button', { name: 'Reset Form' }));
    expect(screen.getByRole('button', { name: 'Preview Parameters' })).toHaveProperty('disabled', false);
    expect(select('Entry crossover conditions').value).toBe('0');
  });
});
