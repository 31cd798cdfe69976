/** The builder's exit criteria: target, stop, trailing stop and the daily exit time. */
import { within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { cleanupBuilder, input, marketApi, openForm, select } from './builder-setup';

afterEach(cleanupBuilder);

describe('exit criteria', () => {
  it('exit criteria take none, percentage or points and a value; timing takes a time and one of four zones', async () => {
    const user = userEvent.setup();
    marketApi();
    await openForm();
    for (const name of ['Target profit', 'Stop loss', 'Trailing stop loss']) {
      expect(select(`${name} type`).value).toBe('');
      expect(
        within(select(`${name} type`))
          .getAllByRole('option')
          .map((o) => o.textContent),
      ).toEqual(['None', 'Percentage (%)', 'Points']);
      expect(input(`${name} value`).disabled).toBe(true);
    }
    await user.selectOptions(select('Trailing stop loss type'), 'points');
    expect(input('Trailing stop loss value').disabled).toBe(false);
    expect(input('Exit timing time').type).toBe('time');
    const zones = within(select('Exit timing timezone'))
      .getAllByRole('option')
      .map((o) => o.textContent);
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
});
