/**
 * Runs refused before they trade: they answer 400 and are not stored, so they use none of the
 * month's quota.
 */
import type { BacktestRequest } from '../../shared/backtest-request';
import type { FieldError } from '../../shared/validation-errors';
import { isUploadMarket } from '../../shared/data-sources';
import { periodsLongerThan } from '../../shared/bar-budget';
import type { MarketCandles } from '../market-data/candle-answer';

export interface Refusal {
  message: string;
  fields?: FieldError[];
}

/** A range that ends before it starts (ISO dates compare as text). */
export function reversedDates(request: Pick<BacktestRequest, 'fromDate' | 'toDate'>): Refusal | null {
  if (request.fromDate <= request.toDate) return null;
  const message = `The from date (${request.fromDate}) is after the to date (${request.toDate}). Choose a from date on or before the to date.`;
  return { message, fields: [{ path: 'fromDate', message: 'Choose a date on or before the to date' }] };
}

/** Loaded candles with no bar to trade between the request's dates (warm-up bars only, or none). */
export function noBarsToTrade(
  request: Pick<BacktestRequest, 'exchange' | 'stock' | 'fromDate' | 'toDate'>,
  answer: { candles: { t: ArrayLike<number> }; warmupBars: number },
): Refusal | null {
  if (answer.candles.t.length > answer.warmupBars) return null;
  const what = isUploadMarket(request.exchange) ? 'This dataset' : `${request.stock} (${request.exchange})`;
  return {
    message:
      answer.candles.t.length === 0
        ? `There is no data for ${what} up to ${request.toDate}. Choose another symbol or other dates; this run was not counted.`
        : `${what} has no bars between ${request.fromDate} and ${request.toDate}. Choose dates with trading days; this run was not counted.`,
  };
}

/**
 * Look-back periods longer than every bar loaded (the warm-up before the from date included):
 * such an indicator never has a value, so the run is refused at the period's field.
 */
export function periodsBeyondBars(
  request: Pick<BacktestRequest, 'exchange' | 'stock' | 'entry' | 'exit'>,
  answer: Pick<MarketCandles, 'candles'>,
): (Refusal & { fields: FieldError[] }) | null {
  const loaded = answer.candles.t.length;
  const count = loaded.toLocaleString('en-US');
  const fields = periodsLongerThan(
    request,
    loaded,
    `Longer than the ${count} bars this run has, warm-up included: choose at most ${count} or earlier dates`,
  );
  if (fields.length === 0) return null;
  const what = isUploadMarket(request.exchange) ? 'This dataset' : `${request.stock} (${request.exchange})`;
  return {
    message: `${what} has ${count} bars for these dates, warm-up included; ${fields.length === 1 ? 'a period is' : `${fields.length} periods are`} longer than that and would never have a value. Choose shorter periods or earlier dates; this run was not counted.`,
    fields,
  };
}
