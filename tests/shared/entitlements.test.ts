import { describe, expect, it } from 'vitest';
import { backtestRequestSchema } from '../../src/shared/backtest-request';
import { planRefusal, shiftDate } from '../../src/shared/entitlements';
import { BASIC_EXCHANGES, PLANS, planById } from '../../src/shared/plans';

describe('the plans’ limits table', () => {
  it('says on the pricing page what the worker enforces', () => {
    for (const { features, limits } of PLANS) {
      const text = features.join(' | ');
      if (limits.exchanges !== 'all') expect(text).toContain(`${limits.exchanges.length} exchanges`);
      expect(text).toContain(
        `${limits.historyYears} ${limits.historyYears === 1 ? 'year' : 'years'} of historical data`,
      );
      expect(text).toContain(
        limits.monthlyBacktests === null
          ? 'Unlimited backtests'
          : `${limits.monthlyBacktests} backtests a month`,
      );
      expect(text).toContain(`${limits.portfolios} ${limits.portfolios === 1 ? 'portfolio' : 'portfolios'}`);
      if (limits.dataDelayDays > 0) expect(text).toContain(`${limits.dataDelayDays}-day data delay`);
      else expect(text).toContain('Real-time data');
      if (limits.teamSeats > 0) expect(text).toContain(`${limits.teamSeats} team users`);
    }
    expect(BASIC_EXCHANGES).toHaveLength(10);
  });
});

describe('plan refusals', () => {
  const today = '2026-11-23';
  const base = backtestRequestSchema.parse({
    exchange: 'us',
    stock: 'AAPL',
    fromDate: '2026-01-05',
    toDate: '2026-11-10',
    timeframe: '1 day',
    entry: { valueBased: [{ indicator: 'RSI', logic: 'Less Than', number: '70' }] },
  });
  const refuse = (plan: string, overrides: object, providerData = true) =>
    planRefusal(planById(plan), { ...base, ...overrides }, { today, providerData });

  it('moves dates by years and days, a leap day a year back landing on 28 February', () => {
    expect(shiftDate('2024-02-29', -1)).toBe('2023-02-28');
    expect(shiftDate('2026-11-23', -5)).toBe('2021-11-23');
    expect(shiftDate('2026-11-23', 0, -7)).toBe('2026-11-16');
    expect(shiftDate('2026-03-02', 0, -3)).toBe('2026-02-27');
  });

  it('draws the lines exactly at the limits: a start one year back and an end seven days back pass on Basic', () => {
    expect(refuse('basic', { fromDate: '2025-11-23', toDate: '2026-11-16' })).toBeNull();
    expect(refuse('basic', { fromDate: '2025-11-22' })?.fields[0]?.path).toBe('fromDate');
    expect(refuse('basic', { toDate: '2026-11-17' })?.fields[0]?.path).toBe('toDate');
    expect(refuse('pro', { fromDate: '2021-11-23', toDate: '2026-11-20' })).toBeNull();
    expect(refuse('enterprise', { fromDate: '2016-11-23', toDate: '2026-11-23' })).toBeNull();
  });

  it('applies history and delay to provider data only, exchanges and indicators always', () => {
    expect(refuse('basic', { fromDate: '2000-01-03', toDate: '2026-11-23' }, false)).toBeNull();
    expect(refuse('basic', { exchange: 'XETRA' }, false)?.fields[0]?.path).toBe('exchange');
    // The schema upper-cases codes, so a lower-case one is the same exchange.
    const lowerCase = backtestRequestSchema.parse({ ...base, exchange: ' nse ' });
    expect(lowerCase.exchange).toBe('NSE');
    expect(planRefusal(planById('basic'), lowerCase, { today, providerData: true })).toBeNull();
    // The sample and uploads are open to all.
    expect(refuse('basic', { exchange: 'UPLOAD' }, false)).toBeNull();
    expect(refuse('basic', { exchange: 'INDX', stock: 'GSPC' }, false)).toBeNull();
    const exitRow = {
      parameters: [{ indicator1: 'Close Price', logic: 'Crosses Below', indicator2: 'Close Price' }],
      valueBased: [{ indicator: 'Aroon Up', logic: 'Greater Than', number: 25 }],
      combine: 'all' as const,
    };
    const parsed = backtestRequestSchema.parse({ ...base, exit: exitRow });
    expect(planRefusal(planById('basic'), parsed, { today, providerData: false })?.fields[0]?.path).toBe(
      'exit.valueBased.0.indicator',
    );
  });
});
