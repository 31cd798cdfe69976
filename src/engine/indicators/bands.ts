import { chunkEnd } from '../chunks';
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
  const state = new Float64Array(BAND_STATE_SIZE);
  state[SUM] = sum;
  state[SUM_OF_SQUARES] = sumOfSquares;
  state[DEVIATIONS] = deviations;
  for (let from = firstOut; from < length;) {
    const to = chunkEnd(firstOut, from, length);
    bandChunk(values, period, from, to, state, out);
    from = to;
  }
  return out;
}

// bandChunk's state: the running sums and the band's distance in deviations.
const SUM = 0;
const SUM_OF_SQUARES = 1;
const DEVIATIONS = 2;
const BAND_STATE_SIZE = 3;

/** bollingerBand's bars from..to - 1, from the running sums in `state` (updated). */
function bandChunk(
  values: Float64Array,
  period: number,
  from: number,
  to: number,
  state: Float64Array,
  out: Float64Array,
): void {
  const deviations = state[DEVIATIONS]!;
  const zeroVariance = ZERO_VARIANCE;
  let sum = state[SUM]!;
  let sumOfSquares = state[SUM_OF_SQUARES]!;
  for (let i = from; i < to; i++) {
    const incoming = values[i]!;
    const leaving = values[i - period + 1]!;
    sum += incoming;
    sumOfSquares += incoming * incoming;
    const mean = sum / period;
    const variance = sumOfSquares / period - mean * mean;
    sum -= leaving;
    sumOfSquares -= leaving * leaving;
    out[i] =
      deviations === 0 ? mean : mean + (variance < zeroVariance ? 0 : Math.sqrt(variance)) * deviations;
  }
  state[SUM] = sum;
  state[SUM_OF_SQUARES] = sumOfSquares;
}
