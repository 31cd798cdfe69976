import { describe, expect, it } from 'vitest';
import {
  formatCount,
  formatPercentOrDash,
  formatRatioOrDash,
  formatRunDate,
  formatSignedMoney,
  formatSignedPercent,
} from '../../../../src/client/features/backtest-history/format';

describe('history figures', () => {
  it('sign money and returns, and write undefined statistics as "—"', () => {
    expect(formatSignedMoney(1234.5)).toBe('+1,234.50');
    expect(formatSignedMoney(-0.004)).toBe('0.00');
    expect(formatSignedPercent(0)).toBe('0.00%');
    expect(formatPercentOrDash(null)).toBe('—');
    expect(formatPercentOrDash(58.333)).toBe('58.33%');
    expect(formatRatioOrDash(null)).toBe('—');
    expect(formatRatioOrDash(1.849)).toBe('1.85');
    expect(formatCount(12000)).toBe('12,000');
  });

  it('dates a run in UTC', () => {
    expect(formatRunDate('2024-05-02T22:15:00.000Z')).toBe('May 2, 2024, 10:15 PM UTC');
  });
});
