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

/**
 * Most bars per call of a scan's inner loop, for the scans split in chunks. A scan runs once per
 * pattern request, so V8 optimises its loop while it runs ("on-stack replacement"), and that code
 * keeps the doubles carried from bar to bar (running totals, the prior candle) as tagged values:
 * a heap number allocated per bar and double. A function called once per chunk is optimised as a
 * whole after a few calls, with those doubles unboxed in registers; the chunks pass them on in a
 * small typed array, saved after the loop.
 */
export const SCAN_CHUNK = 4096;

/** Bars in a scan's first chunk, see chunkEnd. */
const FIRST_CHUNK = 64;

/**
 * The end (exclusive) of the chunk starting at bar `start` of a scan from `first` to `length`.
 * Chunks double from FIRST_CHUNK bars up to SCAN_CHUNK: the first calls of a chunk function end
 * quickly, so V8 has seen the code after their loop (the totals saved) before it optimises a
 * long-running loop on stack; code optimised earlier would deoptimise there on every call until
 * the function's whole optimisation is done.
 */
export function chunkEnd(first: number, start: number, length: number): number {
  return Math.min(length, start + Math.min(SCAN_CHUNK, Math.max(FIRST_CHUNK, start - first)));
}
