import { ema } from './moving-averages';
import { cutBefore } from './output';

export interface Macd {
  macd: Float64Array;
  signal: Float64Array;
  histogram: Float64Array;
}

/**
 * MACD: line = EMA(fast) - EMA(slow), signal = EMA(line, signal period), histogram = line -
 * signal. As in TA-Lib, the periods are swapped if fast > slow, and the fast EMA is seeded with
 * the SMA of the `fast` bars ending at slow - 1 (not at fast - 1), so both EMAs start at bar
 * slow - 1; near the start the line is therefore not EMA12 - EMA26 from bar 0. All three outputs
 * start at look-back (slow - 1) + (signal - 1). Matches TA-Lib MACD(fast, slow, signal).
 */
export function macd(
  values: Float64Array,
  fastPeriod: number,
  slowPeriod: number,
  signalPeriod: number,
): Macd {
  const fast = Math.min(fastPeriod, slowPeriod);
  const slow = Math.max(fastPeriod, slowPeriod);
  const line = ema(values, fast, slow - fast);
  // line -= EMA(slow), the slow EMA run inline exactly as ema(values, slow) computes it (no array).
  const length = values.length;
  if (slow - 1 < length) {
    const k = 2 / (slow + 1);
    let seedSum = 0;
    for (let i = 0; i <= slow - 1; i++) seedSum += values[i]!;
    let slowAverage = seedSum / slow;
    line[slow - 1] = line[slow - 1]! - slowAverage;
    for (let i = slow; i < length; i++) {
      slowAverage = (values[i]! - slowAverage) * k + slowAverage;
      line[i] = line[i]! - slowAverage;
    }
  }
  const signal = ema(line, signalPeriod, slow - 1);
  const firstOut = slow - 1 + signalPeriod - 1;
  const histogram = new Float64Array(values.length);
  for (let i = 0; i < values.length; i++) histogram[i] = line[i]! - signal[i]!;
  return { macd: cutBefore(line, firstOut), signal, histogram };
}
