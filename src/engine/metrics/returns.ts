/**
 * Per-bar returns of the equity curve and the risk-adjusted ratios built on them. The risk-free
 * rate is taken as 0 (the usual choice for comparing strategies).
 */

/**
 * r[k] = E[k] / E[k-1] - 1 for each bar k from `firstBar` on, with E[firstBar - 1] = the
 * initial capital. A bar after the equity has reached 0 or below returns 0 (a ratio to a
 * non-positive equity means nothing, and nothing trades after it). Written into the start of
 * `out` when given (a sweep reuses one buffer for all its runs).
 */
export function barReturns(
  equity: Float64Array,
  firstBar: number,
  initialCapital: number,
  out?: Float64Array,
): Float64Array {
  const start = Math.max(firstBar, 0);
  const count = Math.max(equity.length - start, 0);
  const returns = out ? out.subarray(0, count) : new Float64Array(count);
  let previous = initialCapital;
  for (let bar = start; bar < equity.length; bar++) {
    const current = equity[bar]!;
    returns[bar - start] = previous > 0 ? current / previous - 1 : 0;
    previous = current;
  }
  return returns;
}

function mean(values: Float64Array): number {
  let sum = 0;
  for (let i = 0; i < values.length; i++) sum += values[i]!;
  return sum / values.length;
}

/**
 * Sharpe = mean(r) / std(r) * sqrt(barsPerYear), std with n - 1 (sample). null with fewer than
 * two returns or when the returns do not vary.
 */
export function sharpeRatio(returns: Float64Array, barsPerYear: number): number | null {
  if (returns.length < 2) return null;
  const average = mean(returns);
  let squares = 0;
  for (let i = 0; i < returns.length; i++) squares += (returns[i]! - average) ** 2;
  const deviation = Math.sqrt(squares / (returns.length - 1));
  return deviation > 0 ? (average / deviation) * Math.sqrt(barsPerYear) : null;
}

/**
 * Sortino = mean(r) / sqrt(mean(min(r, 0)^2)) * sqrt(barsPerYear): the downside deviation
 * below 0 over all bars. null without returns or without a losing bar.
 */
export function sortinoRatio(returns: Float64Array, barsPerYear: number): number | null {
  if (returns.length === 0) return null;
  let downsideSquares = 0;
  // min(r, 0) adds exactly 0 for a gain: the same sum as skipping it, without a branch that
  // mispredicts on every other bar.
  for (let i = 0; i < returns.length; i++) {
    const downside = Math.min(returns[i]!, 0);
    downsideSquares += downside * downside;
  }
  const downside = Math.sqrt(downsideSquares / returns.length);
  return downside > 0 ? (mean(returns) / downside) * Math.sqrt(barsPerYear) : null;
}
