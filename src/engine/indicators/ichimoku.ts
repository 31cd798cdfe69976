import { chunkEnd } from '../chunks';
import { outputArray } from './output';
import { rollingExtremes } from './rolling-extremes';

/**
 * Ichimoku tenkan-sen / kijun-sen: (HH(N) + LL(N)) / 2 over the last N bars. Look-back: N - 1.
 * Not in TA-Lib by name; same values as TA-Lib MIDPRICE(N).
 */
export function midRange(high: Float64Array, low: Float64Array, period: number): Float64Array {
  return midRangeOf(rollingExtremes(high, period, 1), rollingExtremes(low, period, -1), period);
}

/**
 * Senkou span A, displaced forward: A[t] = (tenkan[t - D] + kijun[t - D]) / 2 with D = the base
 * period, so the value at t uses only bars up to t - D. Look-back: max(conversion, base) - 1 + D.
 * Not in TA-Lib (equals (MIDPRICE(conversion) + MIDPRICE(base)) / 2 shifted D bars).
 */
export function senkouSpanA(
  high: Float64Array,
  low: Float64Array,
  conversionPeriod: number,
  basePeriod: number,
): Float64Array {
  const tenkan = midRange(high, low, conversionPeriod);
  const kijun = conversionPeriod === basePeriod ? tenkan : midRange(high, low, basePeriod);
  return senkouSpanAOf(tenkan, kijun, conversionPeriod, basePeriod);
}

/**
 * Senkou span B, displaced forward: B[t] = (HH(S) + LL(S)) / 2 at bar t - D, with S = the span B
 * period and D = the base period. Look-back: S - 1 + D. Not in TA-Lib (equals MIDPRICE(S)
 * shifted D bars).
 */
export function senkouSpanB(
  high: Float64Array,
  low: Float64Array,
  spanBPeriod: number,
  basePeriod: number,
): Float64Array {
  return senkouSpanBOf(midRange(high, low, spanBPeriod), spanBPeriod, basePeriod);
}

/**
 * midRange from precomputed HH(N) and LL(N) at every bar (rollingExtremes of the highs and the
 * lows): the same values.
 */
export function midRangeOf(highest: Float64Array, lowest: Float64Array, period: number): Float64Array {
  const length = highest.length;
  const out = outputArray(length, period - 1);
  for (let start = period - 1; start < length;) {
    const end = chunkEnd(period - 1, start, length);
    midRangeIn(highest, lowest, start, end, out);
    start = end;
  }
  return out;
}

/** midRangeOf over bars start..end - 1 (chunks.ts). */
function midRangeIn(
  highest: Float64Array,
  lowest: Float64Array,
  start: number,
  end: number,
  out: Float64Array,
) {
  for (let i = start; i < end; i++) out[i] = (highest[i]! + lowest[i]!) / 2;
}

/** senkouSpanA from the tenkan-sen and kijun-sen lines (midRange of each period). */
export function senkouSpanAOf(
  tenkan: Float64Array,
  kijun: Float64Array,
  conversionPeriod: number,
  basePeriod: number,
): Float64Array {
  const firstLines = Math.max(conversionPeriod, basePeriod) - 1;
  const out = outputArray(tenkan.length, firstLines + basePeriod);
  for (let i = firstLines; i + basePeriod < tenkan.length; i++) {
    out[i + basePeriod] = (tenkan[i]! + kijun[i]!) / 2;
  }
  return out;
}

/** senkouSpanB from the unshifted mid-range of the span B period. */
export function senkouSpanBOf(spanB: Float64Array, spanBPeriod: number, basePeriod: number): Float64Array {
  const out = outputArray(spanB.length, spanBPeriod - 1 + basePeriod);
  for (let i = spanBPeriod - 1; i + basePeriod < spanB.length; i++) out[i + basePeriod] = spanB[i]!;
  return out;
}
