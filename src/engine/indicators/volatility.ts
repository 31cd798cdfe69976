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

/** True range: max(H - L, |H - C[t-1]|, |L - C[t-1]|). Look-back: 1. Matches TA-Lib TRANGE. */
export function trueRange(high: Float64Array, low: Float64Array, close: Float64Array): Float64Array {
  const out = outputArray(close.length, 1);
  for (let i = 1; i < close.length; i++) out[i] = trueRangeAt(high, low, close, i);
  return out;
}

/** Normalized ATR: ATR(N) / C * 100 (0 when C is 0). Look-back: N. Matches TA-Lib NATR. */
export function normalizedAverageTrueRange(
  high: Float64Array,
  low: Float64Array,
  close: Float64Array,
  period: number,
): Float64Array {
  const out = averageTrueRange(high, low, close, period);
  for (let i = period; i < close.length; i++) {
    const price = close[i]!;
    out[i] = price > -1e-14 && price < 1e-14 ? 0 : (out[i]! / price) * 100;
  }
  return out;
}
