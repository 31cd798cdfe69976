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
 * The value at a position of the values in ascending order, and the smallest value above it
 * (null when there is none).
 */
type OrderStatistic = (position: number) => { below: number; next: number } | null;

/**
 * Edges at the quantiles k / MAX_BINS: each half-way between the quantile's value and the next
 * larger value, so repeated values (a feature with few distinct values) still get their edges.
 */
function quantileEdges(count: number, orderStatistic: OrderStatistic): Float64Array {
  const edges: number[] = [];
  for (let k = 1; k < MAX_BINS; k++) {
    const position = Math.floor((k * count) / MAX_BINS);
    if (position < 1) continue;
    const found = orderStatistic(position - 1);
    if (found === null) break;
    const edge = found.below + (found.next - found.below) / 2;
    if (edges.length === 0 || edge > edges[edges.length - 1]!) edges.push(edge);
  }
  return Float64Array.from(edges);
}

/** Order statistics of values sorted whole. */
function sortedOrderStatistic(sorted: Float64Array): OrderStatistic {
  return (position) => {
    const below = sorted[position]!;
    const next = upperBound(sorted, below);
    return next >= sorted.length ? null : { below, next: sorted[next]! };
  };
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

/** Cells of the uniform grid over a feature's range that binning sorts and searches by. */
const GRID_CELLS = 1024;
/** Below this many rows a feature's values are sorted whole. */
const GRID_FROM_ROWS = 4096;

/**
 * A feature's values, spanning [lowest, highest], and the cell of the uniform grid over that
 * range that each falls in (griddedOrderStatistic fills them in). The cell is monotone in the value, so the cells' counts place every position of the
 * sorted values in one cell, and only the cells holding a wanted position need sorting.
 */
interface GriddedValues {
  values: Float64Array;
  cells: Uint16Array;
  lowest: number;
  highest: number;
}

/**
 * Order statistics at the positions the quantile edges ask for, from the sorted values of the
 * cells that hold them and the least value of each later cell.
 */
function griddedOrderStatistic({ values, cells, lowest, highest }: GriddedValues): OrderStatistic {
  const count = values.length;
  const perUnit = GRID_CELLS / (highest - lowest);
  // start[c]: the values in cells before c; least[c]: the least value in cell c.
  const start = new Int32Array(GRID_CELLS + 1);
  const least = new Float64Array(GRID_CELLS).fill(Number.POSITIVE_INFINITY);
  for (let i = 0; i < count; i++) {
    const cell = Math.min(GRID_CELLS - 1, Math.max(0, Math.floor((values[i]! - lowest) * perUnit)));
    cells[i] = cell;
    start[cell + 1]!++;
    if (values[i]! < least[cell]!) least[cell] = values[i]!;
  }
  for (let c = 0; c < GRID_CELLS; c++) start[c + 1]! += start[c]!;
  const cellAt = (position: number): number => {
    let low = 0;
    let high = GRID_CELLS - 1;
    while (low < high) {
      const middle = (low + high + 1) >> 1;
      if (start[middle]! <= position) low = middle;
      else high = middle - 1;
    }
    return low;
  };
  // The wanted cells' values, cell after cell, each cell's run sorted.
  const bucketAt = new Int32Array(GRID_CELLS).fill(-1);
  let bucketed = 0;
  for (let k = 1; k < MAX_BINS; k++) {
    const position = Math.floor((k * count) / MAX_BINS) - 1;
    if (position < 0) continue;
    const cell = cellAt(position);
    if (bucketAt[cell] !== -1) continue;
    bucketAt[cell] = bucketed;
    bucketed += start[cell + 1]! - start[cell]!;
  }
  const buckets = new Float64Array(bucketed);
  const filled = bucketAt.slice();
  for (let i = 0; i < count; i++) {
    const at = filled[cells[i]!]!;
    if (at === -1) continue;
    buckets[at] = values[i]!;
    filled[cells[i]!] = at + 1;
  }
  for (let c = 0; c < GRID_CELLS; c++) {
    if (bucketAt[c] !== -1) buckets.subarray(bucketAt[c], filled[c]).sort();
  }
  return (position) => {
    const cell = cellAt(position);
    const bucket = buckets.subarray(bucketAt[cell], bucketAt[cell]! + start[cell + 1]! - start[cell]!);
    const below = bucket[position - start[cell]!]!;
    const next = upperBound(bucket, below);
    if (next < bucket.length) return { below, next: bucket[next]! };
    for (let c = cell + 1; c < GRID_CELLS; c++) {
      if (start[c + 1]! > start[c]!) return { below, next: least[c]! };
    }
    return null;
  };
}

/**
 * binOf of every value (bins[i] for values[i]). On the grid, a value in cell c lies above every
 * edge of an earlier cell and below every edge of a later one, so only the edges in its own cell
 * are left to search. Without a grid (NaN or infinite values, or few rows) every value takes the
 * binary search.
 */
function binValues(
  edges: Float64Array,
  values: Float64Array,
  grid: GriddedValues | null,
  bins: Uint8Array,
): void {
  if (edges.length === 0) return;
  if (grid === null) {
    for (let i = 0; i < values.length; i++) bins[i] = binOf(edges, values[i]!);
    return;
  }
  const { cells, lowest, highest } = grid;
  const perUnit = GRID_CELLS / (highest - lowest);
  // below[c]: the edges in cells before c; below[c + 1] - below[c]: the edges in cell c.
  const below = new Uint8Array(GRID_CELLS + 1);
  for (const edge of edges) {
    below[Math.min(GRID_CELLS - 1, Math.max(0, Math.floor((edge - lowest) * perUnit))) + 1]!++;
  }
  for (let c = 0; c < GRID_CELLS; c++) below[c + 1]! += below[c]!;
  for (let i = 0; i < values.length; i++) {
    const value = values[i]!;
    const cell = cells[i]!;
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
  const count = rows.length;
  const bins: Uint8Array[] = [];
  const edges: Float64Array[] = [];
  const values = new Float64Array(count);
  const cells = new Uint16Array(count);
  for (const column of columns) {
    let lowest = Number.POSITIVE_INFINITY;
    let highest = Number.NEGATIVE_INFINITY;
    let finite = true;
    for (let i = 0; i < count; i++) {
      const value = column[rows[i]!]!;
      values[i] = value;
      if (value < lowest) lowest = value;
      if (value > highest) highest = value;
      // Infinite and NaN values alone give NaN here.
      if (value - value !== 0) finite = false;
    }
    const grid =
      finite && count >= GRID_FROM_ROWS && highest > lowest ? { values, cells, lowest, highest } : null;
    let featureEdges: Float64Array;
    if (grid === null) {
      featureEdges = quantileEdges(count, sortedOrderStatistic(values.slice().sort()));
    } else {
      featureEdges = quantileEdges(count, griddedOrderStatistic(grid));
    }
    const featureBins = new Uint8Array(count);
    binValues(featureEdges, values, grid, featureBins);
    bins.push(featureBins);
    edges.push(featureEdges);
  }
  return { bins, edges };
}
