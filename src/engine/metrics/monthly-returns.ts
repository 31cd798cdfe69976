/**
 * Returns by calendar month, as portfolio tools tabulate them: each month's return is its last
 * equity over the previous month's last equity (the initial capital before the first), minus 1.
 * Months are those of the trading days (the series' calendar), so a Sydney bar stamped on the
 * UTC evening before belongs to the Sydney date's month. Months without bars do not appear.
 */
import type { SessionCalendar } from '../candles/session-calendar';

const MS_PER_DAY = 86_400_000;

export interface MonthlyReturn {
  /** "YYYY-MM". */
  month: string;
  returnPct: number;
}

export function monthlyReturns(
  equity: Float64Array,
  openTimes: Float64Array,
  firstBar: number,
  initialCapital: number,
  calendar: SessionCalendar,
): MonthlyReturn[] {
  const months: MonthlyReturn[] = [];
  let previousClose = initialCapital;
  let month = '';
  // The bar whose equity closes the current month so far: written into the month only when
  // the month ends, not on every bar.
  let lastBar = -1;
  // Bars of one trading day share its month: the calendar is asked once a day, not per bar.
  let dayEnd = Number.NEGATIVE_INFINITY;
  for (let bar = Math.max(firstBar, 0); bar < equity.length; bar++) {
    if (!Number.isFinite(equity[bar])) continue;
    if (openTimes[bar]! >= dayEnd) {
      const day = calendar.dayOf(openTimes[bar]!);
      dayEnd = calendar.startOfDay(day + 1);
      const dayMonth = new Date(day * MS_PER_DAY).toISOString().slice(0, 7);
      if (dayMonth !== month) {
        if (month !== '') previousClose = closeMonth(months, previousClose, equity[lastBar]!);
        month = dayMonth;
        months.push({ month, returnPct: Number.NaN });
      }
    }
    lastBar = bar;
  }
  if (months.length > 0) closeMonth(months, previousClose, equity[lastBar]!);
  return months;
}

/** Sets the last month's return from its closing equity; gives that equity. */
function closeMonth(months: MonthlyReturn[], previousClose: number, closing: number): number {
  months[months.length - 1]!.returnPct = previousClose > 0 ? (closing / previousClose - 1) * 100 : 0;
  return closing;
}
