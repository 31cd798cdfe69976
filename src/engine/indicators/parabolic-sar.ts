import { chunkEnd } from '../chunks';
import { outputArray } from './output';

/**
 * Parabolic SAR (Wilder) with acceleration step `step` and cap `maximum`:
 * SAR[t+1] = SAR[t] + AF * (EP - SAR[t]), EP = extreme price of the current trend, AF grows by
 * `step` at each new extreme up to `maximum`; the SAR may not enter the last two bars' range,
 * and when price crosses it the trend flips, the SAR jumps to the EP and AF resets.
 * Start rules (TA-Lib's): bar 1 opens short if its low fell by more than its high rose (a
 * positive minus-DM), long otherwise; the first SAR is bar 0's low (long) or high (short), the
 * first EP bar 1's high (long) or low (short), and on bar 1 the "previous bar" is bar 1 itself.
 * Look-back: 1. Matches TA-Lib SAR(step, maximum).
 */
export function parabolicSar(
  high: Float64Array,
  low: Float64Array,
  step = 0.02,
  maximum = 0.2,
): Float64Array {
  const length = high.length;
  const out = outputArray(length, 1);
  if (length < 2) return out;
  const fall = low[0]! - low[1]!;
  const isLong = !(fall > 0 && high[1]! - high[0]! < fall);
  const state = new Float64Array(SAR_STATE_SIZE);
  state[IS_LONG] = Number(isLong);
  state[SAR] = isLong ? low[0]! : high[0]!;
  state[EXTREME] = isLong ? high[1]! : low[1]!;
  state[ACCELERATION] = Math.min(step, maximum);
  state[FACTOR] = state[ACCELERATION];
  state[CAP] = maximum;
  // On bar 1 the previous bar is bar 1 itself.
  state[PREVIOUS_HIGH] = high[1]!;
  state[PREVIOUS_LOW] = low[1]!;
  for (let from = 1; from < length;) {
    const to = chunkEnd(1, from, length);
    sarChunk(high, low, from, to, state, out);
    from = to;
  }
  return out;
}

// sarChunk's state: the trend (1 long, 0 short), SAR, extreme price, factor and its step and
// cap, the previous bar's high and low.
const IS_LONG = 0;
const SAR = 1;
const EXTREME = 2;
const FACTOR = 3;
const ACCELERATION = 4;
const CAP = 5;
const PREVIOUS_HIGH = 6;
const PREVIOUS_LOW = 7;
const SAR_STATE_SIZE = 8;

/** The factor after a bar: grown by the step up to the cap if the bar made a new extreme (1). */
function grownFactor(
  factor: number,
  isNewExtreme: number,
  acceleration: number,
  cap: number,
  pick: Float64Array,
): number {
  let grown = factor + acceleration;
  if (grown > cap) grown = cap;
  pick[4] = factor;
  pick[5] = grown;
  return pick[4 + isNewExtreme]!;
}

/**
 * parabolicSar's bars from..to - 1, from the trend in `state` (updated). One loop per trend
 * direction, each running until price crosses the SAR, so the direction is fixed within a loop;
 * the reversal bar is written by the loop it ends. The choices that go either way about as often
 * (a new extreme, the wider of two bars' lows or highs) are picks, `pick[Number(condition)]`
 * after writing both candidates: the same value as `condition ? b : a`, without a branch the
 * CPU would mispredict on a third of the bars.
 */
function sarChunk(
  high: Float64Array,
  low: Float64Array,
  from: number,
  to: number,
  state: Float64Array,
  out: Float64Array,
): void {
  const acceleration = state[ACCELERATION]!;
  const cap = state[CAP]!;
  let isLong = state[IS_LONG] === 1;
  let sar = state[SAR]!;
  let extreme = state[EXTREME]!;
  let factor = state[FACTOR]!;
  let previousHigh = state[PREVIOUS_HIGH]!;
  let previousLow = state[PREVIOUS_LOW]!;
  // Pairs for the picks: [0, 1] the extreme, [2, 3] the two-bar bound, [4, 5] the factor.
  const pick = new Float64Array(6);
  let i = from;
  while (i < to) {
    if (isLong) {
      for (; i < to; i++) {
        const barHigh = high[i]!;
        const barLow = low[i]!;
        const earlierHigh = previousHigh;
        pick[2] = barLow;
        pick[3] = previousLow;
        const twoBarLow = pick[2 + Number(previousLow < barLow)]!;
        previousHigh = barHigh;
        previousLow = barLow;
        if (barLow <= sar) {
          const twoBarHigh = earlierHigh > barHigh ? earlierHigh : barHigh;
          sar = extreme > twoBarHigh ? extreme : twoBarHigh;
          out[i++] = sar;
          factor = acceleration;
          extreme = barLow;
          sar = sar + factor * (extreme - sar);
          if (sar < twoBarHigh) sar = twoBarHigh;
          isLong = false;
          break;
        }
        out[i] = sar;
        // A new high moves the extreme and grows the factor.
        const isNewExtreme = Number(barHigh > extreme);
        pick[0] = extreme;
        pick[1] = barHigh;
        extreme = pick[isNewExtreme]!;
        factor = grownFactor(factor, isNewExtreme, acceleration, cap, pick);
        sar = sar + factor * (extreme - sar);
        if (sar > twoBarLow) sar = twoBarLow;
      }
    } else {
      for (; i < to; i++) {
        const barHigh = high[i]!;
        const barLow = low[i]!;
        const earlierLow = previousLow;
        pick[2] = barHigh;
        pick[3] = previousHigh;
        const twoBarHigh = pick[2 + Number(previousHigh > barHigh)]!;
        previousHigh = barHigh;
        previousLow = barLow;
        if (barHigh >= sar) {
          const twoBarLow = earlierLow < barLow ? earlierLow : barLow;
          sar = extreme < twoBarLow ? extreme : twoBarLow;
          out[i++] = sar;
          factor = acceleration;
          extreme = barHigh;
          sar = sar + factor * (extreme - sar);
          if (sar > twoBarLow) sar = twoBarLow;
          isLong = true;
          break;
        }
        out[i] = sar;
        const isNewExtreme = Number(barLow < extreme);
        pick[0] = extreme;
        pick[1] = barLow;
        extreme = pick[isNewExtreme]!;
        factor = grownFactor(factor, isNewExtreme, acceleration, cap, pick);
        sar = sar + factor * (extreme - sar);
        if (sar < twoBarHigh) sar = twoBarHigh;
      }
    }
  }
  state[IS_LONG] = Number(isLong);
  state[SAR] = sar;
  state[EXTREME] = extreme;
  state[FACTOR] = factor;
  state[PREVIOUS_HIGH] = previousHigh;
  state[PREVIOUS_LOW] = previousLow;
}

export interface SarExtendedOptions {
  /** 0: direction from the first two bars (as SAR); > 0: start long at this SAR; < 0: short at |value|. */
  startValue: number;
  /** Fraction the SAR moves away from the extreme on a reversal (0: none). */
  offsetOnReverse: number;
  initialLong: number;
  stepLong: number;
  maximumLong: number;
  initialShort: number;
  stepShort: number;
  maximumShort: number;
}

/**
 * Parabolic SAR with separate acceleration settings for long and short trends, an optional
 * start value and an offset on reversal; positive while long, negative (-SAR) while short.
 * Same rules as parabolicSar otherwise (start direction, the last two bars' range, reversal to
 * the extreme price). Look-back: 1. Matches TA-Lib SAREXT.
 */
export function parabolicSarExtended(high: Float64Array, low: Float64Array, options: SarExtendedOptions) {
  const length = high.length;
  const out = outputArray(length, 1);
  if (length < 2) return out;
  const maximumLong = options.maximumLong;
  const maximumShort = options.maximumShort;
  const initialLong = Math.min(options.initialLong, maximumLong);
  const initialShort = Math.min(options.initialShort, maximumShort);
  const stepLong = Math.min(options.stepLong, maximumLong);
  const stepShort = Math.min(options.stepShort, maximumShort);
  const { startValue, offsetOnReverse } = options;
  const fall = low[0]! - low[1]!;
  let isLong = startValue === 0 ? !(fall > 0 && high[1]! - high[0]! < fall) : startValue > 0;
  let extreme = isLong ? high[1]! : low[1]!;
  let sar = startValue === 0 ? (isLong ? low[0]! : high[0]!) : Math.abs(startValue);
  let factorLong = initialLong;
  let factorShort = initialShort;
  for (let i = 1; i < length; i++) {
    const previous = Math.max(i - 1, 1);
    const barHigh = high[i]!;
    const barLow = low[i]!;
    const twoBarHigh = Math.max(high[previous]!, barHigh);
    const twoBarLow = Math.min(low[previous]!, barLow);
    if (isLong) {
      if (barLow <= sar) {
        isLong = false;
        sar = Math.max(extreme, twoBarHigh);
        if (offsetOnReverse !== 0) sar += sar * offsetOnReverse;
        out[i] = -sar;
        factorShort = initialShort;
        extreme = barLow;
        sar = Math.max(sar + factorShort * (extreme - sar), twoBarHigh);
      } else {
        out[i] = sar;
        if (barHigh > extreme) {
          extreme = barHigh;
          factorLong = Math.min(factorLong + stepLong, maximumLong);
        }
        sar = Math.min(sar + factorLong * (extreme - sar), twoBarLow);
      }
    } else if (barHigh >= sar) {
      isLong = true;
      sar = Math.min(extreme, twoBarLow);
      if (offsetOnReverse !== 0) sar -= sar * offsetOnReverse;
      out[i] = sar;
      factorLong = initialLong;
      extreme = barHigh;
      sar = Math.min(sar + factorLong * (extreme - sar), twoBarLow);
    } else {
      out[i] = -sar;
      if (barLow < extreme) {
        extreme = barLow;
        factorShort = Math.min(factorShort + stepShort, maximumShort);
      }
      sar = Math.max(sar + factorShort * (extreme - sar), twoBarHigh);
    }
  }
  return out;
}
