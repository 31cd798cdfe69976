import { chunkEnd } from '../chunks';
import { outputArray } from './output';

/**
 * On-balance volume: OBV[0] = V[0]; OBV[t] = OBV[t-1] + V[t] if C[t] > C[t-1], - V[t] if lower,
 * unchanged if equal. Look-back: 0. Matches TA-Lib OBV.
 */
export function onBalanceVolume(close: Float64Array, volume: Float64Array): Float64Array {
  const length = close.length;
  const out = new Float64Array(length);
  if (length === 0) return out;
  let balance = volume[0]!;
  out[0] = balance;
  for (let i = 1; i < length; i++) {
    // Branch-free: direction is +1, -1 or 0 (balance + 0 * V is exactly the balance).
    const direction = Number(close[i]! > close[i - 1]!) - Number(close[i]! < close[i - 1]!);
    balance += direction * volume[i]!;
    out[i] = balance;
  }
  return out;
}

/**
 * Chaikin oscillator: EMA(AD, short) - EMA(AD, long) over the accumulation/distribution line
 * AD[t] = AD[t-1] + ((C - L) - (H - C)) / (H - L) * V (unchanged when H == L). Both EMAs
 * (k = 2 / (N + 1)) start from AD[0] at bar 0, so the first value is at max(short, long) - 1.
 * Matches TA-Lib ADOSC(short, long).
 */
export function chaikinOscillator(
  high: Float64Array,
  low: Float64Array,
  close: Float64Array,
  volume: Float64Array,
  shortPeriod: number,
  longPeriod: number,
): Float64Array {
  const length = close.length;
  const firstOut = Math.max(shortPeriod, longPeriod) - 1;
  const out = outputArray(length, firstOut);
  if (length === 0) return out;
  let line = 0;
  const range = high[0]! - low[0]!;
  if (range > 0) line += ((close[0]! - low[0]! - (high[0]! - close[0]!)) / range) * volume[0]!;
  // Both EMAs start from the line's first value.
  const state = new Float64Array(CHAIKIN_STATE_SIZE);
  state[LINE] = line;
  state[SHORT_EMA] = line;
  state[LONG_EMA] = line;
  state[SHORT_K] = 2 / (shortPeriod + 1);
  state[LONG_K] = 2 / (longPeriod + 1);
  if (firstOut <= 0) out[0] = state[SHORT_EMA]! - state[LONG_EMA]!;
  for (let from = 1; from < length;) {
    const to = chunkEnd(1, from, length);
    chaikinChunk(high, low, close, volume, firstOut, from, to, state, out);
    from = to;
  }
  return out;
}

// chaikinChunk's state: the A/D line, both EMAs of it and their factors.
const LINE = 0;
const SHORT_EMA = 1;
const LONG_EMA = 2;
const SHORT_K = 3;
const LONG_K = 4;
const CHAIKIN_STATE_SIZE = 5;

/** chaikinOscillator's bars from..to - 1 (from >= 1), from the line and EMAs in `state` (updated). */
function chaikinChunk(
  high: Float64Array,
  low: Float64Array,
  close: Float64Array,
  volume: Float64Array,
  firstOut: number,
  from: number,
  to: number,
  state: Float64Array,
  out: Float64Array,
): void {
  const shortK = state[SHORT_K]!;
  const longK = state[LONG_K]!;
  let accumulation = state[LINE]!;
  let shortEma = state[SHORT_EMA]!;
  let longEma = state[LONG_EMA]!;
  for (let i = from; i < to; i++) {
    const range = high[i]! - low[i]!;
    if (range > 0) accumulation += ((close[i]! - low[i]! - (high[i]! - close[i]!)) / range) * volume[i]!;
    shortEma = shortK * accumulation + (1 - shortK) * shortEma;
    longEma = longK * accumulation + (1 - longK) * longEma;
    if (i >= firstOut) out[i] = shortEma - longEma;
  }
  state[LINE] = accumulation;
  state[SHORT_EMA] = shortEma;
  state[LONG_EMA] = longEma;
}

/**
 * Money flow index: with TP = (H + L + C) / 3 and flow = TP * V, sum the flows of the last N
 * bars whose TP rose (P) and fell (M) against the previous bar; MFI = 100 * P / (P + M), and 0
 * when P + M < 1. Plain N-bar running sums. Look-back: N. Matches TA-Lib MFI for N >= 2 (TA-Lib's
 * range); N = 1 follows the same formula.
 */
export function moneyFlowIndex(
  high: Float64Array,
  low: Float64Array,
  close: Float64Array,
  volume: Float64Array,
  period: number,
): Float64Array {
  const length = close.length;
  const out = outputArray(length, period);
  // The last N bars' flows in a ring (0 on the side that did not move); slot = bar % N.
  const risingFlows = new Float64Array(period);
  const fallingFlows = new Float64Array(period);
  const state = new Float64Array(MFI_STATE_SIZE);
  state[PREVIOUS_TYPICAL] = length > 0 ? (high[0]! + low[0]! + close[0]!) / 3 : 0;
  for (let from = 1; from < length;) {
    const to = chunkEnd(1, from, length);
    moneyFlowChunk(high, low, close, volume, period, from, to, risingFlows, fallingFlows, state, out);
    from = to;
  }
  return out;
}

// moneyFlowChunk's state: the window's rising and falling sums, the previous bar's typical price.
const RISING = 0;
const FALLING = 1;
const PREVIOUS_TYPICAL = 2;
const MFI_STATE_SIZE = 3;

/** moneyFlowIndex's bars from..to - 1 (from >= 1), from the sums and rings (updated). */
function moneyFlowChunk(
  high: Float64Array,
  low: Float64Array,
  close: Float64Array,
  volume: Float64Array,
  period: number,
  from: number,
  to: number,
  risingFlows: Float64Array,
  fallingFlows: Float64Array,
  state: Float64Array,
  out: Float64Array,
): void {
  let rising = state[RISING]!;
  let falling = state[FALLING]!;
  let previousTypical = state[PREVIOUS_TYPICAL]!;
  let slot = from % period;
  for (let i = from; i < to; i++) {
    rising -= risingFlows[slot]!;
    falling -= fallingFlows[slot]!;
    const typical = (high[i]! + low[i]! + close[i]!) / 3;
    const flow = typical * volume[i]!;
    // Branch-free split of the flow (adding 0 leaves a sum exactly as it was).
    const risingFlow = Number(typical > previousTypical) * flow;
    const fallingFlow = Number(typical < previousTypical) * flow;
    risingFlows[slot] = risingFlow;
    fallingFlows[slot] = fallingFlow;
    rising += risingFlow;
    falling += fallingFlow;
    previousTypical = typical;
    if (i >= period) {
      const total = rising + falling;
      out[i] = total < 1 ? 0 : 100 * (rising / total);
    }
    if (++slot === period) slot = 0;
  }
  state[RISING] = rising;
  state[FALLING] = falling;
  state[PREVIOUS_TYPICAL] = previousTypical;
}

/**
 * Chaikin accumulation/distribution line: AD[t] = AD[t-1] + ((C - L) - (H - C)) / (H - L) * V,
 * unchanged when H <= L, from 0 before bar 0. Look-back: 0. Matches TA-Lib AD.
 */
export function accumulationDistribution(
  high: Float64Array,
  low: Float64Array,
  close: Float64Array,
  volume: Float64Array,
): Float64Array {
  const out = new Float64Array(close.length);
  let line = 0;
  for (let i = 0; i < close.length; i++) {
    const range = high[i]! - low[i]!;
    if (range > 0) line += ((close[i]! - low[i]! - (high[i]! - close[i]!)) / range) * volume[i]!;
    out[i] = line;
  }
  return out;
}
