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
    const previous = Math.max(i - 1, 1);
    const barHigh = high[i]!;
    const barLow = low[i]!;
    // Highest high and lowest low of this bar and the previous one: the SAR stays outside them.
    const twoBarHigh = Math.max(high[previous]!, barHigh);
    const twoBarLow = Math.min(low[previous]!, barLow);
    if (isLong && barLow <= sar) {
      isLong = false;
      sar = Math.max(extreme, twoBarHigh);
      out[i] = sar;
      factor = acceleration;
      extreme = barLow;
      sar = Math.max(sar + factor * (extreme - sar), twoBarHigh);
    } else if (!isLong && barHigh >= sar) {
      isLong = true;
      sar = Math.min(extreme, twoBarLow);
      out[i] = sar;
      factor = acceleration;
      extreme = barHigh;
      sar = Math.min(sar + factor * (extreme - sar), twoBarLow);
    } else {
      out[i] = sar;
      if (isLong ? barHigh > extreme : barLow < extreme) {
        extreme = isLong ? barHigh : barLow;
        factor = Math.min(factor + acceleration, maximum);
      }
      sar = sar + factor * (extreme - sar);
      sar = isLong ? Math.min(sar, twoBarLow) : Math.max(sar, twoBarHigh);
    }
  }
  return out;
}
