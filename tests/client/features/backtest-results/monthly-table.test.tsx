import { describe, expect, it } from 'vitest';
import {
  heatScale,
  heatTint,
  yearRows,
} from '../../../../src/client/features/backtest-results/monthly-table';

describe('the monthly returns grid', () => {
  const monthly = [
    { month: '2022-11', returnPct: 10 },
    { month: '2022-12', returnPct: -10 },
    { month: '2023-01', returnPct: 2 },
    { month: '2023-03', returnPct: 3 },
  ];

  it('puts each month under its year and compounds the year from its months', () => {
    const rows = yearRows(monthly);
    expect(rows.map((row) => row.year)).toEqual([2022, 2023]);
    expect(rows[0]!.months).toEqual([null, null, null, null, null, null, null, null, null, null, 10, -10]);
    // +10% then -10% is a 1% loss, not zero.
    expect(rows[0]!.yearPct).toBeCloseTo(-1, 12);
    expect(rows[1]!.months.slice(0, 3)).toEqual([2, null, 3]);
    expect(rows[1]!.yearPct).toBeCloseTo((1.02 * 1.03 - 1) * 100, 12);
  });

  it('orders the years whatever order the months come in', () => {
    expect(yearRows([...monthly].reverse()).map((row) => row.year)).toEqual([2022, 2023]);
  });

  it('tints gains green and losses red, deeper for larger moves, never past 40% opacity', () => {
    const scale = heatScale(monthly);
    expect(scale).toBe(10);
    expect(heatTint(10, scale)).toBe('rgb(10 125 92 / 0.40)');
    expect(heatTint(-10, scale)).toBe('rgb(180 35 24 / 0.40)');
    expect(heatTint(-25, scale)).toBe('rgb(180 35 24 / 0.40)');
    expect(heatTint(5, scale)).toBe('rgb(10 125 92 / 0.23)');
    expect(heatTint(0, scale)).toBeUndefined();
    expect(heatTint(3, 0)).toBeUndefined();
  });
});
