import type { Candles } from './candles';

/**
 * Writes TA-Lib's integer (0, +/-100, +/-80, +/-200) into out[i] for every bar i from `first`
 * (the look-back) to the end. Bars before `first` are left alone.
 */
export type PatternScan = (candles: Candles, out: Float64Array, first: number) => void;

export interface PatternDefinition {
  /** TA-Lib's look-back: the index of the first bar that has a value. */
  readonly lookback: number;
  readonly scan: PatternScan;
}

export function definePattern(lookback: number, scan: PatternScan): PatternDefinition {
  return { lookback, scan };
}
