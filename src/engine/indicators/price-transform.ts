/** TA-Lib's price transforms: one value per bar from the bar's own prices (look-back 0). */
import { outputArray } from './output';

/** (O + H + L + C) / 4. Matches TA-Lib AVGPRICE. */
export function averagePrice(open: Float64Array, high: Float64Array, low: Float64Array, close: Float64Array) {
  return close.map((c, i) => (open[i]! + high[i]! + low[i]! + c) / 4);
}

/** (H + L) / 2. Matches TA-Lib MEDPRICE. */
export function medianPrice(high: Float64Array, low: Float64Array) {
  return high.map((h, i) => (h + low[i]!) / 2);
}

/** (H + L + C) / 3. Matches TA-Lib TYPPRICE. */
export function typicalPrice(high: Float64Array, low: Float64Array, close: Float64Array) {
  return close.map((c, i) => (high[i]! + low[i]! + c) / 3);
}

/** (H + L + 2C) / 4. Matches TA-Lib WCLPRICE. */
export function weightedClosePrice(high: Float64Array, low: Float64Array, close: Float64Array) {
  return close.map((c, i) => (high[i]! + low[i]! + c * 2) / 4);
}

/**
 * Average absolute deviation from the mean over the last N values: sum(|x - mean|) / N.
 * Look-back: N - 1. Matches TA-Lib AVGDEV.
 */
export function averageDeviation(values: Float64Array, period: number): Float64Array {
  const out = outputArray(values.length, period - 1);
  for (let t = period - 1; t < values.length; t++) {
    let sum = 0;
    for (let i = 0; i < period; i++) sum += values[t - i]!;
    let deviation = 0;
    for (let i = 0; i < period; i++) deviation += Math.abs(values[t - i]! - sum / period);
    out[t] = deviation / period;
  }
  return out;
}
