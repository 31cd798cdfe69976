/**
 * The data-quality report of a candle file of one's own, as the API gives it: the bars read in
 * the days of the file's calendar, Monday to Friday as trading days, `source: "upload"`, no
 * adjustment and no duplicates dropped. For a large file the helper thread makes it
 * (uploadQualityTask) while the main thread runs the backtest, from the columns the two share.
 */
// The engine's modules themselves, not its index: the helper thread's bundle stays small.
import { barQuality } from '../engine/candles/data-quality';
import { SessionCalendar } from '../engine/candles/session-calendar';
import type { CandleSeries } from '../engine/candles/series';

const isWeekday = (date: string) => ![0, 6].includes(new Date(`${date}T00:00:00Z`).getUTCDay());

/** The report on bars [from, end) of `series`. */
export function uploadQuality(series: CandleSeries, from: number, end: number) {
  return {
    ...barQuality(series, from, end, isWeekday),
    source: 'upload',
    adjustment: 'none',
    duplicatesDropped: 0,
  };
}

/**
 * A series whose columns are on shared memory, as a message to the helper carries it: the
 * columns are shared, not copied, and the calendar travels as its zone and session open.
 */
export interface SharedSeries {
  columns: Pick<CandleSeries, 't' | 'o' | 'h' | 'l' | 'c' | 'v'>;
  calendar: { timeZone: string; openMinute: number } | null;
}

/** `series` as a SharedSeries; null unless every column is on a SharedArrayBuffer. */
export function sharedSeries(series: CandleSeries): SharedSeries | null {
  const { t, o, h, l, c, v, calendar } = series;
  const columns = { t, o, h, l, c, v };
  if (!Object.values(columns).every((column) => column.buffer instanceof SharedArrayBuffer)) return null;
  return {
    columns,
    calendar:
      calendar === undefined ? null : { timeZone: calendar.timeZone, openMinute: calendar.openMinute },
  };
}

/** uploadQuality of a shared series: a task of the helper thread. */
export function uploadQualityTask(
  { columns, calendar }: SharedSeries,
  from: number,
  end: number,
): { value: ReturnType<typeof uploadQuality>; transfer: ArrayBuffer[] } {
  const series =
    calendar === null
      ? columns
      : { ...columns, calendar: new SessionCalendar(calendar.timeZone, calendar.openMinute) };
  return { value: uploadQuality(series, from, end), transfer: [] };
}
