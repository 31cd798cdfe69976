/**
 * `resample --candles C.csv --minutes N [--timezone Z] [--session-open HH:MM]` -> the bars
 * aggregated to N minutes as columns {t, o, h, l, c, v}, buckets aligned to each trading day's
 * start (the session open), as the worker builds 15- and 30-minute bars from 5-minute ones.
 */
import { parseOptions } from '../parse-options';
import { aggregateBars, rowsToColumns, seriesToRows } from '../../engine/cli';
import { CALENDAR_OPTIONS, calendarFrom, readCandles } from '../read-inputs';
import { UsageError, requireOptions } from '../usage';

export async function resampleCommand(args: string[]) {
  const { values } = parseOptions({
    args,
    options: { candles: { type: 'string' }, minutes: { type: 'string' }, ...CALENDAR_OPTIONS },
  });
  requireOptions('resample', values, ['candles', 'minutes']);
  const minutes = Number(values.minutes);
  if (!Number.isInteger(minutes) || minutes < 1 || minutes > 1440) {
    throw new UsageError(`--minutes needs a whole number of minutes from 1 to 1440, got "${values.minutes}"`);
  }
  const calendar = calendarFrom(values);
  const rows = seriesToRows(await readCandles(values.candles));
  const bars = aggregateBars(rows, minutes, (t) => calendar.startOfDayAt(t));
  return rowsToColumns(bars);
}
