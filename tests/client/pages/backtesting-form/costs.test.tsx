/** The builder's advanced options: capital, commission and its presets, slippage, sizing and mode. */
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { COMMISSION_PRESETS } from '../../../../src/shared/commission-presets';
import { BASIC_USER } from '../../render-route';
import { description, input, openBuilder, select } from './builder-setup';

describe('advanced options', () => {
  it('advanced options start collapsed; ML mode notes the plans it needs', async () => {
    const { user } = await openBuilder();
    const toggle = screen.getByRole('button', { name: 'Advanced options' });
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    expect(screen.queryByLabelText('Initial capital')).toBeNull();
    await user.click(toggle);
    expect(toggle.getAttribute('aria-expanded')).toBe('true');
    expect(input('Initial capital').value).toBe('100000');
    expect(input('Commission (% per side)').value).toBe('0');
    expect(input('Slippage (points per fill)').value).toBe('0');
    expect(select('Combine entry conditions').value).toBe('all');
    expect(select('Combine exit conditions').value).toBe('all');
    expect(select('Position sizing').value).toBe('all-in-fractional');
    expect(screen.queryByText(/need the Pro or Enterprise plan/)).toBeNull();
    await user.selectOptions(select('Backtest mode'), 'ml');
    expect(description(select('Backtest mode'))).toBe(
      'Machine-learning backtests need the Pro or Enterprise plan. Compare plans',
    );
    expect(screen.getByRole('link', { name: 'Compare plans' }).getAttribute('href')).toBe('/pricing');
  });

  it('does not tell a Professional user that ML needs the Professional plan', async () => {
    const { user } = await openBuilder({}, { ...BASIC_USER, plan: 'pro' });
    await user.click(screen.getByRole('button', { name: 'Advanced options' }));
    await user.selectOptions(select('Backtest mode'), 'ml');
    expect(screen.queryByText(/need the Pro or Enterprise plan/)).toBeNull();
  });

  it('commission presets fill the commission; sizings that take a figure ask for it', async () => {
    const { user } = await openBuilder();
    await user.click(screen.getByRole('button', { name: 'Advanced options' }));
    expect(select('Commission preset').value).toBe('');
    await user.selectOptions(select('Commission preset'), 'india-delivery');
    expect(input('Commission (% per side)').value).toBe('0.111');
    expect(description(input('Commission (% per side)'))).toBe(
      COMMISSION_PRESETS.find((preset) => preset.id === 'india-delivery')!.basis,
    );
    await user.clear(input('Commission (% per side)'));
    await user.type(input('Commission (% per side)'), '0.2');
    expect(select('Commission preset').value).toBe('');

    expect(screen.queryByLabelText('Size per trade')).toBeNull();
    await user.selectOptions(select('Position sizing'), 'risk-percent');
    expect(input('Size per trade').value).toBe('');
    expect(description(input('Size per trade'))).toBe(
      'Percent of equity lost if the stop loss is hit: units = equity × percent ÷ the stop’s distance from the entry.',
    );
    await user.selectOptions(select('Position sizing'), 'all-in-whole-units');
    expect(screen.queryByLabelText('Size per trade')).toBeNull();
  });

  it('warns beside a commission or slippage that is allowed but rarely meant', async () => {
    const { user } = await openBuilder();
    await user.click(screen.getByRole('button', { name: 'Advanced options' }));
    await user.clear(input('Commission (% per side)'));
    await user.type(input('Commission (% per side)'), '6');
    await user.clear(input('Slippage (points per fill)'));
    await user.type(input('Slippage (points per fill)'), '150');
    expect(description(input('Commission (% per side)'))).toBe(
      '6% per side is unusually high (brokers charge well under 1%). Check it is a percent.',
    );
    expect(description(input('Slippage (points per fill)'))).toBe(
      '150 points on every fill is more than 5% of any price under 3,000. Check it is in price points.',
    );
    expect(input('Commission (% per side)').getAttribute('aria-invalid')).toBeNull();
    await user.clear(input('Commission (% per side)'));
    await user.type(input('Commission (% per side)'), '0.1');
    expect(description(input('Commission (% per side)'))).toBe('');
  });
});
