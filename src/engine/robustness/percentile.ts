/** Percentiles of a sample. */

/**
 * The p-th percentile (0..100) of values already sorted ascending, by linear interpolation
 * between the closest ranks: h = (n - 1) p / 100, x[floor h] + (h - floor h)(x[floor h + 1] -
 * x[floor h]). This is definition 7 of Hyndman and Fan, "Sample Quantiles in Statistical
 * Packages", The American Statistician 50(4), 1996 (the default of R, NumPy and Excel's
 * PERCENTILE.INC). NaN for an empty sample.
 */
export function percentileOfSorted(sorted: ArrayLike<number>, p: number): number {
  const count = sorted.length;
  if (count === 0) return Number.NaN;
  const h = ((count - 1) * p) / 100;
  const below = Math.floor(h);
  const above = Math.min(below + 1, count - 1);
  return sorted[below]! + (h - below) * (sorted[above]! - sorted[below]!);
}

/** The 5th, 50th and 95th percentiles (definition above) of a sample, in any order. */
export interface PercentileSummary {
  p5: number;
  p50: number;
  p95: number;
}

export function percentileSummary(values: Float64Array): PercentileSummary {
  const sorted = Float64Array.from(values).sort();
  return {
    p5: percentileOfSorted(sorted, 5),
    p50: percentileOfSorted(sorted, 50),
    p95: percentileOfSorted(sorted, 95),
  };
}
