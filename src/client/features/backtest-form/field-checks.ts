/**
 * The builder's own checks beyond the request schema, said at the field as soon as the values
 * are known (before Preview): the dates in order, and no look-back longer than the bars the
 * dates and timeframe can hold. And the warnings: odd values that do not block a run.
 */
import { MAX_WARMUP_BARS, barsInRangeAtMost, periodsLongerThan } from '../../../shared/bar-budget';
import type { Timeframe } from '../../../shared/backtest-vocabulary';
import type { FieldError } from '../../../shared/validation-errors';
import { valueWarnings } from '../../../shared/value-warnings';
import { dateOrderError } from './date-order';
import type { FormValues } from './form-values';

const BAR_NAMES: Record<Timeframe, string> = {
  '1 min': '1-minute',
  '5 min': '5-minute',
  '15 min': '15-minute',
  '30 min': '30-minute',
  '1 hour': 'hourly',
  '1 day': 'daily',
};

const count = (bars: number) => bars.toLocaleString('en-US');

/** Periods longer than the most bars the run can load: the dates' bars and the warm-up before them. */
export function periodBoundErrors(values: FormValues): FieldError[] {
  const inRange = barsInRangeAtMost(values.fromDate, values.toDate, values.timeframe);
  if (inRange === null) return [];
  const most = inRange + MAX_WARMUP_BARS;
  // The message is written only when a period is too long: these checks run on every render of
  // the form, and a page's first number format costs a phone about 100 ms.
  if (periodsLongerThan(values, most, '').length === 0) return [];
  const message =
    `Longer than the data: at most ${count(most)} ${BAR_NAMES[values.timeframe]} bars ` +
    `(${count(inRange)} from ${values.fromDate} to ${values.toDate}, and up to ${count(MAX_WARMUP_BARS)} before them for warm-up)`;
  return periodsLongerThan(values, most, message);
}

/** Every problem the builder finds itself, in the form's order. */
export function builderFieldErrors(values: FormValues): FieldError[] {
  const dateError = dateOrderError(values);
  return [...(dateError ? [dateError] : []), ...periodBoundErrors(values)];
}

/** The warnings of the values, by field path. */
export function builderWarnings(values: FormValues): Record<string, string> {
  return Object.fromEntries(valueWarnings(values).map((warning) => [warning.path, warning.message]));
}
