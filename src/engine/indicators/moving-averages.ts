import { outputArray } from './output';

/**
 * Simple moving average: SMA[t] = (x[t-N+1] + ... + x[t]) / N.
 * Look-back: first + N - 1. Matches TA-Lib SMA (also TA_MA with type SMA, used inside STOCH
 * and BBANDS), bit for bit: the same running sum, added to before it is read and reduced by the
 * bar leaving the window afterwards, so the sum carries the same rounding as TA-Lib's.
 * `first` is the index of the first valid input (earlier entries are ignored), for chaining.
 */
export function sma(values: Float64Array, period: number, first = 0): Float64Array {
  const length = values.length;
  const firstOut = first + period - 1;
  const out = outputArray(length, firstOut);
  if (firstOut >= length) return out;
  let runningSum = 0;
  for (let i = first; i < firstOut; i++) runningSum += values[i]!;
  for (let i = firstOut; i < length; i++) {
    runningSum += values[i]!;
    const windowSum = runningSum;
    runningSum -= values[i - period + 1]!;
    out[i] = windowSum / period;
  }
  return out;
}

/**
 * Exponential moving average with k = 2 / (N + 1): EMA[t] = (x[t] - EMA[t-1]) * k + EMA[t-1],
 * seeded at index first + N - 1 with the SMA of the first N inputs.
 * Look-back: first + N - 1. Matches TA-Lib EMA (default compatibility).
 * `first` is the index of the first valid input; MACD also uses it to seed its fast EMA later.
 */
export function ema(values: Float64Array, period: number, first = 0): Float64Array {
  const length = values.length;
  const seedIndex = first + period - 1;
  const out = outputArray(length, seedIndex);
  if (seedIndex >= length) return out;
  const k = 2 / (period + 1);
  let seedSum = 0;
  for (let i = first; i <= seedIndex; i++) seedSum += values[i]!;
  let average = seedSum / period;
  out[seedIndex] = average;
  for (let i = seedIndex + 1; i < length; i++) {
    average = (values[i]! - average) * k + average;
    out[i] = average;
  }
  return out;
}
