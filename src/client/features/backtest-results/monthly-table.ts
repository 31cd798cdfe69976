import type { MonthlyReturn } from '../../../shared/api/backtests';

/**
 * The monthly returns as a calendar grid: one row per year, twelve month cells and the year's
 * return, compounded from its months. Months outside the tested period stay empty.
 */
export interface YearRow {
  year: number;
  /** January first; null where the run did not trade that month. */
  months: (number | null)[];
  /** The months' returns compounded: (Π (1 + r/100) − 1) × 100. */
  yearPct: number;
}

export const MONTH_NAMES = [
  'Jan',
  'Feb',
  'Mar',
  'Apr',
  'May',
  'Jun',
  'Jul',
  'Aug',
  'Sep',
  'Oct',
  'Nov',
  'Dec',
];

export function yearRows(monthly: readonly MonthlyReturn[]): YearRow[] {
  const byYear = new Map<number, (number | null)[]>();
  for (const { month, returnPct } of monthly) {
    const year = Number(month.slice(0, 4));
    const index = Number(month.slice(5, 7)) - 1;
    let months = byYear.get(year);
    if (!months) byYear.set(year, (months = new Array<number | null>(12).fill(null)));
    months[index] = returnPct;
  }
  return [...byYear.entries()]
    .sort(([a], [b]) => a - b)
    .map(([year, months]) => ({
      year,
      months,
      yearPct: (months.reduce<number>((growth, r) => growth * (1 + (r ?? 0) / 100), 1) - 1) * 100,
    }));
}

/**
 * A cell's tint: green for a gain, red for a loss, stronger with the size of the move relative
 * to `scale` (the largest monthly move of the run). At most 40% opaque over white, so the dark
 * figures on it keep a contrast ratio above 7:1.
 */
export function heatTint(returnPct: number, scale: number): string | undefined {
  if (returnPct === 0 || !(scale > 0)) return undefined;
  const strength = Math.min(Math.abs(returnPct) / scale, 1);
  const alpha = (0.06 + 0.34 * strength).toFixed(2);
  return returnPct > 0 ? `rgb(10 125 92 / ${alpha})` : `rgb(180 35 24 / ${alpha})`;
}

/** The largest absolute monthly return: the heat scale's full strength. */
export function heatScale(monthly: readonly MonthlyReturn[]): number {
  return monthly.reduce((largest, { returnPct }) => Math.max(largest, Math.abs(returnPct)), 0);
}
