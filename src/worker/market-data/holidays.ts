/**
 * Market holidays of the exchanges that have synthetic fallback stocks (US, NASDAQ, NSE), so
 * the sample bars follow a trading calendar a trader recognises. A small rule set, not an
 * official calendar:
 * - US and NASDAQ (NYSE rules): New Year's Day, Martin Luther King Jr. Day (third Monday of
 *   January), Washington's Birthday (third Monday of February), Good Friday, Memorial Day (last
 *   Monday of May), Juneteenth (from 2022), Independence Day, Labor Day (first Monday of
 *   September), Thanksgiving (fourth Thursday of November) and Christmas. A holiday on a
 *   Saturday is observed on the Friday before (except New Year's Day, which then is not
 *   observed), on a Sunday on the Monday after. One-off closures (2001-09-11 to 09-14, 2012-10-29
 *   and 30, national days of mourning) are not listed.
 * - NSE: the fixed-date holidays Republic Day (26 January), Maharashtra Day (1 May),
 *   Independence Day (15 August), Gandhi Jayanti (2 October) and Christmas, and Good Friday.
 *   Festivals of the lunar calendars (Holi, Diwali, Eid, ...) move every year and are not listed.
 * Other exchanges: weekends only.
 */

type HolidayRule = (year: number) => string[];

const iso = (year: number, month: number, day: number) =>
  new Date(Date.UTC(year, month - 1, day)).toISOString().slice(0, 10);

/** The n-th (1-based) `weekday` (0 = Sunday) of a month; n = -1 is the last one. */
function nthWeekday(year: number, month: number, weekday: number, n: number): string {
  if (n > 0) {
    const first = new Date(Date.UTC(year, month - 1, 1)).getUTCDay();
    return iso(year, month, 1 + ((weekday - first + 7) % 7) + (n - 1) * 7);
  }
  const lastDay = new Date(Date.UTC(year, month, 0));
  const back = (lastDay.getUTCDay() - weekday + 7) % 7;
  return iso(year, month, lastDay.getUTCDate() - back);
}

/** Easter Sunday (Gregorian), by the anonymous algorithm (Meeus, Astronomical Algorithms, ch. 8). */
function easter(year: number): { month: number; day: number } {
  const a = year % 19;
  const b = Math.floor(year / 100);
  const c = year % 100;
  const d = Math.floor(b / 4);
  const e = b % 4;
  const f = Math.floor((b + 8) / 25);
  const g = Math.floor((b - f + 1) / 3);
  const h = (19 * a + b - d - g + 15) % 30;
  const i = Math.floor(c / 4);
  const k = c % 4;
  const l = (32 + 2 * e + 2 * i - h - k) % 7;
  const m = Math.floor((a + 11 * h + 22 * l) / 451);
  const month = Math.floor((h + l - 7 * m + 114) / 31);
  const day = ((h + l - 7 * m + 114) % 31) + 1;
  return { month, day };
}

const goodFriday = (year: number) => {
  const { month, day } = easter(year);
  return iso(year, month, day - 2);
};

/** A fixed-date US holiday moved off the weekend: Saturday to Friday, Sunday to Monday. */
function observed(year: number, month: number, day: number): string {
  const weekday = new Date(Date.UTC(year, month - 1, day)).getUTCDay();
  return iso(year, month, day + (weekday === 6 ? -1 : weekday === 0 ? 1 : 0));
}

const nyse: HolidayRule = (year) => {
  const newYear = new Date(Date.UTC(year, 0, 1)).getUTCDay() === 6 ? [] : [observed(year, 1, 1)];
  return [
    ...newYear,
    nthWeekday(year, 1, 1, 3),
    nthWeekday(year, 2, 1, 3),
    goodFriday(year),
    nthWeekday(year, 5, 1, -1),
    ...(year >= 2022 ? [observed(year, 6, 19)] : []),
    observed(year, 7, 4),
    nthWeekday(year, 9, 1, 1),
    nthWeekday(year, 11, 4, 4),
    observed(year, 12, 25),
  ];
};

const nse: HolidayRule = (year) => [
  iso(year, 1, 26),
  goodFriday(year),
  iso(year, 5, 1),
  iso(year, 8, 15),
  iso(year, 10, 2),
  iso(year, 12, 25),
];

/** The NYSE's holidays also close INDX's bundled S&P 500 sample, NYSE and AMEX; NSE's close BSE. */
const RULES: Record<string, HolidayRule> = {
  US: nyse,
  NASDAQ: nyse,
  NYSE: nyse,
  AMEX: nyse,
  INDX: nyse,
  NSE: nse,
  BSE: nse,
};

const cache = new Map<string, Set<string>>();

/** Whether the market of `exchange` is closed on `date` (YYYY-MM-DD) for a holiday. */
export function isMarketHoliday(exchange: string, date: string): boolean {
  const rule = RULES[exchange];
  if (!rule) return false;
  const key = `${exchange}:${date.slice(0, 4)}`;
  let holidays = cache.get(key);
  if (!holidays) {
    holidays = new Set(rule(Number(date.slice(0, 4))));
    cache.set(key, holidays);
  }
  return holidays.has(date);
}
