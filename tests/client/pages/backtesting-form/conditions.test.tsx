/** The builder's entry and exit condition rows: counts, default rows and indicator settings. */
import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { CANDLESTICK_PATTERNS } from '../../../../src/shared/candlestick-patterns';
import {
  chooseIndicator,
  combobox,
  description,
  input,
  openBuilder,
  optionsOf,
  select,
} from './builder-setup';

describe('condition rows', () => {
  it('count selects offer 0-8, 0-5 and 0-3, and a change rebuilds that list with default rows', async () => {
    const { user } = await openBuilder();
    expect(optionsOf('Entry crossover conditions')).toEqual(['0', '1', '2', '3', '4', '5', '6', '7', '8']);
    expect(optionsOf('Entry value-based conditions')).toEqual(['0', '1', '2', '3', '4', '5']);
    expect(optionsOf('Entry candlestick patterns')).toEqual(['0', '1', '2', '3']);
    expect(optionsOf('Exit crossover conditions')).toHaveLength(9);
    expect(optionsOf('Exit value-based conditions')).toHaveLength(6);

    await user.selectOptions(select('Entry crossover conditions'), '2');
    expect(screen.getAllByRole('group', { name: /^Crossover \d$/ })).toHaveLength(2);
    // A new row is a strategy on its own: SMA 10 Crosses Above SMA 20.
    expect(combobox('Entry crossover 1: indicator 1').value).toBe('SMA');
    expect(input('Entry crossover 1: indicator 1 Timeframe').value).toBe('10');
    expect(select('Entry crossover 1: logic').value).toBe('Crosses Above');
    expect(combobox('Entry crossover 1: indicator 2').value).toBe('SMA');
    expect(input('Entry crossover 1: indicator 2 Timeframe').value).toBe('20');
    expect(optionsOf('Entry crossover 1: logic')).toEqual([
      'Greater Than',
      'Less Than',
      'Equals',
      'Crosses Above',
      'Crosses Below',
    ]);
    expect(combobox('Entry crossover 2: indicator 2').value).toBe('SMA');
    await user.selectOptions(select('Entry crossover 2: logic'), 'Less Than');

    await user.selectOptions(select('Entry crossover conditions'), '3');
    expect(screen.getAllByRole('group', { name: /^Crossover \d$/ })).toHaveLength(3);
    // Earlier entries are discarded.
    expect(select('Entry crossover 2: logic').value).toBe('Crosses Above');

    await user.selectOptions(select('Entry crossover conditions'), '0');
    expect(screen.queryByLabelText('Entry crossover 1: indicator 1')).toBeNull();

    await user.selectOptions(select('Entry candlestick patterns'), '2');
    expect(select('Entry candlestick 1: pattern').value).toBe(CANDLESTICK_PATTERNS[0].name);
    expect(within(select('Entry candlestick 2: pattern')).getAllByRole('option')).toHaveLength(61);

    await user.selectOptions(select('Exit value-based conditions'), '1');
    expect(combobox('Exit value 1: indicator').value).toBe('RSI');
    expect(select('Exit value 1: logic').value).toBe('Greater Than');
    expect(input('Exit value 1: number').value).toBe('');
  });

  it('shows the settings an indicator declares, with defaults as placeholders, and clears them on a change', async () => {
    const { user } = await openBuilder();
    await user.selectOptions(select('Entry crossover conditions'), '1');
    const period = input('Entry crossover 1: indicator 1 Timeframe');
    expect(period.placeholder).toBe('default 20');
    expect(period.value).toBe('10');

    await chooseIndicator(user, 'Entry crossover 1: indicator 2', 'MACD macd line');
    expect(input('Entry crossover 1: indicator 2 Fast Period').placeholder).toBe('default 12');
    expect(input('Entry crossover 1: indicator 2 Slow Period').placeholder).toBe('default 26');
    expect(input('Entry crossover 1: indicator 2 Signal Period').placeholder).toBe('default 9');
    await user.type(input('Entry crossover 1: indicator 2 Fast Period'), '8');

    await chooseIndicator(user, 'Entry crossover 1: indicator 1', 'EMA');
    expect(input('Entry crossover 1: indicator 1 Timeframe').value).toBe('');
    // The other side keeps its settings.
    expect(input('Entry crossover 1: indicator 2 Fast Period').value).toBe('8');

    await chooseIndicator(user, 'Entry crossover 1: indicator 1', 'Chaikin Oscillator');
    expect(input('Entry crossover 1: indicator 1 Long EMA Timeframe').placeholder).toBe('default 10');
    expect(input('Entry crossover 1: indicator 1 Short EMA Timeframe').placeholder).toBe('default 3');
    await chooseIndicator(user, 'Entry crossover 1: indicator 1', 'Close Price');
    expect(screen.queryByLabelText(/Entry crossover 1: indicator 1 /)).toBeNull();
  });

  it('Preview reports every problem of a row at once', async () => {
    const { user } = await openBuilder();
    await user.selectOptions(select('Entry value-based conditions'), '1');
    await user.type(input('Entry value 1: Timeframe'), '0');
    await user.click(screen.getByRole('button', { name: 'Preview Parameters' }));

    const summary = screen.getByRole('alert', { name: 'There are 2 problems to fix' });
    expect(summary.textContent).toContain('Entry value 1: enter a number');
    expect(description(input('Entry value 1: number'))).toBe('Enter a number');
    expect(input('Entry value 1: Timeframe').getAttribute('aria-invalid')).toBe('true');
    expect(description(input('Entry value 1: Timeframe'))).toContain(
      'Timeframe must be a whole number of bars from 1 to 10000',
    );
  });

  it('says at the field, before Preview, when a period is longer than the dates can hold', async () => {
    const { user } = await openBuilder();
    await user.selectOptions(select('Timeframe'), '1 day');
    fireEvent.change(input('From date'), { target: { value: '2023-01-01' } });
    fireEvent.change(input('To date'), { target: { value: '2023-12-31' } });
    await user.selectOptions(select('Entry value-based conditions'), '1');
    await user.type(input('Entry value 1: number'), '30');
    const period = input('Entry value 1: Timeframe');
    await user.type(period, '10000');

    const bound =
      'Longer than the data: at most 5,365 daily bars (365 from 2023-01-01 to 2023-12-31, and up to 5,000 before them for warm-up)';
    expect(period.getAttribute('aria-invalid')).toBe('true');
    expect(description(period)).toContain(bound);
    await user.click(screen.getByRole('button', { name: 'Preview Parameters' }));
    expect(screen.queryByRole('heading', { name: 'Review your parameters' })).toBeNull();
    expect(screen.getByRole('alert', { name: 'There is 1 problem to fix' }).textContent).toContain(
      'longer than the data',
    );

    await user.clear(period);
    await user.type(period, '400');
    expect(period.getAttribute('aria-invalid')).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Preview Parameters' }));
    expect(await screen.findByRole('heading', { name: 'Review your parameters' })).toBeTruthy();
  });
});
