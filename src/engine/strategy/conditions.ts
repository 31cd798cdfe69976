/**
 * One strategy row evaluated over every bar at once: out[t] = 1 where the row holds at bar t's
 * close, else 0. A NaN operand makes every comparison false, so a row never holds while one of
 * its indicators is still in its look-back.
 */
import type { ComparisonLogic, CrossoverLogic } from '../../shared/backtest-vocabulary';

/**
 * "Equals" holds when |a - b| <= EQUALS_TOLERANCE * max(1, |a|, |b|): within one part in a
 * billion of the larger magnitude, or 1e-9 absolute near zero (so "MACD histogram Equals 0"
 * can hold on a histogram of 1e-13). Exact equality of computed doubles would almost never
 * happen, and the tolerance is far below any price tick.
 */
export const EQUALS_TOLERANCE = 1e-9;

/**
 * A row operand: `values[t - lag]` is its value at bar t. The lag is 0 except opposite an
 * Ichimoku chikou span, which is compared with the other line as it stood `lag` bars back.
 */
export interface Operand {
  values: Float64Array;
  lag: number;
}

/** The Equals tolerance of a and b: EQUALS_TOLERANCE * max(1, |a|, |b|). */
function toleranceOf(a: number, b: number): number {
  return EQUALS_TOLERANCE * Math.max(Math.max(Math.abs(a), Math.abs(b)), 1);
}

/**
 * Every comparison treats two values within the Equals tolerance as equal (DESIGN.md 4), so
 * no decision rests on floating-point noise such as two running sums of the same prices that
 * differ in the 15th digit:
 * - Greater Than: a above b beyond the tolerance; Less Than: below beyond it; Equals: within.
 * - Crosses Above at t: above at t, and below on the last bar before t where the two were not
 *   equal. A touch that returns to the side it came from is no cross; a cross through one or
 *   more equal bars is one cross, on the first bar past the tie. Crosses Below mirrors it.
 *   A NaN bar forgets the side, so the first bar with values never crosses.
 * Bars before both operands exist (their lag) are 0.
 */
export function crossoverRow(left: Operand, logic: CrossoverLogic, right: Operand, out: Uint8Array): void {
  const bars = out.length;
  const a = left.values;
  const b = right.values;
  const aLag = left.lag;
  const bLag = right.lag;
  const first = Math.min(Math.max(aLag, bLag), bars);
  out.fill(0, 0, first);
  // Each logic has its own loop of comparisons written as 0/1 numbers, not branches: which
  // way a comparison goes is data-dependent and unpredictable, a flag costs nothing.
  switch (logic) {
    case 'Greater Than':
      for (let t = first; t < bars; t++) {
        const x = a[t - aLag]!;
        const y = b[t - bLag]!;
        out[t] = +(x - y > toleranceOf(x, y));
      }
      return;
    case 'Less Than':
      for (let t = first; t < bars; t++) {
        const x = a[t - aLag]!;
        const y = b[t - bLag]!;
        out[t] = +(y - x > toleranceOf(x, y));
      }
      return;
    case 'Equals':
      for (let t = first; t < bars; t++) {
        const x = a[t - aLag]!;
        const y = b[t - bLag]!;
        out[t] = +(Math.abs(x - y) <= toleranceOf(x, y));
      }
      return;
    case 'Crosses Above':
    case 'Crosses Below': {
      const sign = logic === 'Crosses Above' ? 1 : -1;
      // 1 when the last bar where the two were not equal had them on the far side (below for
      // Crosses Above); a NaN bar sets it to 0, as if nothing were known.
      let lastOnFarSide = 0;
      for (let t = first; t < bars; t++) {
        const x = a[t - aLag]!;
        const y = b[t - bLag]!;
        const difference = sign * (x - y);
        const tolerance = toleranceOf(x, y);
        const onNearSide = +(difference > tolerance);
        const onFarSide = +(difference < -tolerance);
        out[t] = onNearSide & lastOnFarSide;
        // Not equal (a side, or NaN): this bar becomes the last one that was not a tie.
        const notTied = onNearSide | onFarSide | +(difference !== difference);
        lastOnFarSide = (lastOnFarSide & (notTied ^ 1)) | (onFarSide & notTied);
      }
      return;
    }
  }
}

/** indicator <logic> number on each bar, with the same tolerance as crossover rows. */
export function valueRow(values: Float64Array, logic: ComparisonLogic, level: number, out: Uint8Array): void {
  const bars = out.length;
  switch (logic) {
    case 'Greater Than':
      for (let t = 0; t < bars; t++) {
        const value = values[t]!;
        out[t] = +(value - level > toleranceOf(value, level));
      }
      return;
    case 'Less Than':
      for (let t = 0; t < bars; t++) {
        const value = values[t]!;
        out[t] = +(level - value > toleranceOf(value, level));
      }
      return;
    case 'Equals':
      for (let t = 0; t < bars; t++) {
        const value = values[t]!;
        out[t] = +(Math.abs(value - level) <= toleranceOf(value, level));
      }
      return;
  }
}

/**
 * Which pattern outputs count: 'bullish' (> 0) for a buy, 'bearish' (< 0) for a sell, 'either'
 * (non-zero) for the patterns TA-Lib reports without a direction.
 */
export type PatternDirection = 'bullish' | 'bearish' | 'either';

export function candlestickRow(values: Float64Array, direction: PatternDirection, out: Uint8Array): void {
  const bars = out.length;
  const bullish = +(direction !== 'bearish');
  const bearish = +(direction !== 'bullish');
  for (let t = 0; t < bars; t++) {
    const value = values[t]!;
    out[t] = (bullish & +(value > 0)) | (bearish & +(value < 0));
  }
}
