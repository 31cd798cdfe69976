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
  const acceleration = Math.min(step, maximum);
  // `maximum` itself (acceleration <= maximum), but computed: assigning the parameter to
  // `factor` would make V8 keep the factor as a tagged value, a heap number for every update.
  const cap = Math.max(acceleration, maximum);
  const fall = low[0]! - low[1]!;
  let isLong = !(fall > 0 && high[1]! - high[0]! < fall);
  let sar = isLong ? low[0]! : high[0]!;
  let extreme = isLong ? high[1]! : low[1]!;
  let factor = acceleration;
  // On bar 1 the previous bar is bar 1 itself.
  let previousHigh = high[1]!;
  let previousLow = low[1]!;
  // Two-way picks for the choices that go either way about as often (a new extreme, the lower
  // of two lows): `pick[Number(condition)]` after writing both candidates selects the same value
  // as `condition ? b : a`, without a branch the CPU would mispredict on a third of the bars.
  const pickExtreme = new Float64Array(2);
  const pickBound = new Float64Array(2);
  // One loop per trend direction, each running until price crosses the SAR: the direction is
  // then fixed within the loop. The reversal bar is written by the loop it ends.
  let i = 1;
  while (i < length) {
    if (isLong) {
      for (; i < length; i++) {
        const barHigh = high[i]!;
        const barLow = low[i]!;
        const earlierHigh = previousHigh;
        pickBound[0] = barLow;
        pickBound[1] = previousLow;
        const twoBarLow = pickBound[Number(previousLow < barLow)]!;
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
          break;
        }
        out[i] = sar;
        // A new high moves the extreme and grows the factor (factor + 0 * step is the factor).
        const isNewExtreme = Number(barHigh > extreme);
        pickExtreme[0] = extreme;
        pickExtreme[1] = barHigh;
        extreme = pickExtreme[isNewExtreme]!;
        factor = factor + isNewExtreme * acceleration;
        if (factor > cap) factor = cap;
        sar = sar + factor * (extreme - sar);
        if (sar > twoBarLow) sar = twoBarLow;
      }
    } else {
      for (; i < length; i++) {
        const barHigh = high[i]!;
        const barLow = low[i]!;
        const earlierLow = previousLow;
        pickBound[0] = barHigh;
        pickBound[1] = previousHigh;
        const twoBarHigh = pickBound[Number(previousHigh > barHigh)]!;
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
          break;
        }
        out[i] = sar;
        const isNewExtreme = Number(barLow < extreme);
        pickExtreme[0] = extreme;
        pickExtreme[1] = barLow;
        extreme = pickExtreme[isNewExtreme]!;
        factor = factor + isNewExtreme * acceleration;
        if (factor > cap) factor = cap;
        sar = sar + factor * (extreme - sar);
        if (sar < twoBarHigh) sar = twoBarHigh;
      }
    }
    isLong = !isLong;
  }
  return out;
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
