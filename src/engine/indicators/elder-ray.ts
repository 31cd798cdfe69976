import { chunkEnd } from '../chunks';
import { outputArray } from './output';

/**
 * Elder-Ray power: bull power = H - EMA(C, N), bear power = L - EMA(C, N) (pass the highs or
 * the lows as `extremes`). EMA seeded with the SMA of the first N closes. Look-back: N - 1.
 * Not a TA-Lib function; equals TA-Lib's EMA subtracted from the highs or lows.
 * The EMA runs in the same pass as the subtraction (ema's seed and update, so the same bits),
 * without an array of its own.
 */
export function elderRayPower(extremes: Float64Array, close: Float64Array, period: number): Float64Array {
  const length = close.length;
  const seedIndex = period - 1;
  const power = outputArray(length, seedIndex);
  // Before the seed the EMA is NaN, and so is the power (H - NaN, as ema's array would give).
  for (let i = 0; i < Math.min(seedIndex, length); i++) power[i] = extremes[i]! - power[i]!;
  if (seedIndex >= length) return power;
  let seedSum = 0;
  for (let i = 0; i <= seedIndex; i++) seedSum += close[i]!;
  const state = new Float64Array(2);
  state[0] = seedSum / period;
  state[1] = 2 / (period + 1);
  power[seedIndex] = extremes[seedIndex]! - state[0];
  for (let from = seedIndex + 1; from < length;) {
    const to = chunkEnd(seedIndex + 1, from, length);
    powerChunk(extremes, close, from, to, state, power);
    from = to;
  }
  return power;
}

/** elderRayPower's bars from..to - 1, from the EMA (state[0]) and its factor (state[1]). */
function powerChunk(
  extremes: Float64Array,
  close: Float64Array,
  from: number,
  to: number,
  state: Float64Array,
  power: Float64Array,
): void {
  const k = state[1]!;
  let average = state[0]!;
  for (let i = from; i < to; i++) {
    average = (close[i]! - average) * k + average;
    power[i] = extremes[i]! - average;
  }
  state[0] = average;
}
