/**
 * The builder's "Intrabar precision" (Advanced options): bars by default; ticks are the
 * Enterprise plan's, locked with the reason on the other plans (the worker answers them 402),
 * and a run on ticks carries `intrabar: "ticks"`. The timeframe says when 1 min bars are outside
 * the plan (also Enterprise's).
 */
import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { User } from '../../../../src/shared/api/auth';
import { jsonResponse } from '../../fake-api';
import { ADMIN_USER, BASIC_USER } from '../../render-route';
import { RUN } from '../../features/backtest-results/fixtures';
import { BUILT_REQUEST, description, openBuilder, select, submitBuilt } from './builder-setup';

const PRO_USER: User = { ...BASIC_USER, id: 'u-pro', plan: 'pro' };
const ENTERPRISE_USER: User = { ...BASIC_USER, id: 'u-ent', plan: 'enterprise' };

const ticksOption = () =>
  Array.from(select('Intrabar precision').options).find((option) => option.value === 'ticks')!;

async function openAdvanced(account: User) {
  const opened = await openBuilder(
    { 'POST /api/backtests': () => jsonResponse(201, { id: 'run-t', result: {} }) },
    account,
  );
  await opened.user.click(screen.getByRole('button', { name: 'Advanced options' }));
  return opened;
}

describe('intrabar precision', () => {
  it.each([
    ['Basic', BASIC_USER],
    ['Professional', PRO_USER],
  ] as const)('%s: ticks are locked with the reason', async (name, account) => {
    await openAdvanced(account);
    expect(select('Intrabar precision').value).toBe('bars');
    expect(ticksOption().textContent).toBe('Ticks (Enterprise): exits found in the trades');
    expect(ticksOption().disabled).toBe(true);
    expect(description(select('Intrabar precision'))).toBe(
      `Ticks need the Enterprise plan: the ${name} plan finds exits inside a bar by the bar convention ` +
        '(when a stop and a target fall in one bar, the stop first).',
    );
  });

  it('Enterprise: ticks can be chosen, say where the trades come from, and the request carries them', async () => {
    const { user, calls } = await openAdvanced(ENTERPRISE_USER);
    expect(ticksOption().disabled).toBe(false);
    expect(description(select('Intrabar precision'))).toBe('');
    await user.selectOptions(select('Intrabar precision'), 'ticks');
    expect(description(select('Intrabar precision'))).toMatch(
      /^Exits inside each bar are found trade by trade, in the order they happened: Binance \(BINANCE\), .*at most 7 days a run\.$/,
    );
    await submitBuilt(user);
    await waitFor(() => expect(calls.some((call) => call.method === 'POST')).toBe(true));
    const sent = calls.find((call) => call.method === 'POST')!.body as Record<string, unknown>;
    expect(sent).toEqual({ ...BUILT_REQUEST, intrabar: 'ticks' });
  });

  it('bars send the request as before, and an administrator is never locked out', async () => {
    const { user, calls } = await openAdvanced(ADMIN_USER);
    expect(ticksOption().disabled).toBe(false);
    await submitBuilt(user);
    await waitFor(() => expect(calls.some((call) => call.method === 'POST')).toBe(true));
    const sent = calls.find((call) => call.method === 'POST')!.body as Record<string, unknown>;
    expect(sent).toEqual(BUILT_REQUEST);
    expect(sent).not.toHaveProperty('intrabar');
  });

  it('a run on ticks too large for its request is followed: its progress a day at a time, then its result', async () => {
    let polled = 0;
    const job = (state: string, done: number, backtestId: string | null = null) => ({
      id: 'job-t',
      kind: 'ticks',
      state,
      done,
      total: 8,
      backtestId,
    });
    const { user, router } = await openBuilder(
      {
        'POST /api/backtests': () => jsonResponse(202, { jobId: 'job-t' }),
        'GET /api/jobs/job-t': () => {
          polled++;
          return jsonResponse(200, polled < 3 ? job('running', 2 * polled) : job('done', 8, 'run-t'));
        },
        'GET /api/backtests/run-t': () => jsonResponse(200, { ...RUN, id: 'run-t' }),
      },
      ENTERPRISE_USER,
    );
    await user.click(screen.getByRole('button', { name: 'Advanced options' }));
    await user.selectOptions(select('Intrabar precision'), 'ticks');
    await submitBuilt(user);
    await screen.findByText('Reading and running the trades a day at a time: 2 of 8 parts done.');
    expect(screen.getByRole('button', { name: 'Cancel the run on ticks' })).toBeTruthy();
    await waitFor(() => expect(router.state.location.pathname).toBe('/backtests/run-t'), { timeout: 10_000 });
  });

  it('1 min bars: the timeframe says they are Enterprise’s on other plans, and nothing on Enterprise', async () => {
    const { user } = await openBuilder({}, PRO_USER);
    expect(description(select('Timeframe'))).toBe('');
    await user.selectOptions(select('Timeframe'), '1 min');
    expect(description(select('Timeframe'))).toBe(
      'The 1 min timeframe is in the Enterprise plan; the Professional plan tests 5 min bars and longer.',
    );
    await user.selectOptions(select('Timeframe'), '5 min');
    expect(description(select('Timeframe'))).toBe('');
  });

  it('1 min bars on Enterprise carry no hint', async () => {
    const { user } = await openBuilder({}, ENTERPRISE_USER);
    await user.selectOptions(select('Timeframe'), '1 min');
    expect(description(select('Timeframe'))).toBe('');
  });
});
