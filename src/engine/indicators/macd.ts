import { chunkEnd } from '../chunks';
import { outputArray } from './output';

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
 *
 * The three EMAs run side by side in one pass (each with ema's seed and update, in ema's
 * order, so the same bits as three ema calls): their recurrences overlap instead of queueing.
 */
export function macd(
  values: Float64Array,
  fastPeriod: number,
  slowPeriod: number,
  signalPeriod: number,
): Macd {
  const fast = Math.min(fastPeriod, slowPeriod);
  const slow = Math.max(fastPeriod, slowPeriod);
  const length = values.length;
  const firstOut = slow - 1 + signalPeriod - 1;
  const out: Macd = {
    macd: outputArray(length, firstOut),
    signal: outputArray(length, firstOut),
    histogram: outputArray(length, firstOut),
  };
  if (firstOut >= length) return out;
  const state = new Float64Array(MACD_STATE_SIZE);
  state[FAST] = seedAverage(values, slow - fast, fast);
  state[SLOW] = seedAverage(values, 0, slow);
  state[FAST_K] = 2 / (fast + 1);
  state[SLOW_K] = 2 / (slow + 1);
  state[SIGNAL_K] = 2 / (signalPeriod + 1);
  seedSignal(values, slow - 1, signalPeriod, state);
  macdLines(values, firstOut, state, out);
  return out;
}

// Slots of the running state handed between the passes: a Float64Array keeps the doubles
// unboxed, where an object's fields or returned pairs could box them.
const FAST = 0;
const SLOW = 1;
const SIGNAL = 2;
const FAST_K = 3;
const SLOW_K = 4;
const SIGNAL_K = 5;
const MACD_STATE_SIZE = 6;

/** The mean of values[first .. first + period - 1], summed from 0 as ema's seed. */
function seedAverage(values: Float64Array, first: number, period: number): number {
  let sum = 0;
  for (let i = first; i < first + period; i++) sum += values[i]!;
  return sum / period;
}

/**
 * Runs the fast and slow EMAs (seeded at `start`) to bar start + signalPeriod - 1 and seeds the
 * signal there with the mean of the line's first signalPeriod values.
 */
function seedSignal(values: Float64Array, start: number, signalPeriod: number, state: Float64Array): void {
  const fastK = state[FAST_K]!;
  const slowK = state[SLOW_K]!;
  let fastAverage = state[FAST]!;
  let slowAverage = state[SLOW]!;
  let lineSum = 0;
  lineSum += fastAverage - slowAverage;
  for (let i = start + 1; i < start + signalPeriod; i++) {
    fastAverage = (values[i]! - fastAverage) * fastK + fastAverage;
    slowAverage = (values[i]! - slowAverage) * slowK + slowAverage;
    lineSum += fastAverage - slowAverage;
  }
  state[FAST] = fastAverage;
  state[SLOW] = slowAverage;
  state[SIGNAL] = lineSum / signalPeriod;
}

/** Writes the three lines at `firstOut`, where the seeded state stands, then from there on. */
function macdLines(values: Float64Array, firstOut: number, state: Float64Array, out: Macd): void {
  const line = state[FAST]! - state[SLOW]!;
  out.macd[firstOut] = line;
  out.signal[firstOut] = state[SIGNAL]!;
  out.histogram[firstOut] = line - state[SIGNAL]!;
  for (let from = firstOut + 1; from < values.length;) {
    const to = chunkEnd(firstOut + 1, from, values.length);
    macdChunk(values, from, to, state, out);
    from = to;
  }
}

/** Bars from..to - 1 of the three lines, from the running EMAs in `state` (updated). */
function macdChunk(values: Float64Array, from: number, to: number, state: Float64Array, out: Macd): void {
  const { macd: lines, signal: signals, histogram } = out;
  const fastK = state[FAST_K]!;
  const slowK = state[SLOW_K]!;
  const signalK = state[SIGNAL_K]!;
  let fastAverage = state[FAST]!;
  let slowAverage = state[SLOW]!;
  let signal = state[SIGNAL]!;
  for (let i = from; i < to; i++) {
    const value = values[i]!;
    fastAverage = (value - fastAverage) * fastK + fastAverage;
    slowAverage = (value - slowAverage) * slowK + slowAverage;
    const line = fastAverage - slowAverage;
    signal = (line - signal) * signalK + signal;
    lines[i] = line;
    signals[i] = signal;
    histogram[i] = line - signal;
  }
  state[FAST] = fastAverage;
  state[SLOW] = slowAverage;
  state[SIGNAL] = signal;
}
