/**
 * TA-Lib's overlap studies not covered elsewhere (SMA/EMA/WMA/DEMA/TEMA/TRIMA/KAMA/T3:
 * moving-averages.ts, MAMA and HT_TRENDLINE: hilbert-cycle.ts, SAR/SAREXT: parabolic-sar.ts,
 * MIDPRICE: ichimoku.ts).
 */
import { bollingerBand } from './bands';
import { dominantCyclePeriod } from './hilbert-cycle';
import { MA_TYPE, maLookback, movingAverage, movingAverageFrom } from './ma-types';
import { sma } from './moving-averages';
import { outputArray } from './output';
import { rollingExtremes } from './rolling-extremes';
import { standardDeviation } from './statistic-functions';

export interface Bands {
  upper: Float64Array;
  middle: Float64Array;
  lower: Float64Array;
}

/**
 * Bollinger bands (Bollinger, 1983): middle = MA(N, type), upper = middle + Dup * sigma, lower =
 * middle - Ddown * sigma, sigma = population standard deviation of the last N values.
 * Look-back: maLookback(N, type). Matches TA-Lib BBANDS.
 */
export function bollingerBands(
  values: Float64Array,
  period: number,
  deviationsUp: number,
  deviationsDown: number,
  type: number,
): Bands {
  if (type === MA_TYPE.SMA) {
    // The SMA case in one fused pass per band (bands.ts), as the builder's Bollinger lines.
    return {
      upper: bollingerBand(values, period, deviationsUp),
      middle: bollingerBand(values, period, 0),
      lower: bollingerBand(values, period, -deviationsDown),
    };
  }
  const first = maLookback(period, type);
  const middle = movingAverage(values, period, type);
  const sigma = standardDeviation(values, period, 1, Math.max(0, first - (period - 1)));
  const upper = outputArray(values.length, first);
  const lower = outputArray(values.length, first);
  for (let i = first; i < values.length; i++) {
    upper[i] = middle[i]! + deviationsUp * sigma[i]!;
    lower[i] = middle[i]! - deviationsDown * sigma[i]!;
  }
  return { upper, middle, lower };
}

/** (highest + lowest) / 2 of the last N values. Look-back: N - 1. Matches TA-Lib MIDPOINT. */
export function midpoint(values: Float64Array, period: number): Float64Array {
  const highest = rollingExtremes(values, period, 1);
  const lowest = rollingExtremes(values, period, -1);
  const out = outputArray(values.length, period - 1);
  for (let i = period - 1; i < values.length; i++) out[i] = (highest[i]! + lowest[i]!) / 2;
  return out;
}

/**
 * Acceleration bands (Headley, "Big Trends in Trading", 2002): with w = 4 (H - L) / (H + L)
 * (0 when H + L is 0), upper = SMA(H (1 + w)), middle = SMA(C), lower = SMA(L (1 - w)).
 * Look-back: N - 1. Matches TA-Lib ACCBANDS.
 */
export function accelerationBands(
  high: Float64Array,
  low: Float64Array,
  close: Float64Array,
  period: number,
): Bands {
  const widenedHigh = new Float64Array(close.length);
  const widenedLow = new Float64Array(close.length);
  for (let i = 0; i < close.length; i++) {
    const sum = high[i]! + low[i]!;
    if (sum > -1e-14 && sum < 1e-14) {
      widenedHigh[i] = high[i]!;
      widenedLow[i] = low[i]!;
    } else {
      const width = (4 * (high[i]! - low[i]!)) / sum;
      widenedHigh[i] = high[i]! * (1 + width);
      widenedLow[i] = low[i]! * (1 - width);
    }
  }
  return { upper: sma(widenedHigh, period), middle: sma(close, period), lower: sma(widenedLow, period) };
}

/**
 * Moving average with a variable period: at bar t, MA(p[t], type)[t] with p[t] the bar's
 * dominant cycle period (HT_DCPERIOD) truncated to a whole number and kept within
 * [minPeriod, maxPeriod] (the minimum where the cycle period is not known yet, before bar 32).
 * Every average is started where TA-Lib starts MAVP, at maLookback(maxPeriod, type).
 * Look-back: maLookback(maxPeriod, type). Equals TA-Lib MAVP given inPeriods = HT_DCPERIOD of
 * the same prices with 0 before its first value.
 */
export function variablePeriodAverage(
  values: Float64Array,
  minPeriod: number,
  maxPeriod: number,
  type: number,
) {
  const start = maLookback(maxPeriod, type);
  const out = outputArray(values.length, start);
  const periods = cyclePeriods(values, minPeriod, maxPeriod);
  const averages = new Map<number, Float64Array>();
  for (let i = start; i < values.length; i++) {
    const period = periods[i]!;
    let average = averages.get(period);
    if (!average) {
      average = movingAverageFrom(values, period, type, start);
      averages.set(period, average);
    }
    out[i] = average[i]!;
  }
  return out;
}

/** The whole-bar period MAVP uses at each bar (see variablePeriodAverage). */
function cyclePeriods(values: Float64Array, minPeriod: number, maxPeriod: number): Int32Array {
  const cycle = dominantCyclePeriod(values);
  const periods = new Int32Array(values.length);
  for (let i = 0; i < values.length; i++) {
    const whole = Number.isNaN(cycle[i]!) ? 0 : Math.trunc(cycle[i]!);
    // TA-Lib's order of the two limits (it matters only when min > max).
    periods[i] = whole < minPeriod ? minPeriod : whole > maxPeriod ? maxPeriod : whole;
  }
  return periods;
}
