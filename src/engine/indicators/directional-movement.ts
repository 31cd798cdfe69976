/**
 * Wilder's directional movement system ("New Concepts in Technical Trading Systems", 1978) as
 * TA-Lib computes it, for periods N >= 2:
 * - +DM = H[t] - H[t-1] when that rise is positive and larger than the fall L[t-1] - L[t], else 0;
 *   -DM = the fall when it is positive and larger than the rise, else 0; TR = true range.
 * - Smoothed +DM, -DM and TR: at bar N - 1 the sums of bars 1..N-1, then S = S - S/N + value.
 * - +DI = 100 * +DM / TR, -DI likewise (0 when TR is 0); DX = 100 * |+DI - -DI| / (+DI + -DI)
 *   (the previous DX when TR or the DI sum is 0, and 0 at the first bar);
 *   ADX = mean of the first N valid DX, then (ADX * (N - 1) + DX) / N; ADXR = (ADX[t] +
 *   ADX[t - N + 1]) / 2.
 * Look-backs: PLUS_DM/MINUS_DM N - 1, PLUS_DI/MINUS_DI/DX N, ADX 2N - 1, ADXR 3N - 2.
 */
import { outputArray } from './output';

const EPSILON = 1e-14;
const isZero = (value: number) => value > -EPSILON && value < EPSILON;

export interface DirectionalMovement {
  plusDM: Float64Array;
  minusDM: Float64Array;
  plusDI: Float64Array;
  minusDI: Float64Array;
  dx: Float64Array;
  adx: Float64Array;
  adxr: Float64Array;
}

/** All lines of the system for period N (>= 2), aligned to the input. */
export function directionalMovement(
  high: Float64Array,
  low: Float64Array,
  close: Float64Array,
  period: number,
): DirectionalMovement {
  const length = close.length;
  const plusDM = outputArray(length, period - 1);
  const minusDM = outputArray(length, period - 1);
  const plusDI = outputArray(length, period);
  const minusDI = outputArray(length, period);
  const dx = outputArray(length, period);
  const adx = outputArray(length, 2 * period - 1);
  const adxr = outputArray(length, 3 * period - 2);
  let smoothPlus = 0;
  let smoothMinus = 0;
  let smoothRange = 0;
  let lastDx = 0;
  let dxSum = 0;
  let average = 0;
  for (let t = 1; t < length; t++) {
    const rise = high[t]! - high[t - 1]!;
    const fall = low[t - 1]! - low[t]!;
    const plus = rise > 0 && rise > fall ? rise : 0;
    const minus = fall > 0 && rise < fall ? fall : 0;
    const previousClose = close[t - 1]!;
    const range = Math.max(
      high[t]! - low[t]!,
      Math.abs(high[t]! - previousClose),
      Math.abs(low[t]! - previousClose),
    );
    if (t < period) {
      smoothPlus += plus;
      smoothMinus += minus;
      smoothRange += range;
    } else {
      smoothPlus = smoothPlus - smoothPlus / period + plus;
      smoothMinus = smoothMinus - smoothMinus / period + minus;
      smoothRange = smoothRange - smoothRange / period + range;
    }
    if (t < period - 1) continue;
    plusDM[t] = smoothPlus;
    minusDM[t] = smoothMinus;
    if (t < period) continue;
    let validDx = Number.NaN;
    if (isZero(smoothRange)) {
      plusDI[t] = 0;
      minusDI[t] = 0;
    } else {
      const up = 100 * (smoothPlus / smoothRange);
      const down = 100 * (smoothMinus / smoothRange);
      plusDI[t] = up;
      minusDI[t] = down;
      if (!isZero(up + down)) validDx = 100 * (Math.abs(down - up) / (down + up));
    }
    if (!Number.isNaN(validDx)) lastDx = validDx;
    dx[t] = lastDx;
    if (t < 2 * period - 1) {
      if (!Number.isNaN(validDx)) dxSum += validDx;
      continue;
    }
    if (t === 2 * period - 1) {
      if (!Number.isNaN(validDx)) dxSum += validDx;
      average = dxSum / period;
    } else if (!Number.isNaN(validDx)) {
      average = (average * (period - 1) + validDx) / period;
    }
    adx[t] = average;
    if (t >= 3 * period - 2) adxr[t] = (average + adx[t - period + 1]!) / 2;
  }
  return { plusDM, minusDM, plusDI, minusDI, dx, adx, adxr };
}
