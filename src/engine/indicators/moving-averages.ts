import { chunkEnd } from '../chunks';
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
  const state = new Float64Array(1);
  state[0] = runningSum;
  for (let from = firstOut; from < length;) {
    const to = chunkEnd(firstOut, from, length);
    smaChunk(values, period, from, to, state, out);
    from = to;
  }
  return out;
}

/** sma's bars from..to - 1, from the running sum in state[0] (updated). */
function smaChunk(
  values: Float64Array,
  period: number,
  from: number,
  to: number,
  state: Float64Array,
  out: Float64Array,
): void {
  let runningSum = state[0]!;
  for (let i = from; i < to; i++) {
    runningSum += values[i]!;
    const windowSum = runningSum;
    runningSum -= values[i - period + 1]!;
    out[i] = windowSum / period;
  }
  state[0] = runningSum;
}

/**
 * Exponential moving average with k = 2 / (N + 1): EMA[t] = (x[t] - EMA[t-1]) * k + EMA[t-1],
 * seeded at index first + N - 1 with the SMA of the first N inputs.
 * Look-back: first + N - 1. Matches TA-Lib EMA (default compatibility).
 * `first` is the index of the first valid input; MACD also uses it to seed its fast EMA later.
 * `k` overrides the smoothing factor (MACDFIX uses TA-Lib's fixed 0.15 and 0.075).
 */
export function ema(values: Float64Array, period: number, first = 0, k = 2 / (period + 1)): Float64Array {
  const length = values.length;
  const seedIndex = first + period - 1;
  const out = outputArray(length, seedIndex);
  if (seedIndex >= length) return out;
  let seedSum = 0;
  for (let i = first; i <= seedIndex; i++) seedSum += values[i]!;
  const state = new Float64Array(EMA_STATE_SIZE);
  state[EMA_AVERAGE] = seedSum / period;
  state[EMA_K] = k;
  out[seedIndex] = state[EMA_AVERAGE];
  for (let from = seedIndex + 1; from < length;) {
    const to = chunkEnd(seedIndex + 1, from, length);
    emaChunk(values, from, to, state, out);
    from = to;
  }
  return out;
}

// emaChunk's state: the running average and the smoothing factor.
const EMA_AVERAGE = 0;
const EMA_K = 1;
const EMA_STATE_SIZE = 2;

/** ema's bars from..to - 1, from the average in `state` (updated). */
function emaChunk(
  values: Float64Array,
  from: number,
  to: number,
  state: Float64Array,
  out: Float64Array,
): void {
  const k = state[EMA_K]!;
  let average = state[EMA_AVERAGE]!;
  for (let i = from; i < to; i++) {
    average = (values[i]! - average) * k + average;
    out[i] = average;
  }
  state[EMA_AVERAGE] = average;
}

/**
 * Weighted moving average, weights 1..N (newest heaviest): WMA[t] = sum((i+1) * x[t-N+1+i]) /
 * (N(N+1)/2). Look-back: first + N - 1. Matches TA-Lib WMA: a running weighted sum that adds
 * N * x[t] and drops the plain window sum each bar.
 */
export function wma(values: Float64Array, period: number, first = 0): Float64Array {
  const length = values.length;
  const firstOut = first + period - 1;
  const out = outputArray(length, firstOut);
  if (firstOut >= length) return out;
  const divider = (period * (period + 1)) / 2;
  let windowSum = 0;
  let weightedSum = 0;
  for (let i = first, weight = 1; i < firstOut; i++, weight++) {
    windowSum += values[i]!;
    weightedSum += values[i]! * weight;
  }
  let leaving = 0;
  for (let i = firstOut; i < length; i++) {
    const incoming = values[i]!;
    windowSum += incoming;
    windowSum -= leaving;
    weightedSum += incoming * period;
    leaving = values[i - period + 1]!;
    out[i] = weightedSum / divider;
    weightedSum -= windowSum;
  }
  return out;
}

/** 2 * EMA - EMA(EMA), both with period N. Look-back: first + 2(N - 1). Matches TA-Lib DEMA. */
export function dema(values: Float64Array, period: number, first = 0): Float64Array {
  const once = ema(values, period, first);
  const twice = ema(once, period, first + period - 1);
  for (let i = 0; i < once.length; i++) once[i] = 2 * once[i]! - twice[i]!;
  return once;
}

/** 3 * EMA - 3 * EMA(EMA) + EMA(EMA(EMA)). Look-back: first + 3(N - 1). Matches TA-Lib TEMA. */
export function tema(values: Float64Array, period: number, first = 0): Float64Array {
  const once = ema(values, period, first);
  const twice = ema(once, period, first + period - 1);
  const thrice = ema(twice, period, first + 2 * (period - 1));
  for (let i = 0; i < once.length; i++) once[i] = 3 * once[i]! - 3 * twice[i]! + thrice[i]!;
  return once;
}

/**
 * Triangular moving average: weights rising 1, 2, ... to the middle of the window and falling
 * back, i.e. an SMA of an SMA: SMA(SMA(x, ceil((N+1)/2)), floor(N/2) + 1) for odd N,
 * SMA(SMA(x, N/2), N/2 + 1) for even N. Look-back: first + N - 1. Equals TA-Lib TRIMA.
 */
export function trima(values: Float64Array, period: number, first = 0): Float64Array {
  const inner = period % 2 === 1 ? (period + 1) / 2 : period / 2;
  const outer = period + 1 - inner;
  return sma(sma(values, inner, first), outer, first + inner - 1);
}

/** TA-Lib's KAMA smoothing bounds: EMA periods 2 (fastest) and 30 (slowest). */
const KAMA_SLOWEST = 2 / 31;
const KAMA_SPAN = 2 / 3 - KAMA_SLOWEST;

/**
 * Kaufman adaptive moving average: efficiency ER = |x[t] - x[t-N]| / sum(|x[i] - x[i-1]|) over
 * the last N changes (1 when the sum is 0 or not above the signed net change, as TA-Lib does),
 * sc = (ER * (2/3 - 2/31) + 2/31)^2, KAMA[t] = KAMA[t-1] + sc * (x[t] - KAMA[t-1]), started from
 * x[first + N - 1]. Look-back: first + N. Matches TA-Lib KAMA (Kaufman, "Smarter Trading", 1995).
 */
export function kama(values: Float64Array, period: number, first = 0): Float64Array {
  const length = values.length;
  const firstOut = first + period;
  const out = outputArray(length, firstOut);
  if (firstOut >= length) return out;
  let path = 0;
  for (let i = first + 1; i <= firstOut; i++) path += Math.abs(values[i]! - values[i - 1]!);
  let average = values[firstOut - 1]!;
  for (let i = firstOut; i < length; i++) {
    if (i > firstOut) {
      path -= Math.abs(values[i - period]! - values[i - period - 1]!);
      path += Math.abs(values[i]! - values[i - 1]!);
    }
    const change = values[i]! - values[i - period]!;
    const efficiency = path <= change || Math.abs(path) < 1e-14 ? 1 : Math.abs(change / path);
    const smoothing = (efficiency * KAMA_SPAN + KAMA_SLOWEST) ** 2;
    average = (values[i]! - average) * smoothing + average;
    out[i] = average;
  }
  return out;
}

/**
 * Tillson T3: six EMAs in cascade (k = 2 / (N + 1), each seeded with the mean of the first N
 * values of the one before) combined as c1*e6 + c2*e5 + c3*e4 + c4*e3 with a = vFactor,
 * c1 = -a^3, c2 = 3a^2 + 3a^3, c3 = -6a^2 - 3a - 3a^3, c4 = 1 + 3a + a^3 + 3a^2.
 * Look-back: first + 6(N - 1). Matches TA-Lib T3 (Tillson, TASC January 1998).
 */
export function t3(values: Float64Array, period: number, vFactor: number, first = 0): Float64Array {
  const length = values.length;
  const firstOut = first + 6 * (period - 1);
  const out = outputArray(length, firstOut);
  if (firstOut >= length) return out;
  const k = 2 / (period + 1);
  const keep = 1 - k;
  // levels[j] is the (j+1)-th EMA; level j is seeded once the level below has N values.
  const levels = new Float64Array(6);
  let today = first;
  for (let level = 0; level < 6; level++) {
    let seedSum = 0;
    for (let n = 0; n < period; n++) {
      if (level === 0) {
        seedSum += values[today++]!;
        continue;
      }
      if (n > 0) {
        let input = values[today++]!;
        for (let j = 0; j < level; j++) input = levels[j] = k * input + keep * levels[j]!;
      }
      seedSum += levels[level - 1]!;
    }
    levels[level] = seedSum / period;
  }
  const squared = vFactor * vFactor;
  const c1 = -(squared * vFactor);
  const c2 = 3 * (squared - c1);
  const c3 = -6 * squared - 3 * (vFactor - c1);
  const c4 = 1 + 3 * vFactor - c1 + 3 * squared;
  for (let i = today - 1; i < length; i++) {
    if (i >= today) {
      let input = values[i]!;
      for (let j = 0; j < 6; j++) input = levels[j] = k * input + keep * levels[j]!;
    }
    out[i] = c1 * levels[5]! + c2 * levels[4]! + c3 * levels[3]! + c4 * levels[2]!;
  }
  return out;
}
