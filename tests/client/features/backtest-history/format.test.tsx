import { describe, expect, it } from 'vitest';
import {
  formatPercentOrDash,
  formatRatioOrDash,
  formatRunDate,
} from '../../../../src/client/features/backtest-history/format';
import { formatPercent, formatRatio } from '../../../../src/client/lib/backtests/format';

describe('history figures', () => {
  it('write an undefined statistic (no trades, no losses) as "—", else as the result page does', () => {
    expect(formatPercentOrDash(null)).toBe('—');
    expect(formatRatioOrDash(null)).toBe('—');
    expect(formatPercentOrDash(58.333)).toBe(formatPercent(58.333));
    expect(formatRatioOrDash(1.849)).toBe(formatRatio(1.849));
  });

  it('dates a run in UTC', () => {
    expect(formatRunDate('2024-05-02T22:15:00.000Z')).toBe('May 2, 2024, 10:15 PM UTC');
  });
});
