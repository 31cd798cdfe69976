import { outputArray } from './output';

/** True range of bar i (i >= 1): max(H - L, |C[i-1] - H|, |C[i-1] - L|), as TA-Lib TRANGE. */
function trueRangeAt(high: Float64Array, low: Float64Array, close: Float64Array, i: number): number {
  const previousClose = close[i - 1]!;
  return Math.max(high[i]! - low[i]!, Math.abs(previousClose - high[i]!), Math.abs(previousClose - low[i]!));
}

/**
 * Average true range, Wilder smoothing: ATR[N] = mean(TR[1..N]);
 * ATR[t] = (ATR[t-1] * (N - 1) + TR[t]) / N. Look-back: N (TR needs the previous close).
 * Matches TA-Lib ATR.
 */
export function averageTrueRange(
  high: Float64Array,
  low: Float64Array,
  close: Float64Array,
  period: number,
): Float64Array {
  const length = close.length;
  const out = outputArray(length, period);
  if (period >= length) return out;
  let trSum = 0;
  for (let i = 1; i <= period; i++) trSum += trueRangeAt(high, low, close, i);
  let average = trSum / period;
  out[period] = average;
  for (let i = period + 1; i < length; i++) {
    average = (average * (period - 1) + trueRangeAt(high, low, close, i)) / period;
    out[i] = average;
  }
  return out;
}
