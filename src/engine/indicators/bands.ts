import { outputArray } from './output';

/** TA-Lib treats a variance below this as zero (TA_IS_ZERO_OR_NEG). */
const ZERO_VARIANCE = 1e-14;

/**
 * One Bollinger band: SMA(N) + D * sigma, with sigma the population standard deviation of the
 * same N inputs, sqrt(mean(x^2) - SMA^2) (0 when that is below 1e-14). D = 2 gives the upper
 * band, -2 the lower, 0 the middle (the SMA itself). Look-back: N - 1.
 * Matches TA-Lib BBANDS(N, |D|, |D|, SMA) bit for bit: the mean and mean(x^2) come from running
 * sums kept exactly like TA-Lib's SMA and its stddev over a precomputed SMA.
 */
export function bollingerBand(values: Float64Array, period: number, deviations: number): Float64Array {
  const length = values.length;
  const firstOut = period - 1;
  const out = outputArray(length, firstOut);
  let sum = 0;
  let sumOfSquares = 0;
  for (let i = 0; i < Math.min(firstOut, length); i++) {
    sum += values[i]!;
    sumOfSquares += values[i]! * values[i]!;
  }
  for (let i = firstOut; i < length; i++) {
    const incoming = values[i]!;
    const leaving = values[i - firstOut]!;
    sum += incoming;
    sumOfSquares += incoming * incoming;
    const mean = sum / period;
    const variance = sumOfSquares / period - mean * mean;
    sum -= leaving;
    sumOfSquares -= leaving * leaving;
    out[i] =
      deviations === 0 ? mean : mean + (variance < ZERO_VARIANCE ? 0 : Math.sqrt(variance)) * deviations;
  }
  return out;
}
