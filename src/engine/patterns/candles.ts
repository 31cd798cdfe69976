import type { CandleSeries } from '../candles/series';
import { CANDLE_SETTINGS, type CandleSettingName, type RangeType } from './candle-settings';

/**
 * A candle setting's threshold for every candle: `threshold[j]` is what candle j's part is
 * compared with. Shared between patterns: read-only.
 */
export type CandleThreshold = Float64Array;

/**
 * Read-only view of a series with TA-Lib's candle geometry (ta_utility.h: TA_REALBODY,
 * TA_UPPERSHADOW, TA_CANDLECOLOR, TA_REALBODYGAPUP, ...) and its candle averages
 * (TA_CANDLEAVERAGE). One view serves any number of patterns: the rolling averages are computed
 * once and shared.
 *
 * Values are computed with the same double operations in the same order as TA-Lib, so that
 * comparisons on the boundary (a body exactly as long as the average, an average that rounds
 * differently) come out as TA-Lib's do.
 */
export class Candles {
  readonly length: number;
  /**
   * The price columns, read-only. Most scans read them through the methods below; the scans
   * tuned for speed on long series read them straight (e.g. scanHammerChunk), to compute the
   * body's ends without the methods' jumps, which the colour changes from bar to bar mispredict.
   */
  readonly o: Float64Array;
  readonly h: Float64Array;
  readonly l: Float64Array;
  readonly c: Float64Array;
  private readonly averageSeries = new Map<string, Float64Array>();

  constructor(series: CandleSeries) {
    this.o = series.o;
    this.h = series.h;
    this.l = series.l;
    this.c = series.c;
    this.length = Math.min(series.o.length, series.h.length, series.l.length, series.c.length);
  }

  open(i: number): number {
    return this.o[i]!;
  }

  high(i: number): number {
    return this.h[i]!;
  }

  low(i: number): number {
    return this.l[i]!;
  }

  close(i: number): number {
    return this.c[i]!;
  }

  /** |close - open|. */
  body(i: number): number {
    return Math.abs(this.c[i]! - this.o[i]!);
  }

  /** high - low. */
  highLow(i: number): number {
    return this.h[i]! - this.l[i]!;
  }

  /** The higher end of the real body: max(open, close) as TA-Lib's macro computes it. */
  bodyTop(i: number): number {
    const o = this.o[i]!;
    const c = this.c[i]!;
    return o > c ? o : c;
  }

  /** The lower end of the real body: min(open, close) as TA-Lib's macro computes it. */
  bodyBottom(i: number): number {
    const o = this.o[i]!;
    const c = this.c[i]!;
    return o < c ? o : c;
  }

  /** high - the body's top, with TA-Lib's colour test choosing the top (TA_UPPERSHADOW). */
  upperShadow(i: number): number {
    const o = this.o[i]!;
    const c = this.c[i]!;
    return this.h[i]! - (c >= o ? c : o);
  }

  /** The body's bottom - low, with TA-Lib's colour test choosing the bottom (TA_LOWERSHADOW). */
  lowerShadow(i: number): number {
    const o = this.o[i]!;
    const c = this.c[i]!;
    return (c >= o ? o : c) - this.l[i]!;
  }

  /** +1 for a white candle (close >= open, so a flat doji is white), -1 for a black one. */
  color(i: number): 1 | -1 {
    return this.c[i]! >= this.o[i]! ? 1 : -1;
  }

  isWhite(i: number): boolean {
    return this.c[i]! >= this.o[i]!;
  }

  /** Not white (as TA-Lib's colour: anything but close >= open). */
  isBlack(i: number): boolean {
    return !(this.c[i]! >= this.o[i]!);
  }

  /** The real body of `later` lies entirely above the real body of `earlier`. */
  bodyGapUp(later: number, earlier: number): boolean {
    return this.bodyBottom(later) > this.bodyTop(earlier);
  }

  /** The real body of `later` lies entirely below the real body of `earlier`. */
  bodyGapDown(later: number, earlier: number): boolean {
    return this.bodyTop(later) < this.bodyBottom(earlier);
  }

  /** `later`'s low is above `earlier`'s high. */
  gapUp(later: number, earlier: number): boolean {
    return this.l[later]! > this.h[earlier]!;
  }

  /** `later`'s high is below `earlier`'s low. */
  gapDown(later: number, earlier: number): boolean {
    return this.h[later]! < this.l[earlier]!;
  }

  /**
   * TA-Lib's TA_CANDLEAVERAGE for a setting: factor * (sum of the range over the `period` candles
   * before candle j) / period, halved for the Shadows range; with period 0, factor * the range of
   * candle j itself.
   *
   * TA-Lib keeps the sum as a running total (add the newest range, subtract the oldest) started at
   * the first candle the pattern judges with this setting, so the rounding of the sum depends on
   * that start. `firstCandle` is it: the pattern's first bar minus the candle's offset within the
   * pattern (e.g. lookback - 2 for the first of three candles). Totals are cached per
   * start (and shared between settings with the same range type, period and factor).
   */
  average(name: CandleSettingName, firstCandle: number): CandleThreshold {
    const { rangeType, period, factor } = CANDLE_SETTINGS[name];
    // Settings measuring the same range over the same period with the same factor (BodyLong
    // and BodyShort; BodyDoji and ShadowVeryShort) have the same averages: one series for both.
    // A candle's own range (period 0) does not depend on where the pattern starts.
    const key =
      period === 0 ? `${rangeType}|own|${factor}` : `${rangeType}|${period}|${factor}@${firstCandle}`;
    let thresholds = this.averageSeries.get(key);
    if (thresholds === undefined) {
      const prices = { o: this.o, h: this.h, l: this.l, c: this.c };
      thresholds =
        period === 0
          ? ownRangeThresholds(prices, this.length, rangeType, factor)
          : rollingAverages(prices, this.length, rangeType, period, factor, firstCandle);
      this.averageSeries.set(key, thresholds);
    }
    return thresholds;
  }

  /**
   * The total TA_CANDLEAVERAGE starts from for a setting judged from `firstCandle` on: the sum
   * of the ranges of candles firstCandle - period .. firstCandle - 1, added left to right. A
   * scan that reads each threshold once, in order, may roll it itself as `average` does
   * (threshold = factor * (total / period), then total += range(j) - range(j - period)) instead
   * of reading a series-long array.
   */
  averageTotal(name: CandleSettingName, firstCandle: number): number {
    const { rangeType, period } = CANDLE_SETTINGS[name];
    return initialTotal({ o: this.o, h: this.h, l: this.l, c: this.c }, rangeType, period, firstCandle);
  }
}

interface Prices {
  o: Float64Array;
  h: Float64Array;
  l: Float64Array;
  c: Float64Array;
}

/**
 * factor * (the candle's own range) at every candle, halved for the Shadows range, for the
 * settings with period 0 (compared with the candle itself): the same operations as the range
 * series. TA-Lib divides the other ranges by 1, which leaves every double as it is: no division.
 */
function ownRangeThresholds(
  { o, h, l, c }: Prices,
  length: number,
  rangeType: RangeType,
  factor: number,
): Float64Array {
  const thresholds = new Float64Array(length);
  switch (rangeType) {
    case 'RealBody':
      for (let j = 0; j < length; j++) thresholds[j] = factor * Math.abs(c[j]! - o[j]!);
      break;
    case 'HighLow':
      for (let j = 0; j < length; j++) thresholds[j] = factor * (h[j]! - l[j]!);
      break;
    case 'Shadows':
      for (let j = 0; j < length; j++) thresholds[j] = (factor * shadows(o[j]!, h[j]!, l[j]!, c[j]!)) / 2;
      break;
  }
  return thresholds;
}

/**
 * averages[j] = factor * (total / period) for j >= first, halved for the Shadows range (TA-Lib
 * divides the other ranges by 1, which changes no double, so they skip the division). total is
 * the sum of the ranges of candles j - period .. j - 1, accumulated left to right from
 * first - period and then rolled with total += range(j) - range(j - period), exactly as TA-Lib
 * does. O(n) whatever the period. The ranges are computed where they are added (the same
 * operations as TA-Lib's TA_CANDLERANGE and the Candles methods), straight from the price
 * arrays: no array of ranges to allocate and read, and no call per range.
 */
function rollingAverages(
  { o, h, l, c }: Prices,
  length: number,
  rangeType: RangeType,
  period: number,
  factor: number,
  first: number,
): Float64Array {
  const averages = new Float64Array(length).fill(Number.NaN, 0, first);
  let total = initialTotal({ o, h, l, c }, rangeType, period, first);
  switch (rangeType) {
    case 'RealBody':
      for (let j = first; j < length; j++) {
        averages[j] = factor * (total / period);
        const old = j - period;
        total += Math.abs(c[j]! - o[j]!) - Math.abs(c[old]! - o[old]!);
      }
      break;
    case 'HighLow':
      for (let j = first; j < length; j++) {
        averages[j] = factor * (total / period);
        const old = j - period;
        total += h[j]! - l[j]! - (h[old]! - l[old]!);
      }
      break;
    case 'Shadows':
      for (let j = first; j < length; j++) {
        averages[j] = (factor * (total / period)) / 2;
        const old = j - period;
        total += shadows(o[j]!, h[j]!, l[j]!, c[j]!) - shadows(o[old]!, h[old]!, l[old]!, c[old]!);
      }
      break;
  }
  return averages;
}

/** Upper plus lower shadow, each as Candles.upperShadow / lowerShadow computes it. */
function shadows(open: number, high: number, low: number, close: number): number {
  const white = close >= open;
  return high - (white ? close : open) + ((white ? open : close) - low);
}

/** Sum of the ranges of candles first - period .. first - 1, left to right (see averageTotal). */
function initialTotal({ o, h, l, c }: Prices, rangeType: RangeType, period: number, first: number): number {
  if (first < period) throw new RangeError(`candle average starts at ${first}, before ${period} candles`);
  let total = 0;
  for (let j = first - period; j < first; j++) {
    if (rangeType === 'RealBody') total += Math.abs(c[j]! - o[j]!);
    else if (rangeType === 'HighLow') total += h[j]! - l[j]!;
    else total += shadows(o[j]!, h[j]!, l[j]!, c[j]!);
  }
  return total;
}
