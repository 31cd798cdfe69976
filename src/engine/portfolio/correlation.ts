/** Pearson correlation of return series. */

/** Per-period simple returns of a value series: r[i] = v[i] / v[i-1] - 1, for i >= 1. */
export function periodReturns(values: Float64Array): Float64Array {
  const returns = new Float64Array(Math.max(values.length - 1, 0));
  for (let i = 1; i < values.length; i++) returns[i - 1] = values[i]! / values[i - 1]! - 1;
  return returns;
}

/**
 * The correlation matrix of equally long series: entry [a][b] = cov(a, b) / (sd(a) sd(b)).
 * A series that never moves has no correlation with anything (null), not even with itself.
 */
export function correlationMatrix(series: readonly Float64Array[]): (number | null)[][] {
  const centred = series.map((values) => {
    let sum = 0;
    for (const value of values) sum += value;
    const mean = values.length > 0 ? sum / values.length : 0;
    const deviations = values.map((value) => value - mean);
    let squares = 0;
    for (const deviation of deviations) squares += deviation * deviation;
    return { deviations, norm: Math.sqrt(squares) };
  });
  return centred.map((a, i) =>
    centred.map((b, j) => {
      if (!(a.norm > 0) || !(b.norm > 0)) return null;
      if (i === j) return 1;
      let products = 0;
      for (let k = 0; k < a.deviations.length; k++) products += a.deviations[k]! * b.deviations[k]!;
      // Clamped: rounding can put a perfect correlation a hair outside [-1, 1].
      return Math.max(-1, Math.min(1, products / (a.norm * b.norm)));
    }),
  );
}
