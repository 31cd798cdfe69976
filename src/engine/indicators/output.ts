/**
 * An indicator's output buffer: aligned to the input, NaN before `firstValid` (no value yet).
 * Indices from `firstValid` on are left for the caller to fill.
 */
export function outputArray(length: number, firstValid: number): Float64Array {
  const out = new Float64Array(length);
  out.fill(Number.NaN, 0, Math.min(Math.max(firstValid, 0), length));
  return out;
}

/** Sets every index before `firstValid` to NaN (cuts a line so it starts with another one). */
export function cutBefore(values: Float64Array, firstValid: number): Float64Array {
  values.fill(Number.NaN, 0, Math.min(firstValid, values.length));
  return values;
}

/**
 * Kernels run their main loop chunk by chunk, in a function called once per chunk with the
 * running values handed over in a Float64Array. An indicator is computed once per backtest, and
 * a loop over every bar in one call would run as on-stack-replaced code, in which V8 keeps the
 * running doubles boxed (a heap number per bar), and fall back to that code on later calls when
 * its first optimized code was dropped. The first chunk is short: that call gives feedback on
 * every line of the loop function (the lines after the loop included) before V8 optimizes it.
 */
const FIRST_CHUNK_BARS = 256;
const CHUNK_BARS = 2048;

/** The end of a kernel's chunk from `from`, where `start` is its first chunk's start. */
export function chunkEnd(start: number, from: number, length: number): number {
  return Math.min(from + (from === start ? FIRST_CHUNK_BARS : CHUNK_BARS), length);
}
