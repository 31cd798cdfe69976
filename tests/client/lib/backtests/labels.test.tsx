import { describe, expect, it } from 'vitest';
import { commissionPresetLabel, sizingText } from '../../../../src/client/lib/backtests/labels';

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
