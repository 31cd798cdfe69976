/** TA-Lib's price transforms: one value per bar from the bar's own prices (look-back 0). */
import { outputArray } from './output';

/** (O + H + L + C) / 4. Matches TA-Lib AVGPRICE. */
export function averagePrice(open: Float64Array, high: Float64Array, low: Float64Array, close: Float64Array) {
  const out = new Float64Array(close.length);
  for (let i = 0; i < out.length; i++) out[i] = (open[i]! + high[i]! + low[i]! + close[i]!) / 4;
  return out;
}

/** (H + L) / 2. Matches TA-Lib MEDPRICE. */
export function medianPrice(high: Float64Array, low: Float64Array) {
  const out = new Float64Array(high.length);
  for (let i = 0; i < out.length; i++) out[i] = (high[i]! + low[i]!) / 2;
  return out;
}

/** (H + L + C) / 3. Matches TA-Lib TYPPRICE. */
export function typicalPrice(high: Float64Array, low: Float64Array, close: Float64Array) {
  const out = new Float64Array(close.length);
  for (let i = 0; i < out.length; i++) out[i] = (high[i]! + low[i]! + close[i]!) / 3;
  return out;
}

/** (H + L + 2C) / 4. Matches TA-Lib WCLPRICE. */
export function weightedClosePrice(high: Float64Array, low: Float64Array, close: Float64Array) {
  const out = new Float64Array(close.length);
  for (let i = 0; i < out.length; i++) out[i] = (high[i]! + low[i]! + close[i]! * 2) / 4;
  return out;
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
