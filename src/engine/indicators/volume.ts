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
  const shortK = 2 / (shortPeriod + 1);
  const longK = 2 / (longPeriod + 1);
  let accumulation = 0;
  let shortEma = 0;
  let longEma = 0;
  for (let i = 0; i < length; i++) {
    const range = high[i]! - low[i]!;
    if (range > 0) accumulation += ((close[i]! - low[i]! - (high[i]! - close[i]!)) / range) * volume[i]!;
    if (i === 0) {
      shortEma = accumulation;
      longEma = accumulation;
    } else {
      shortEma = shortK * accumulation + (1 - shortK) * shortEma;
      longEma = longK * accumulation + (1 - longK) * longEma;
    }
    if (i >= firstOut) out[i] = shortEma - longEma;
  }
  return out;
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
  let rising = 0;
  let falling = 0;
  let previousTypical = length > 0 ? (high[0]! + low[0]! + close[0]!) / 3 : 0;
  let slot = 0;
  for (let i = 1; i < length; i++) {
    if (++slot === period) slot = 0;
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
  }
  return out;
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
