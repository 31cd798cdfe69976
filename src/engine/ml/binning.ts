/**
 * Histogram binning of the training rows' features (as LightGBM and scikit-learn's
 * HistGradientBoosting do): each feature's values are cut at up to MAX_BINS - 1 edges placed at
 * its quantiles, so a tree searches a few dozen thresholds per feature instead of every
 * distinct value. A value v falls in bin b, the first whose edge satisfies v <= edge[b] (the
 * last bin when none does), so "bin <= b" and "v <= edge[b]" are the same split and a trained
 * tree predicts from raw values.
 */

export const MAX_BINS = 64;

export interface BinnedRows {
  /** Per feature, the bin of each training row (in the order of the rows given). */
  bins: Uint8Array[];
  /** Per feature, the ascending edges between its bins (bins = edges + 1). */
  edges: Float64Array[];
}

/** Index of the first sorted value above `value` (the length when none is). */
function upperBound(sorted: Float64Array, value: number): number {
  let low = 0;
  let high = sorted.length;
  while (low < high) {
    const middle = (low + high) >> 1;
    if (sorted[middle]! <= value) low = middle + 1;
    else high = middle;
  }
  return low;
}

/**
 * Edges at the quantiles k / MAX_BINS: each half-way between the quantile's value and the next
 * larger value, so repeated values (a feature with few distinct values) still get their edges.
 */
function quantileEdges(sorted: Float64Array): Float64Array {
  const edges: number[] = [];
  const count = sorted.length;
  for (let k = 1; k < MAX_BINS; k++) {
    const position = Math.floor((k * count) / MAX_BINS);
    if (position < 1) continue;
    const below = sorted[position - 1]!;
    const next = upperBound(sorted, below);
    if (next >= count) break;
    const edge = below + (sorted[next]! - below) / 2;
    if (edges.length === 0 || edge > edges[edges.length - 1]!) edges.push(edge);
  }
  return Float64Array.from(edges);
}

/** The bin of `value` among `edges` (binary search). */
export function binOf(edges: Float64Array, value: number): number {
  let low = 0;
  let high = edges.length;
  while (low < high) {
    const middle = (low + high) >> 1;
    if (value <= edges[middle]!) high = middle;
    else low = middle + 1;
  }
  return low;
}

/** Cells of the uniform grid binValues looks values up in before any search. */
const GRID_CELLS = 1024;

/**
 * binOf of every value (bins[i] for values[i]), the values spanning [lowest, highest]. A uniform
 * grid over that range answers most values in one step: the grid cell of a value is monotone in
 * it, so a value in cell c lies above every edge of an earlier cell and below every edge of a
 * later one, and only the edges in its own cell are left to search. NaN or infinite values take
 * the binary search for every value.
 */
function binValues(
  edges: Float64Array,
  values: Float64Array,
  lowest: number,
  highest: number,
  bins: Uint8Array,
): void {
  if (edges.length === 0) return;
  if (!Number.isFinite(lowest) || !Number.isFinite(highest) || !(highest > lowest)) {
    for (let i = 0; i < values.length; i++) bins[i] = binOf(edges, values[i]!);
    return;
  }
  const perUnit = GRID_CELLS / (highest - lowest);
  const cellOf = (value: number) =>
    Math.min(GRID_CELLS - 1, Math.max(0, Math.floor((value - lowest) * perUnit)));
  // below[c]: the edges in cells before c; below[c + 1] - below[c]: the edges in cell c.
  const below = new Uint8Array(GRID_CELLS + 1);
  for (const edge of edges) below[cellOf(edge) + 1]!++;
  for (let c = 0; c < GRID_CELLS; c++) below[c + 1]! += below[c]!;
  for (let i = 0; i < values.length; i++) {
    const value = values[i]!;
    const cell = cellOf(value);
    let low = below[cell]!;
    let high = below[cell + 1]!;
    while (low < high) {
      const middle = (low + high) >> 1;
      if (value <= edges[middle]!) high = middle;
      else low = middle + 1;
    }
    bins[i] = low;
  }
}

export function binRows(columns: readonly Float64Array[], rows: Int32Array): BinnedRows {
  const bins: Uint8Array[] = [];
  const edges: Float64Array[] = [];
  const values = new Float64Array(rows.length);
  for (const column of columns) {
    for (let i = 0; i < rows.length; i++) values[i] = column[rows[i]!]!;
    const sorted = values.slice().sort();
    const featureEdges = quantileEdges(sorted);
    const featureBins = new Uint8Array(rows.length);
    binValues(featureEdges, values, sorted[0]!, sorted[sorted.length - 1]!, featureBins);
    bins.push(featureBins);
    edges.push(featureEdges);
  }
  return { bins, edges };
}
