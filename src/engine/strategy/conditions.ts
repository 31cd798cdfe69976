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
 * Greater Than / Less Than / Equals on the bar's levels; Crosses Above / Below on the bar where
 * the order flips. Bars before both operands exist (their lag) are 0.
 * The loops write +(comparison) (0 or 1) rather than branching: which way a comparison goes is
 * data-dependent and unpredictable, and V8 turns +(a > b) into a flag, not a jump.
 */
export function crossoverRow(left: Operand, logic: CrossoverLogic, right: Operand, out: Uint8Array): void {
  const bars = out.length;
  const a = left.values;
  const b = right.values;
  const aLag = left.lag;
  const bLag = right.lag;
  const first = Math.min(Math.max(aLag, bLag), bars);
  out.fill(0, 0, first);
  switch (logic) {
    case 'Greater Than':
      for (let t = first; t < bars; t++) out[t] = +(a[t - aLag]! > b[t - bLag]!);
      return;
    case 'Less Than':
      for (let t = first; t < bars; t++) out[t] = +(a[t - aLag]! < b[t - bLag]!);
      return;
    case 'Equals':
      for (let t = first; t < bars; t++) out[t] = +nearlyEqual(a[t - aLag]!, b[t - bLag]!);
      return;
    case 'Crosses Above':
    case 'Crosses Below': {
      // Above at t and not above at t - 1 (touching counts as not above), as TradingView's
      // ta.crossover; Below mirrors it. The first bar has no previous bar: never a cross.
      const sign = logic === 'Crosses Above' ? 1 : -1;
      if (first < bars) out[first] = 0;
      let previous = sign * (a[first - aLag]! - b[first - bLag]!);
      for (let t = first + 1; t < bars; t++) {
        const current = sign * (a[t - aLag]! - b[t - bLag]!);
        out[t] = +(current > 0) & +(previous <= 0);
        previous = current;
      }
      return;
    }
  }
}

/** indicator <logic> number on each bar. */
export function valueRow(values: Float64Array, logic: ComparisonLogic, level: number, out: Uint8Array): void {
  const bars = out.length;
  switch (logic) {
    case 'Greater Than':
      for (let t = 0; t < bars; t++) out[t] = +(values[t]! > level);
      return;
    case 'Less Than':
      for (let t = 0; t < bars; t++) out[t] = +(values[t]! < level);
      return;
    case 'Equals':
      for (let t = 0; t < bars; t++) out[t] = +nearlyEqual(values[t]!, level);
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

function nearlyEqual(a: number, b: number): boolean {
  return Math.abs(a - b) <= EQUALS_TOLERANCE * Math.max(1, Math.abs(a), Math.abs(b));
}
