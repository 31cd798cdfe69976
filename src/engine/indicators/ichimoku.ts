import { outputArray } from './output';
import { SlidingExtreme } from './rolling-extremes';

/**
 * Mid-ranges of the last N bars, (HH(N) + LL(N)) / 2, bar by bar: tenkan-sen with N = the
 * conversion period, kijun-sen with N = the base period, and the unshifted senkou span B.
 */
class MidRange {
  private readonly highest: SlidingExtreme;
  private readonly lowest: SlidingExtreme;

  constructor(high: Float64Array, low: Float64Array, period: number) {
    this.highest = new SlidingExtreme(high, period, 1);
    this.lowest = new SlidingExtreme(low, period, -1);
  }

  advance(i: number): number {
    return (this.highest.advance(i) + this.lowest.advance(i)) / 2;
  }
}

/**
 * Ichimoku tenkan-sen / kijun-sen: (HH(N) + LL(N)) / 2 over the last N bars. Look-back: N - 1.
 * Not in TA-Lib by name; same values as TA-Lib MIDPRICE(N).
 */
export function midRange(high: Float64Array, low: Float64Array, period: number): Float64Array {
  const out = outputArray(high.length, period - 1);
  const line = new MidRange(high, low, period);
  for (let i = 0; i < high.length; i++) {
    const value = line.advance(i);
    if (i >= period - 1) out[i] = value;
  }
  return out;
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
  const firstLines = Math.max(conversionPeriod, basePeriod) - 1;
  const out = outputArray(high.length, firstLines + basePeriod);
  const tenkan = new MidRange(high, low, conversionPeriod);
  const kijun = new MidRange(high, low, basePeriod);
  for (let i = 0; i + basePeriod < high.length; i++) {
    const value = (tenkan.advance(i) + kijun.advance(i)) / 2;
    if (i >= firstLines) out[i + basePeriod] = value;
  }
  return out;
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
  const out = outputArray(high.length, spanBPeriod - 1 + basePeriod);
  const spanB = new MidRange(high, low, spanBPeriod);
  for (let i = 0; i + basePeriod < high.length; i++) {
    const value = spanB.advance(i);
    if (i >= spanBPeriod - 1) out[i + basePeriod] = value;
  }
  return out;
}
