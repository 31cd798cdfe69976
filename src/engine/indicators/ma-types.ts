/**
 * TA-Lib's MAType parameter: one moving average chosen by code, as TA_MA computes it. Codes
 * (TA-Lib's): 0 SMA, 1 EMA, 2 WMA, 3 DEMA, 4 TEMA, 5 TRIMA, 6 KAMA, 7 MAMA (fast limit 0.5,
 * slow limit 0.05, the period ignored), 8 T3 (volume factor 0.7). A period of 1 is the input
 * itself for every type, as in TA-Lib.
 */
import { mesaAdaptive, SHORT_HILBERT_LOOKBACK } from './hilbert-cycle';
import { dema, ema, kama, sma, t3, tema, trima, wma } from './moving-averages';
import { outputArray } from './output';

export const MA_TYPE = {
  SMA: 0,
  EMA: 1,
  WMA: 2,
  DEMA: 3,
  TEMA: 4,
  TRIMA: 5,
  KAMA: 6,
  MAMA: 7,
  T3: 8,
} as const;

/** Bars the moving average needs before its first value (TA_MA_Lookback). */
export function maLookback(period: number, type: number): number {
  if (period <= 1) return 0;
  switch (type) {
    case MA_TYPE.DEMA:
      return 2 * (period - 1);
    case MA_TYPE.TEMA:
      return 3 * (period - 1);
    case MA_TYPE.KAMA:
      return period;
    case MA_TYPE.MAMA:
      return SHORT_HILBERT_LOOKBACK;
    case MA_TYPE.T3:
      return 6 * (period - 1);
    default:
      return period - 1;
  }
}

/**
 * The moving average of `type` over `values`, started at index `first` (earlier entries are
 * ignored; recursive averages are seeded from there, as TA-Lib seeds them from its start index).
 * First value at first + maLookback(period, type).
 */
export function movingAverage(values: Float64Array, period: number, type: number, first = 0): Float64Array {
  if (period <= 1) {
    const out = outputArray(values.length, first);
    out.set(values.subarray(first), first);
    return out;
  }
  switch (type) {
    case MA_TYPE.SMA:
      return sma(values, period, first);
    case MA_TYPE.EMA:
      return ema(values, period, first);
    case MA_TYPE.WMA:
      return wma(values, period, first);
    case MA_TYPE.DEMA:
      return dema(values, period, first);
    case MA_TYPE.TEMA:
      return tema(values, period, first);
    case MA_TYPE.TRIMA:
      return trima(values, period, first);
    case MA_TYPE.KAMA:
      return kama(values, period, first);
    case MA_TYPE.MAMA:
      return mesaAdaptive(values, 0.5, 0.05, first).mama;
    case MA_TYPE.T3:
      return t3(values, period, 0.7, first);
    default:
      throw new Error(`Unknown moving average type ${type}`);
  }
}

/**
 * The moving average as TA-Lib computes it inside a function whose output starts at `start`:
 * TA-Lib asks TA_MA for values from `start` on, so a recursive average with a shorter look-back
 * is seeded at start - its look-back rather than at the first input.
 */
export function movingAverageFrom(values: Float64Array, period: number, type: number, start: number) {
  return movingAverage(values, period, type, Math.max(0, start - maLookback(period, type)));
}
