/**
 * The one validator of the dates the API and the form take (YYYY-MM-DD): a day that exists in
 * the calendar, from 1970-01-01 to one year after today (UTC). Anything else is refused before
 * it reaches a market calendar or the engine, whose clocks throw on dates that do not exist.
 */
import * as z from 'zod';

export const EARLIEST_DATE = '1970-01-01';

const DATE_FORMAT = /^\d{4}-\d{2}-\d{2}$/;

/** The last accepted date: today plus one year (UTC), as YYYY-MM-DD. */
export function latestDate(now = new Date()): string {
  const limit = new Date(now.getTime());
  limit.setUTCFullYear(limit.getUTCFullYear() + 1);
  return limit.toISOString().slice(0, 10);
}

/** True when `text` (YYYY-MM-DD) names a day that exists: no 2023-02-30, 2023-13-01 or 0000-00-00. */
function existsInCalendar(text: string): boolean {
  const [year, month, day] = text.split('-').map(Number) as [number, number, number];
  const leap = (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;
  const daysInMonth = [31, leap ? 29 : 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31][month - 1];
  return year >= 1 && daysInMonth !== undefined && day >= 1 && day <= daysInMonth;
}

/** Why `text` is not an accepted date, or null when it is one. */
export function calendarDateProblem(text: string, now = new Date()): string | null {
  if (!DATE_FORMAT.test(text)) return 'Enter a date as YYYY-MM-DD';
  if (!existsInCalendar(text)) return 'This date does not exist';
  const latest = latestDate(now);
  // Same-length ISO dates compare as text in calendar order.
  if (text < EARLIEST_DATE || text > latest) return `Enter a date from ${EARLIEST_DATE} to ${latest}`;
  return null;
}

/** A zod string that must be an accepted calendar date (see calendarDateProblem). */
export const calendarDate = z.string({ error: 'Enter a date as YYYY-MM-DD' }).superRefine((text, ctx) => {
  const problem = calendarDateProblem(text);
  if (problem) ctx.addIssue({ code: 'custom', message: problem });
});
