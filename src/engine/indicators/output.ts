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
