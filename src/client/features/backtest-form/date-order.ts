import type { FieldError } from '../../../shared/validation-errors';
import type { FormValues } from './form-values';

/** The builder's own check of the two dates together, at the To date field (ISO dates compare as text). */
export function dateOrderError(values: Pick<FormValues, 'fromDate' | 'toDate'>): FieldError | null {
  const dates = [values.fromDate, values.toDate];
  if (!dates.every((date) => /^\d{4}-\d{2}-\d{2}$/.test(date))) return null;
  return values.toDate < values.fromDate
    ? { path: 'toDate', message: 'The to date is before the from date: choose a date on or after it' }
    : null;
}
