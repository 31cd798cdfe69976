/**
 * One strategy row evaluated over every bar at once: it marks out[t] = 1 on every bar t where the
 * row holds at t's close and leaves the other bars as they are, so rows marked into one zeroed
 * buffer combine with OR ('any') in place. A NaN operand makes every comparison false, so a row
 * never holds while one of its indicators is still in its look-back.
 */
import type { ComparisonLogic, CrossoverLogic } from '../../shared/backtest-vocabulary';
import { chunkEnd } from '../chunks';

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
 * Every comparison treats two values within the Equals tolerance as equal (docs/conventions.md#ties-and-crossings), so
 * no decision rests on floating-point noise such as two running sums of the same prices that
 * differ in the 15th digit:
 * - Greater Than: a above b beyond the tolerance; Less Than: below beyond it; Equals: within.
 * - Crosses Above at t: above at t, and below on the last bar before t where the two were not
 *   equal. A touch that returns to the side it came from is no cross; a cross through one or
 *   more equal bars is one cross, on the first bar past the tie. Crosses Below mirrors it.
 *   A NaN bar forgets the side, so the first bar with values never crosses.
 * Bars before both operands exist (their lag) are never marked.
 */
export function crossoverRow(left: Operand, logic: CrossoverLogic, right: Operand, out: Uint8Array): void {
  const bars = out.length;
  const a = left.values;
  const b = right.values;
  const aLag = left.lag;
  const bLag = right.lag;
  const first = Math.min(Math.max(aLag, bLag), bars);
  // The side tests come first and the tolerance only when they pass: it is positive, so a
  // difference beyond it has the right sign; a NaN difference fails every test.
  switch (logic) {
    case 'Greater Than':
      for (let t = first; t < bars; t++) {
        const x = a[t - aLag]!;
        const y = b[t - bLag]!;
        const difference = x - y;
        if (difference > 0 && difference > toleranceOf(x, y)) out[t] = 1;
      }
      return;
    case 'Less Than':
      for (let t = first; t < bars; t++) {
        const x = a[t - aLag]!;
        const y = b[t - bLag]!;
        const difference = y - x;
        if (difference > 0 && difference > toleranceOf(x, y)) out[t] = 1;
      }
      return;
    case 'Equals':
      for (let t = first; t < bars; t++) {
        const x = a[t - aLag]!;
        const y = b[t - bLag]!;
        if (Math.abs(x - y) <= toleranceOf(x, y)) out[t] = 1;
      }
      return;
    case 'Crosses Above':
      markCrosses(a, aLag, b, bLag, first, out);
      return;
    case 'Crosses Below':
      // Crosses Below is b crossing above a: y - x is exactly -(x - y), the tolerance symmetric.
      markCrosses(b, bLag, a, aLag, first, out);
      return;
  }
}

/**
 * Marks the bars from `first` on where a crosses above b. `lastBelow` says whether the last bar
 * where the two were not equal had a below b; a NaN bar clears it, as if nothing were known.
 * The tolerance is only worked out when the side test could change something (above while
 * lastBelow, below while not): two lines keep a side for many bars, so most bars cost one
 * subtraction and two well-predicted branches.
 */
function markCrosses(
  a: Float64Array,
  aLag: number,
  b: Float64Array,
  bLag: number,
  first: number,
  out: Uint8Array,
): void {
  let lastBelow = false;
  for (let start = first; start < out.length;) {
    const end = chunkEnd(first, start, out.length);
    lastBelow = markCrossesIn(a, aLag, b, bLag, start, end, lastBelow, out);
    start = end;
  }
}

/** markCrosses over bars start..end - 1 (chunks.ts): takes lastBelow before, returns it after. */
function markCrossesIn(
  a: Float64Array,
  aLag: number,
  b: Float64Array,
  bLag: number,
  start: number,
  end: number,
  lastBelowBefore: boolean,
  out: Uint8Array,
): boolean {
  let lastBelow = lastBelowBefore;
  for (let t = start; t < end; t++) {
    const x = a[t - aLag]!;
    const y = b[t - bLag]!;
    const difference = x - y;
    if (difference > 0) {
      if (lastBelow && difference > toleranceOf(x, y)) {
        out[t] = 1;
        lastBelow = false;
      }
    } else if (difference < 0) {
      if (!lastBelow && -difference > toleranceOf(x, y)) lastBelow = true;
    } else if (difference !== difference) lastBelow = false;
  }
  return lastBelow;
}

/** Marks the bars where indicator <logic> number, with the same tolerance as crossover rows. */
export function valueRow(values: Float64Array, logic: ComparisonLogic, level: number, out: Uint8Array): void {
  const mark = logic === 'Greater Than' ? markAbove : logic === 'Less Than' ? markBelow : markEqual;
  for (let start = 0; start < out.length;) {
    const end = chunkEnd(0, start, out.length);
    mark(values, level, start, end, out);
    start = end;
  }
}

/** Bars start..end - 1 where the value is above the level beyond the tolerance. */
function markAbove(values: Float64Array, level: number, start: number, end: number, out: Uint8Array): void {
  for (let t = start; t < end; t++) {
    const value = values[t]!;
    const difference = value - level;
    if (difference > 0 && difference > toleranceOf(value, level)) out[t] = 1;
  }
}

/** Bars start..end - 1 where the value is below the level beyond the tolerance. */
function markBelow(values: Float64Array, level: number, start: number, end: number, out: Uint8Array): void {
  for (let t = start; t < end; t++) {
    const value = values[t]!;
    const difference = level - value;
    if (difference > 0 && difference > toleranceOf(value, level)) out[t] = 1;
  }
}

/** Bars start..end - 1 where the value equals the level within the tolerance. */
function markEqual(values: Float64Array, level: number, start: number, end: number, out: Uint8Array): void {
  for (let t = start; t < end; t++) {
    const value = values[t]!;
    if (Math.abs(value - level) <= toleranceOf(value, level)) out[t] = 1;
  }
}

/**
 * Which pattern outputs count: 'bullish' (> 0) for a buy, 'bearish' (< 0) for a sell, 'either'
 * (non-zero) for the patterns TA-Lib reports without a direction.
 */
export type PatternDirection = 'bullish' | 'bearish' | 'either';

/** Marks the bars where the pattern fires in `direction` (NaN, the look-back, never does). */
export function candlestickRow(values: Float64Array, direction: PatternDirection, out: Uint8Array): void {
  const onBullish = direction !== 'bearish';
  const onBearish = direction !== 'bullish';
  for (let start = 0; start < out.length;) {
    const end = chunkEnd(0, start, out.length);
    markPatterns(values, onBullish, onBearish, start, end, out);
    start = end;
  }
}

/** candlestickRow over bars start..end - 1. */
function markPatterns(
  values: Float64Array,
  onBullish: boolean,
  onBearish: boolean,
  start: number,
  end: number,
  out: Uint8Array,
): void {
  // Most bars show no pattern (0): the branches are well predicted.
  for (let t = start; t < end; t++) {
    const value = values[t]!;
    if (value > 0 ? onBullish : value < 0 && onBearish) out[t] = 1;
  }
}
