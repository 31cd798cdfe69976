import { sma } from './moving-averages';
import { chunkEnd } from '../chunks';
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
 * changes, then G = (G * (N - 1) + gain) / N (same for L); from bar N the score is written:
 * RSI's 100 * G / (G + L) (`isRsi`) or CMO's 100 * (G - L) / (G + L), 0 when G + L is zero.
 * TA-Lib's RSI and CMO share this loop.
 */
function wilderScore(values: Float64Array, period: number, isRsi: boolean): Float64Array {
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
  // [G, L, 0, change, 0]: the averages, then the pick of wilderChunk.
  const state = new Float64Array(5);
  state[0] = gain / period;
  state[1] = loss / period;
  out[period] = wilderScoreOf(state[0], state[1], isRsi, EPSILON);
  for (let from = period + 1; from < length;) {
    const to = chunkEnd(period + 1, from, length);
    wilderChunk(values, period, isRsi, from, to, state, out);
    from = to;
  }
  return out;
}

/** The score of the averages G and L (0 when G + L is within `epsilon` of zero). */
function wilderScoreOf(gain: number, loss: number, isRsi: boolean, epsilon: number): number {
  const total = gain + loss;
  if (total > -epsilon && total < epsilon) return 0;
  return isRsi ? 100 * (gain / total) : 100 * ((gain - loss) / total);
}

/**
 * wilderScore's bars from..to - 1, from the averages in `state` (updated). Each change goes to
 * the gain or the loss by a pick instead of a branch (the sign of a change is a coin toss the
 * CPU would mispredict half the time); the other side takes a 0, which leaves it exactly as it
 * was (G and L are never -0).
 */
function wilderChunk(
  values: Float64Array,
  period: number,
  isRsi: boolean,
  from: number,
  to: number,
  state: Float64Array,
  out: Float64Array,
): void {
  const epsilon = EPSILON;
  const keep = period - 1;
  let gain = state[0]!;
  let loss = state[1]!;
  for (let i = from; i < to; i++) {
    const change = values[i]! - values[i - 1]!;
    const isFall = Number(change < 0);
    // state[2..4] = [0, change, 0]: the gain's share at 3 + isFall, the loss's at 2 + isFall.
    state[3] = change;
    gain = (gain * keep + state[3 + isFall]!) / period;
    loss = (loss * keep - state[2 + isFall]!) / period;
    out[i] = wilderScoreOf(gain, loss, isRsi, epsilon);
  }
  state[0] = gain;
  state[1] = loss;
}

/**
 * Relative strength index, Wilder: RSI = 100 * G / (G + L) over Wilder's average gain and loss
 * (wilderScore), and 0 when G + L is zero (no movement). Look-back: N. Matches TA-Lib RSI for
 * N >= 2 (TA-Lib's range); N = 1 follows the same formula (100 on a rise, 0 on a fall or a flat
 * bar).
 */
export function rsi(values: Float64Array, period: number): Float64Array {
  return wilderScore(values, period, true);
}

/**
 * Chande momentum oscillator: 100 * (G - L) / (G + L) over Wilder's average gain and loss, as
 * TA-Lib computes it (Chande's paper uses plain sums); 0 when G + L is zero. Look-back: N.
 * Matches TA-Lib CMO.
 */
export function chandeMomentum(values: Float64Array, period: number): Float64Array {
  return wilderScore(values, period, false);
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
  const length = close.length;
  const first = fastKPeriod - 1;
  const slowKStart = first + slowKPeriod - 1;
  const slowK = outputArray(length, slowKStart);
  const ring = new Float64Array(slowKPeriod);
  const runningSum = new Float64Array(1);
  for (let from = first; from < length;) {
    const to = chunkEnd(first, from, length);
    slowKChunk(highest, lowest, close, shift, fastKPeriod, slowKPeriod, from, to, ring, runningSum, slowK);
    from = to;
  }
  const slowD = sma(slowK, slowDPeriod, slowKStart);
  return { slowK: cutBefore(slowK, slowKStart + slowDPeriod - 1), slowD };
}

/**
 * stochasticOf's slowK at bars from..to - 1: slowK = sma(fastK, SK, K - 1), with fastK made bar
 * by bar and its last SK values kept in `ring` (fastK of bar i in slot (i - K + 1) mod SK)
 * instead of an array: the running sum (runningSum[0], updated) takes the same additions in the
 * same order as sma's.
 */
function slowKChunk(
  highest: Float64Array,
  lowest: Float64Array,
  close: Float64Array,
  shift: number,
  fastKPeriod: number,
  slowKPeriod: number,
  from: number,
  to: number,
  ring: Float64Array,
  runningSum: Float64Array,
  slowK: Float64Array,
): void {
  const slowKStart = fastKPeriod + slowKPeriod - 2;
  let sum = runningSum[0]!;
  let slot = (from - fastKPeriod + 1) % slowKPeriod;
  for (let i = from; i < to; i++) {
    const lateHigh = highest[i]!;
    const earlyHigh = highest[i - shift]!;
    const lateLow = lowest[i]!;
    const earlyLow = lowest[i - shift]!;
    const top = lateHigh >= earlyHigh ? lateHigh : earlyHigh;
    const bottom = lateLow <= earlyLow ? lateLow : earlyLow;
    const scale = (top - bottom) / 100;
    const fastK = scale !== 0 ? (close[i]! - bottom) / scale : 0;
    ring[slot] = fastK;
    sum += fastK;
    // The slot after this bar's holds bar i - SK + 1, which leaves the sum once slowK[i] is taken.
    slot = slot + 1 === slowKPeriod ? 0 : slot + 1;
    if (i >= slowKStart) {
      slowK[i] = sum / slowKPeriod;
      sum -= ring[slot]!;
    }
  }
  runningSum[0] = sum;
}
