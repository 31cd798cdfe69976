import { describe, expect, it } from 'vitest';
import { commissionPresetLabel, ruleLines, sizingText } from '../../../../src/client/lib/backtests/labels';
import { backtestRequestSchema } from '../../../../src/shared/backtest-request';

describe('what the result says of sizing and costs', () => {
  it('names the sizing with its figure', () => {
    expect(sizingText({ sizing: 'all-in-fractional' })).toBe('All capital on each entry, fractional units');
    expect(sizingText({ sizing: 'fixed-quantity', sizingValue: 1500 })).toBe('1,500 units on each entry');
    expect(sizingText({ sizing: 'risk-percent', sizingValue: 1.5 })).toBe(
      '1.5% of equity at risk on each entry (sized by the stop loss)',
    );
    expect(sizingText({ sizing: 'fixed-cash', sizingValue: 2500 })).toMatch(
      /^.*2,500.* of cash on each entry$/,
    );
  });

  it('names the broker preset a commission equals, and none for a custom figure', () => {
    expect(commissionPresetLabel(0.053)).toBe('India, equity intraday (0.03% brokerage)');
    expect(commissionPresetLabel(0.05)).toBeNull();
  });
});

describe('what the result says of the rules', () => {
  it('shows every indicator with its periods, a blank one as its default, and patterns by name', () => {
    const request = backtestRequestSchema.parse({
      exchange: 'US',
      stock: 'AAPL',
      entry: {
        parameters: [{ indicator1: 'SMA', logic: 'Crosses Above', indicator2: 'EMA' }],
        candleStick: [{ pattern1: 'EngulfingPattern' }],
      },
    });
    expect(ruleLines(request).entry).toEqual([
      'SMA (20) Crosses Above EMA (20)',
      'Candlestick: Engulfing Pattern',
    ]);
  });

  it('names the exit time’s zone, the exchange’s own by its abbreviation', () => {
    const exitAt = (exchange: string, timezone: string) =>
      ruleLines(
        backtestRequestSchema.parse({
          exchange,
          stock: 'TCS',
          entry: { parameters: [{ indicator1: 'SMA', logic: 'Crosses Above', indicator2: 'EMA' }] },
          exitCriteria: { timing: { time: '15:15', timezone } },
        }),
      ).exit.at(-1);
    expect(exitAt('NSE', 'exchange')).toBe('Exit at 15:15 Exchange time (IST)');
    expect(exitAt('NSE', 'GMT')).toBe('Exit at 15:15 GMT');
  });
});
