/**
 * TA-Lib's statistic functions over the last N values. Sums are kept as TA-Lib keeps them
 * (running sums added to before they are read, the leaving value taken off after), so the
 * values agree to rounding.
 */
import { outputArray } from './output';

const EPSILON = 1e-14;

/**
 * Population variance: mean(x^2) - mean(x)^2 over the last N values (TA-Lib keeps its tiny
 * negative rounding). Look-back: first + N - 1. Matches TA-Lib VAR. The running sums start at
 * `first` (BBANDS asks TA-Lib's STDDEV for values from its average's first bar only, and the
 * sums' rounding depends on where they start).
 */
export function variance(values: Float64Array, period: number, first = 0): Float64Array {
  const length = values.length;
  const out = outputArray(length, first + period - 1);
  let sum = 0;
  let sumOfSquares = 0;
  for (let i = first; i < Math.min(first + period - 1, length); i++) {
    sum += values[i]!;
    sumOfSquares += values[i]! * values[i]!;
  }
  for (let i = first + period - 1; i < length; i++) {
    const incoming = values[i]!;
    sum += incoming;
    sumOfSquares += incoming * incoming;
    const mean = sum / period;
    const meanOfSquares = sumOfSquares / period;
    const leaving = values[i - period + 1]!;
    sum -= leaving;
    sumOfSquares -= leaving * leaving;
    out[i] = meanOfSquares - mean * mean;
  }
  return out;
}

/**
 * Standard deviation times `deviations`: sqrt(VAR) * D, 0 when VAR < 1e-14. Look-back:
 * first + N - 1. Matches TA-Lib STDDEV.
 */
export function standardDeviation(values: Float64Array, period: number, deviations: number, first = 0) {
  const out = variance(values, period, first);
  for (let i = first + period - 1; i < values.length; i++) {
    const value = out[i]!;
    out[i] = value < EPSILON ? 0 : Math.sqrt(value) * deviations;
  }
  return out;
}

export type RegressionLine =
  'LINEARREG' | 'LINEARREG_SLOPE' | 'LINEARREG_INTERCEPT' | 'LINEARREG_ANGLE' | 'TSF';

/**
 * Least-squares line through the last N values (x = 0 for the oldest .. N - 1 for the newest):
 * slope m, intercept b at the oldest bar; LINEARREG = b + m (N - 1) (the line's value at the
 * bar), TSF = b + m N (one bar ahead), LINEARREG_ANGLE = atan(m) in degrees. Look-back: N - 1.
 * Matches TA-Lib LINEARREG, LINEARREG_SLOPE, LINEARREG_INTERCEPT, LINEARREG_ANGLE and TSF.
 */
export function linearRegression(values: Float64Array, period: number, line: RegressionLine): Float64Array {
  const out = outputArray(values.length, period - 1);
  // TA-Lib's sums count x in bars ago (its divisor has the opposite sign, so m is per bar forward).
  const sumX = period * (period - 1) * 0.5;
  const sumXSquared = (period * (period - 1) * (2 * period - 1)) / 6;
  const divisor = sumX * sumX - period * sumXSquared;
  for (let t = period - 1; t < values.length; t++) {
    let sumXY = 0;
    let sumY = 0;
    for (let barsAgo = period - 1; barsAgo >= 0; barsAgo--) {
      const value = values[t - barsAgo]!;
      sumY += value;
      sumXY += barsAgo * value;
    }
    const slope = (period * sumXY - sumX * sumY) / divisor;
    const intercept = (sumY - slope * sumX) / period;
    if (line === 'LINEARREG') out[t] = intercept + slope * (period - 1);
    else if (line === 'LINEARREG_SLOPE') out[t] = slope;
    else if (line === 'LINEARREG_INTERCEPT') out[t] = intercept;
    else if (line === 'LINEARREG_ANGLE') out[t] = Math.atan(slope) * (180 / Math.PI);
    else out[t] = intercept + slope * period;
  }
  return out;
}

/**
 * Pearson correlation of x and y over the last N bars: (Sxy - Sx Sy / N) / sqrt((Sxx - Sx^2 / N)
 * (Syy - Sy^2 / N)), 0 when that product is below 1e-14. Look-back: N - 1. Matches TA-Lib CORREL.
 */
export function correlation(x: Float64Array, y: Float64Array, period: number): Float64Array {
  const length = x.length;
  const out = outputArray(length, period - 1);
  let sumX = 0;
  let sumX2 = 0;
  let sumY = 0;
  let sumY2 = 0;
  let sumXY = 0;
  for (let t = 0; t < length; t++) {
    if (t >= period) {
      const oldX = x[t - period]!;
      const oldY = y[t - period]!;
      sumX -= oldX;
      sumX2 -= oldX * oldX;
      sumXY -= oldX * oldY;
      sumY -= oldY;
      sumY2 -= oldY * oldY;
    }
    const a = x[t]!;
    const b = y[t]!;
    sumX += a;
    sumX2 += a * a;
    sumXY += a * b;
    sumY += b;
    sumY2 += b * b;
    if (t < period - 1) continue;
    const spread = (sumX2 - (sumX * sumX) / period) * (sumY2 - (sumY * sumY) / period);
    out[t] = spread < EPSILON ? 0 : (sumXY - (sumX * sumY) / period) / Math.sqrt(spread);
  }
  return out;
}

/**
 * Beta of y's returns on x's returns over the last N returns (N + 1 prices): the regression
 * slope (N Sxy - Sx Sy) / (N Sxx - Sx^2) of the one-bar returns r = (p[t] - p[t-1]) / p[t-1]
 * (0 when p[t-1] is 0); 0 when the divisor is 0. Look-back: N. Matches TA-Lib BETA.
 */
export function beta(x: Float64Array, y: Float64Array, period: number): Float64Array {
  const length = x.length;
  const out = outputArray(length, period);
  const returns = (p: Float64Array, t: number) => {
    const previous = p[t - 1]!;
    return previous > -EPSILON && previous < EPSILON ? 0 : (p[t]! - previous) / previous;
  };
  let sxx = 0;
  let sxy = 0;
  let sx = 0;
  let sy = 0;
  for (let t = 1; t < length; t++) {
    const rx = returns(x, t);
    const ry = returns(y, t);
    sxx += rx * rx;
    sxy += rx * ry;
    sx += rx;
    sy += ry;
    if (t < period) continue;
    const divisor = period * sxx - sx * sx;
    out[t] = divisor > -EPSILON && divisor < EPSILON ? 0 : (period * sxy - sx * sy) / divisor;
    const ox = returns(x, t - period + 1);
    const oy = returns(y, t - period + 1);
    sxx -= ox * ox;
    sxy -= ox * oy;
    sx -= ox;
    sy -= oy;
  }
  return out;
}
