import { sma } from './moving-averages';
import { cutBefore, outputArray } from './output';
import { rollingExtremes } from './rolling-extremes';

/** TA-Lib treats a denominator inside (-1e-14, 1e-14) as zero (TA_IS_ZERO). */
const EPSILON = 1e-14;

/**
 * Williams %R: (HH(N) - C) / ((HH(N) - LL(N)) / -100), from -100 to 0; 0 when HH == LL.
 * Look-back: N - 1. Matches TA-Lib WILLR.
 */
export function williamsR(
  high: Float64Array,
  low: Float64Array,
  close: Float64Array,
  period: number,
): Float64Array {
  return williamsROf(rollingExtremes(high, period, 1), rollingExtremes(low, period, -1), close, period);
}

/** williamsR from precomputed HH(N) and LL(N) at every bar (rollingExtremes): the same values. */
export function williamsROf(
  highest: Float64Array,
  lowest: Float64Array,
  close: Float64Array,
  period: number,
): Float64Array {
  const out = outputArray(close.length, period - 1);
  for (let i = period - 1; i < close.length; i++) {
    const top = highest[i]!;
    const scale = (top - lowest[i]!) / -100;
    out[i] = scale !== 0 ? (top - close[i]!) / scale : 0;
  }
  return out;
}

/**
 * Wilder's average gain G and loss L of the last N changes, seeded with the means of the first N
 * changes, then G = (G * (N - 1) + gain) / N (same for L); `score(G, L)` is written from bar N.
 * TA-Lib's RSI and CMO share this loop.
 */
function wilderScore(
  values: Float64Array,
  period: number,
  score: (gain: number, loss: number) => number,
): Float64Array {
  const length = values.length;
  const out = outputArray(length, period);
  if (period >= length) return out;
  let gain = 0;
  let loss = 0;
  for (let i = 1; i <= period; i++) {
    const change = values[i]! - values[i - 1]!;
    if (change < 0) loss -= change;
    else gain += change;
  }
  gain /= period;
  loss /= period;
  out[period] = score(gain, loss);
  for (let i = period + 1; i < length; i++) {
    const change = values[i]! - values[i - 1]!;
    gain *= period - 1;
    loss *= period - 1;
    if (change < 0) loss -= change;
    else gain += change;
    gain /= period;
    loss /= period;
    out[i] = score(gain, loss);
  }
  return out;
}

/**
 * Relative strength index, Wilder: RSI = 100 * G / (G + L) over Wilder's average gain and loss
 * (wilderScore), and 0 when G + L is zero (no movement). Look-back: N. Matches TA-Lib RSI for
 * N >= 2 (TA-Lib's range); N = 1 follows the same formula (100 on a rise, 0 on a fall or a flat
 * bar).
 */
export function rsi(values: Float64Array, period: number): Float64Array {
  return wilderScore(values, period, strength);
}

function strength(gain: number, loss: number): number {
  const total = gain + loss;
  return total > -EPSILON && total < EPSILON ? 0 : 100 * (gain / total);
}

/**
 * Chande momentum oscillator: 100 * (G - L) / (G + L) over Wilder's average gain and loss, as
 * TA-Lib computes it (Chande's paper uses plain sums); 0 when G + L is zero. Look-back: N.
 * Matches TA-Lib CMO.
 */
export function chandeMomentum(values: Float64Array, period: number): Float64Array {
  return wilderScore(values, period, (gain, loss) => {
    const total = gain + loss;
    return total > -EPSILON && total < EPSILON ? 0 : 100 * ((gain - loss) / total);
  });
}

export interface Stochastic {
  slowK: Float64Array;
  slowD: Float64Array;
}

/**
 * Slow stochastic: fastK = (C - LL(K)) / ((HH(K) - LL(K)) / 100), 0 when HH == LL;
 * slowK = SMA(fastK, SK); slowD = SMA(slowK, SD). Both lines start together at look-back
 * (K - 1) + (SK - 1) + (SD - 1). Matches TA-Lib STOCH(K, SK, SMA, SD, SMA).
 */
export function stochastic(
  high: Float64Array,
  low: Float64Array,
  close: Float64Array,
  fastKPeriod: number,
  slowKPeriod: number,
  slowDPeriod: number,
): Stochastic {
  return stochasticOf(
    rollingExtremes(high, fastKPeriod, 1),
    rollingExtremes(low, fastKPeriod, -1),
    0,
    close,
    fastKPeriod,
    slowKPeriod,
    slowDPeriod,
  );
}

/**
 * stochastic from precomputed rolling extremes: the same values. `highest` and `lowest` are
 * HH(K) and LL(K) at every bar (rollingExtremes of the highs and the lows) when `shift` is 0;
 * else those of K - shift bars (K - shift >= K / 2), joined at bars i and i - shift into the K-bar
 * extremes as widenExtremes does (joining a value with itself leaves it as it is).
 */
export function stochasticOf(
  highest: Float64Array,
  lowest: Float64Array,
  shift: number,
  close: Float64Array,
  fastKPeriod: number,
  slowKPeriod: number,
  slowDPeriod: number,
): Stochastic {
  // slowK = sma(fastK, SK, K - 1), with fastK made bar by bar and its last SK values kept in a
  // ring instead of an array: the running sum takes the same additions in the same order.
  const length = close.length;
  const first = fastKPeriod - 1;
  const slowKStart = first + slowKPeriod - 1;
  const slowK = outputArray(length, slowKStart);
  const ring = new Float64Array(slowKPeriod);
  let runningSum = 0;
  // fastK of bar i goes to slot (i - first) mod SK; the slot after it holds the oldest of the
  // window, bar i - SK + 1, which leaves the sum once slowK[i] is taken.
  let slot = 0;
  for (let i = first; i < length; i++) {
    const lateHigh = highest[i]!;
    const earlyHigh = highest[i - shift]!;
    const lateLow = lowest[i]!;
    const earlyLow = lowest[i - shift]!;
    const top = lateHigh >= earlyHigh ? lateHigh : earlyHigh;
    const bottom = lateLow <= earlyLow ? lateLow : earlyLow;
    const scale = (top - bottom) / 100;
    const fastK = scale !== 0 ? (close[i]! - bottom) / scale : 0;
    ring[slot] = fastK;
    runningSum += fastK;
    slot = slot + 1 === slowKPeriod ? 0 : slot + 1;
    if (i >= slowKStart) {
      slowK[i] = runningSum / slowKPeriod;
      runningSum -= ring[slot]!;
    }
  }
  const slowD = sma(slowK, slowDPeriod, slowKStart);
  return { slowK: cutBefore(slowK, slowKStart + slowDPeriod - 1), slowD };
}
