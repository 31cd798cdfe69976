/** The builder's exit criteria: target, stop, trailing stop and the daily exit time. */
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { description, input, openBuilder, optionsOf, select } from './builder-setup';

describe('exit criteria', () => {
  it('exit criteria take none, percentage or points and a value; timing takes a time and one of four zones', async () => {
    const { user } = await openBuilder();
    for (const name of ['Target profit', 'Stop loss', 'Trailing stop loss']) {
      expect(select(`${name} type`).value).toBe('');
      expect(optionsOf(`${name} type`)).toEqual(['None', 'Percentage (%)', 'Points']);
      expect(input(`${name} value`).disabled).toBe(true);
    }
    await user.selectOptions(select('Trailing stop loss type'), 'points');
    expect(input('Trailing stop loss value').disabled).toBe(false);
    expect(input('Exit timing time').type).toBe('time');
    const zones = optionsOf('Exit timing timezone');
    // The exchange's own zone first (the default), then the fixed zones.
    expect(zones[0]).toMatch(/^Exchange time \(.+\)$/);
    expect(zones.slice(1)).toEqual([
      'GMT (UTC)',
      'EST (New York)',
      'PST (Los Angeles)',
      'CET (Paris)',
      'IST (India)',
      'JST (Tokyo)',
      'HKT (Hong Kong)',
      'AEST (Sydney)',
      'SGT (Singapore)',
      'GST (Dubai)',
    ]);
  });

  it('warns beside an odd target or stop and again on Preview, without blocking the run', async () => {
    const { user } = await openBuilder();
    await user.selectOptions(select('Entry crossover conditions'), '1');
    await user.selectOptions(select('Target profit type'), 'percentage');
    await user.type(input('Target profit value'), '100000');
    await user.selectOptions(select('Stop loss type'), 'percentage');
    await user.type(input('Stop loss value'), '60');

    const target = 'A target of 100,000% is rarely reached: the price must rise 1,001-fold.';
    const stop = 'A stop 60% away rarely acts. Check it is a percent (0.5 is half a percent).';
    expect(description(input('Target profit value'))).toBe(`Percent of the entry price. | ${target}`);
    expect(description(input('Stop loss value'))).toBe(`Percent of the entry price. | ${stop}`);
    expect(input('Stop loss value').getAttribute('aria-invalid')).toBeNull();

    await user.click(screen.getByRole('button', { name: 'Preview Parameters' }));
    const note = await screen.findByRole('note', { name: 'Worth a second look (the run is not blocked)' });
    expect(
      within(note)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual([`Target profit value: ${target}`, `Stop loss value: ${stop}`]);
    expect(screen.getByRole('button', { name: 'Final Submit' })).toHaveProperty('disabled', false);
  });
});
