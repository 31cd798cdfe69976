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

/**
 * The Equals tolerance of a and b: EQUALS_TOLERANCE * max(1, |a|, |b|). With a NaN operand it
 * is some finite number, not NaN: every comparison with a - b (NaN) is false either way, and
 * plain comparisons cost less than Math.max's NaN and -0 rules.
 */
function toleranceOf(a: number, b: number): number {
  const absA = Math.abs(a);
  const absB = Math.abs(b);
  const larger = absA > absB ? absA : absB;
  return EQUALS_TOLERANCE * (larger > 1 ? larger : 1);
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
  // The side tests come first and the tolerance only when they pass: it is positive, so a
  // difference beyond it has the right sign; a NaN difference fails every test.
  switch (logic) {
    case 'Greater Than':
      for (let t = first; t < bars; t++) {
        const x = a[t - aLag]!;
        const y = b[t - bLag]!;
        const difference = x - y;
        out[t] = difference > 0 && difference > toleranceOf(x, y) ? 1 : 0;
      }
      return;
    case 'Less Than':
      for (let t = first; t < bars; t++) {
        const x = a[t - aLag]!;
        const y = b[t - bLag]!;
        const difference = y - x;
        out[t] = difference > 0 && difference > toleranceOf(x, y) ? 1 : 0;
      }
      return;
    case 'Equals':
      for (let t = first; t < bars; t++) {
        const x = a[t - aLag]!;
        const y = b[t - bLag]!;
        out[t] = Math.abs(x - y) <= toleranceOf(x, y) ? 1 : 0;
      }
      return;
    case 'Crosses Above':
    case 'Crosses Below': {
      const sign = logic === 'Crosses Above' ? 1 : -1;
      out.fill(0, first, bars);
      // Whether the last bar where the two were not equal had them on the far side (below for
      // Crosses Above); a NaN bar clears it, as if nothing were known. Two lines keep a side
      // for many bars, so these branches are well predicted.
      let lastOnFarSide = false;
      for (let t = first; t < bars; t++) {
        const x = a[t - aLag]!;
        const y = b[t - bLag]!;
        const difference = sign * (x - y);
        const tolerance = toleranceOf(x, y);
        if (difference > tolerance) {
          if (lastOnFarSide) {
            out[t] = 1;
            lastOnFarSide = false;
          }
        } else if (difference < -tolerance) lastOnFarSide = true;
        else if (difference !== difference) lastOnFarSide = false;
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
        const difference = value - level;
        out[t] = difference > 0 && difference > toleranceOf(value, level) ? 1 : 0;
      }
      return;
    case 'Less Than':
      for (let t = 0; t < bars; t++) {
        const value = values[t]!;
        const difference = level - value;
        out[t] = difference > 0 && difference > toleranceOf(value, level) ? 1 : 0;
      }
      return;
    case 'Equals':
      for (let t = 0; t < bars; t++) {
        const value = values[t]!;
        out[t] = Math.abs(value - level) <= toleranceOf(value, level) ? 1 : 0;
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
  const bullish = direction !== 'bearish' ? 1 : 0;
  const bearish = direction !== 'bullish' ? 1 : 0;
  // Most bars show no pattern (0): the branches are well predicted.
  for (let t = 0; t < bars; t++) {
    const value = values[t]!;
    out[t] = value > 0 ? bullish : value < 0 ? bearish : 0;
  }
}
