/**
 * Returns by calendar month, as portfolio tools tabulate them: each month's return is its last
 * equity over the previous month's last equity (the initial capital before the first), minus 1.
 * Months are those of the trading days (the series' calendar), so a Sydney bar stamped on the
 * UTC evening before belongs to the Sydney date's month. Months without bars do not appear.
 */
import type { SessionCalendar } from '../candles/session-calendar';
import { DAY_MS } from '../../shared/time-units';

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
  // Bars of one trading day share its month: the calendar is asked once a day, not per bar.
  let bar = firstBarOfNextDay(equity, openTimes, Math.max(firstBar, 0), Number.NEGATIVE_INFINITY);
  while (bar < equity.length) {
    const day = calendar.dayOf(openTimes[bar]!);
    const dayMonth = new Date(day * DAY_MS).toISOString().slice(0, 7);
    if (dayMonth !== month) {
      if (month !== '')
        previousClose = closeMonth(months, previousClose, equity[lastBarBefore(equity, bar)]!);
      month = dayMonth;
      months.push({ month, returnPct: Number.NaN });
    }
    bar = firstBarOfNextDay(equity, openTimes, bar + 1, calendar.startOfDay(day + 1));
  }
  if (months.length > 0) closeMonth(months, previousClose, equity[lastBarBefore(equity, equity.length)]!);
  return months;
}

/**
 * The first bar from `from` on that opens at or after `dayEnd` with an equity (bars without
 * one, NaN, are not traded); the length when none does. The per-bar loop, on its own with
 * typed arrays and numbers only: it keeps its optimised code from run to run (drawdown.ts).
 */
function firstBarOfNextDay(
  equity: Float64Array,
  openTimes: Float64Array,
  from: number,
  dayEnd: number,
): number {
  for (let bar = from; bar < equity.length; bar++) {
    // x - x is 0 exactly for a finite x (NaN for NaN and the infinities): Number.isFinite.
    if (openTimes[bar]! >= dayEnd && equity[bar]! - equity[bar]! === 0) return bar;
  }
  return equity.length;
}

/** The last bar before `end` with an equity (see above); the month's closing bar. */
function lastBarBefore(equity: Float64Array, end: number): number {
  let bar = end - 1;
  while (equity[bar]! - equity[bar]! !== 0) bar--;
  return bar;
}

/** Sets the last month's return from its closing equity; gives that equity. */
function closeMonth(months: MonthlyReturn[], previousClose: number, closing: number): number {
  months[months.length - 1]!.returnPct = previousClose > 0 ? (closing / previousClose - 1) * 100 : 0;
  return closing;
}
