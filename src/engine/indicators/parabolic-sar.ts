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
  const fall = low[0]! - low[1]!;
  let isLong = !(fall > 0 && high[1]! - high[0]! < fall);
  let sar = isLong ? low[0]! : high[0]!;
  let extreme = isLong ? high[1]! : low[1]!;
  let factor = acceleration;
  for (let i = 1; i < length; i++) {
    const previous = i > 1 ? i - 1 : 1;
    const barHigh = high[i]!;
    const barLow = low[i]!;
    // Highest high and lowest low of this bar and the previous one: the SAR stays outside them.
    // Plain comparisons, as TA-Lib's max / min macros (and cheaper than Math.max / Math.min).
    const previousHigh = high[previous]!;
    const previousLow = low[previous]!;
    const twoBarHigh = previousHigh > barHigh ? previousHigh : barHigh;
    const twoBarLow = previousLow < barLow ? previousLow : barLow;
    if (isLong && barLow <= sar) {
      isLong = false;
      sar = extreme > twoBarHigh ? extreme : twoBarHigh;
      out[i] = sar;
      factor = acceleration;
      extreme = barLow;
      sar = sar + factor * (extreme - sar);
      if (sar < twoBarHigh) sar = twoBarHigh;
    } else if (!isLong && barHigh >= sar) {
      isLong = true;
      sar = extreme < twoBarLow ? extreme : twoBarLow;
      out[i] = sar;
      factor = acceleration;
      extreme = barHigh;
      sar = sar + factor * (extreme - sar);
      if (sar > twoBarLow) sar = twoBarLow;
    } else {
      out[i] = sar;
      if (isLong ? barHigh > extreme : barLow < extreme) {
        extreme = isLong ? barHigh : barLow;
        factor = factor + acceleration;
        if (factor > maximum) factor = maximum;
      }
      sar = sar + factor * (extreme - sar);
      if (isLong ? sar > twoBarLow : sar < twoBarHigh) sar = isLong ? twoBarLow : twoBarHigh;
    }
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
