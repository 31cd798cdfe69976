/** The builder's marks of what the user's plan covers: exchanges, history depth, pro indicators. */
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fallbackErrorMessage } from '../../../../src/shared/fallback-market';
import { ADMIN_USER, BASIC_USER } from '../../render-route';
import { jsonResponse } from '../../fake-api';
import { EXCHANGES, type Routes, fallbackRoutes, stock } from '../../fake-market';
import { buildStrategy, combobox, description, input, openBuilder, optionsOf, select } from './builder-setup';

describe('plan marks', () => {
  const PRO_USER = { ...BASIC_USER, id: 'u-pro', plan: 'pro' as const };
  const XETRA = { code: 'XETRA', name: 'Xetra', country: 'Germany', currency: 'EUR' };
  const withXetra: Routes = {
    'GET /api/market/exchanges': () =>
      jsonResponse(200, { exchanges: [...EXCHANGES, XETRA], source: 'provider' }),
    'GET /api/market/exchanges/XETRA/symbols': () =>
      jsonResponse(200, { symbols: [stock('SAP', 'SAP SE', 'XETRA')], source: 'provider' }),
  };
  /** A day moved by whole years or days from today (UTC), as a date field shows it. */
  const fromToday = (years: number, days = 0) => {
    const now = new Date();
    return new Date(Date.UTC(now.getUTCFullYear() + years, now.getUTCMonth(), now.getUTCDate() + days))
      .toISOString()
      .slice(0, 10);
  };

  it('Basic: marks the exchanges outside the plan, and says so when one is chosen', async () => {
    const { user } = await openBuilder(withXetra);
    expect(optionsOf('Exchange')).toContain('Xetra (XETRA) · Pro');
    expect(optionsOf('Exchange')).toContain('USA Stocks (US)');
    expect(optionsOf('Exchange')).toContain('S&P 500 sample');
    expect(description(select('Exchange'))).toBe('');
    await user.selectOptions(select('Exchange'), 'XETRA');
    expect(description(select('Exchange'))).toBe(
      'Running a test on XETRA needs the Professional plan (the Basic plan covers 10 exchanges).',
    );
  });

  it("Basic: the date fields say the plan's history depth and delay for the provider's data only", async () => {
    const { user } = await openBuilder(withXetra);
    expect(description(input('From date'))).toBe(
      `The Basic plan tests 1 year of history: from ${fromToday(-1)}.`,
    );
    expect(description(input('To date'))).toBe(
      `The Basic plan's data is delayed by 7 days: until ${fromToday(0, -7)}.`,
    );
    await user.selectOptions(select('Exchange'), 'INDX');
    expect(description(input('From date'))).toBe('');
    expect(description(input('To date'))).toBe('');
  });

  it('no date hints on the fallback data, whose exchange list comes with an error', async () => {
    const error = fallbackErrorMessage('HTTP error! Status: 500');
    await openBuilder(fallbackRoutes(error));
    expect(description(input('From date'))).toBe('');
    expect(description(input('To date'))).toBe('');
  });

  it('Professional: no exchange marks, and its own history depth and delay', async () => {
    await openBuilder(withXetra, PRO_USER);
    expect(optionsOf('Exchange')).toContain('Xetra (XETRA)');
    expect(optionsOf('Exchange').some((text) => text?.includes('Pro'))).toBe(false);
    expect(description(input('From date'))).toBe(
      `The Professional plan tests 5 years of history: from ${fromToday(-5)}.`,
    );
    expect(description(input('To date'))).toBe(
      `The Professional plan's data is delayed by 3 days: until ${fromToday(0, -3)}.`,
    );
  });

  it('admins: no marks and no limits', async () => {
    await openBuilder(withXetra, ADMIN_USER);
    expect(optionsOf('Exchange')).toContain('Xetra (XETRA)');
    expect(description(input('From date'))).toBe('');
    expect(description(input('To date'))).toBe('');
  });

  it('Basic: refuses a pro indicator as it is chosen, naming the plan with a link to the plans, and Preview stops there', async () => {
    const { user } = await openBuilder();
    await buildStrategy(user);
    const box = combobox('Entry crossover 1: indicator 1');
    await user.clear(box);
    await user.paste('aroon up');
    await user.click(screen.getByRole('option', { name: 'Aroon Up Pro' }));
    expect(box.value).toBe('Aroon Up');
    expect(box.getAttribute('aria-invalid')).toBe('true');
    expect(description(box)).toBe(
      'Compare the plans | Needs the Professional plan: Aroon Up is a Pro indicator, and the Basic plan builds rules with the standard indicators',
    );
    const hint = document.getElementById(box.getAttribute('aria-describedby')!.split(' ')[0]!)!;
    expect(within(hint).getByRole('link', { name: 'Compare the plans' }).getAttribute('href')).toBe(
      '/pricing',
    );
    // Its settings come from the catalogue, with the bounds the request schema checks.
    const period = input('Entry crossover 1: indicator 1 Timeframe');
    expect(period.placeholder).toBe('default 14');
    expect(description(period)).toBe('2 to 10000 bars');

    await user.click(screen.getByRole('button', { name: 'Preview Parameters' }));
    expect(screen.queryByRole('heading', { name: 'Review your parameters' })).toBeNull();
    const summary = screen.getByRole('alert', { name: 'There is 1 problem to fix' });
    expect(within(summary).getByRole('link').textContent).toBe(
      'Entry crossover 1: indicator 1: needs the Professional plan: Aroon Up is a Pro indicator, and the Basic plan builds rules with the standard indicators',
    );

    // Back to a standard indicator, the run previews.
    await user.clear(box);
    await user.paste('sma');
    await user.click(screen.getByRole('option', { name: /^SMA\b/ }));
    await user.click(screen.getByRole('button', { name: 'Preview Parameters' }));
    await screen.findByRole('heading', { name: 'Review your parameters' });
  });

  it('a visitor may try a pro indicator: its hint names the plan and links to the plans, without refusing', async () => {
    const { user } = await openBuilder({}, null);
    await user.selectOptions(select('Entry crossover conditions'), '1');
    const box = combobox('Entry crossover 1: indicator 1');
    await user.clear(box);
    await user.paste('aroon up');
    await user.click(screen.getByRole('option', { name: 'Aroon Up Pro' }));
    expect(box.getAttribute('aria-invalid')).toBeNull();
    expect(description(box)).toBe(
      'Pro indicator: running this rule needs the Professional plan. Compare the plans',
    );
  });

  it('Professional: a pro indicator is neither marked nor refused', async () => {
    const { user } = await openBuilder({}, PRO_USER);
    await user.selectOptions(select('Entry crossover conditions'), '1');
    const box = combobox('Entry crossover 1: indicator 1');
    await user.clear(box);
    await user.paste('aroon up');
    await user.click(screen.getByRole('option', { name: 'Aroon Up' }));
    expect(box.getAttribute('aria-invalid')).toBeNull();
    expect(description(box)).toBe('');
  });
});
