/**
 * Thins aligned series to at most `maxPoints` rows by min/max per bucket: the rows are cut into
 * equal buckets and each bucket keeps its first row and, for every series, the row of its
 * lowest and of its highest value. Every extreme survives, so a chart of the thinned curve
 * bottoms exactly where the full one does (the headline max drawdown is the chart's lowest
 * point), which an every-k-th-row sample cannot promise.
 */
export function thinRowsKeepingExtremes(
  series: readonly ArrayLike<number>[],
  firstRow: number,
  endRow: number,
  maxPoints: number,
): number[] {
  const rows: number[] = [];
  const count = endRow - firstRow;
  if (count <= 0) return rows;
  if (count <= maxPoints) {
    for (let row = firstRow; row < endRow; row++) rows.push(row);
    return rows;
  }
  // A bucket keeps at most 1 + 2 per series rows, and the last row is added once more.
  const perBucket = 1 + 2 * series.length;
  const buckets = Math.max(1, Math.floor((maxPoints - 1) / perBucket));
  const size = Math.ceil(count / buckets);
  for (let start = firstRow; start < endRow; start += size) {
    const end = Math.min(start + size, endRow);
    const kept = new Set([start]);
    for (const values of series) {
      let lowest = start;
      let highest = start;
      for (let row = start + 1; row < end; row++) {
        if (values[row]! < values[lowest]!) lowest = row;
        if (values[row]! > values[highest]!) highest = row;
      }
      kept.add(lowest).add(highest);
    }
    rows.push(...[...kept].sort((a, b) => a - b));
  }
  if (rows[rows.length - 1] !== endRow - 1) rows.push(endRow - 1);
  return rows;
}
