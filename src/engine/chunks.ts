/**
 * Hot loops over every bar run chunk by chunk: a function called once per chunk, with what is
 * carried from bar to bar handed from one chunk to the next. A kernel runs once per backtest, so
 * V8 would compile a loop over all bars while it runs (on-stack replacement); that code keeps
 * the doubles carried from bar to bar boxed (a heap number per bar), and once its first regular
 * compilation is dropped V8 keeps re-entering it on every later call. A function called once per
 * chunk is compiled whole after a few calls, with those values in registers.
 */

/** Most bars per chunk. */
export const CHUNK_BARS = 4096;

/** Bars in a loop's first chunk, see chunkEnd. */
const FIRST_CHUNK_BARS = 64;

/**
 * The end (exclusive) of the chunk starting at bar `start` of a loop from `first` to `length`.
 * Chunks double from FIRST_CHUNK_BARS up to CHUNK_BARS: the first calls end quickly, so V8 has
 * seen the code after the loop (what is handed to the next chunk) before it compiles a
 * long-running loop on stack; code compiled earlier would deoptimise there on every call until
 * the function's whole compilation is done.
 */
export function chunkEnd(first: number, start: number, length: number): number {
  return Math.min(length, start + Math.min(CHUNK_BARS, Math.max(FIRST_CHUNK_BARS, start - first)));
}
