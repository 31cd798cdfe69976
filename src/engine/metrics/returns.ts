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

export interface RiskRatios {
  /**
   * Sharpe = mean(r) / std(r) * sqrt(barsPerYear), std with n - 1 (sample). null with fewer
   * than two returns or when the returns do not vary.
   */
  sharpe: number | null;
  /**
   * Sortino = mean(r) / sqrt(mean(min(r, 0)^2)) * sqrt(barsPerYear): the downside deviation
   * below 0 over all bars. null without returns or without a losing bar.
   */
  sortino: number | null;
}

/** The Sharpe and Sortino ratios of per-bar returns (two passes over them). */
export function riskRatios(returns: Float64Array, barsPerYear: number): RiskRatios {
  const count = returns.length;
  let sum = 0;
  let downsideSquares = 0;
  for (let i = 0; i < count; i++) {
    const value = returns[i]!;
    sum += value;
    // (r - |r|) / 2 is exactly min(r, 0) (r or 0, halving 2r is exact) without a branch that
    // mispredicts on every other bar; a gain adds exactly 0, the same sum as skipping it.
    const downside = (value - Math.abs(value)) * 0.5;
    downsideSquares += downside * downside;
  }
  const average = sum / count;
  let squares = 0;
  for (let i = 0; i < count; i++) squares += (returns[i]! - average) ** 2;
  const deviation = Math.sqrt(squares / (count - 1));
  const downside = Math.sqrt(downsideSquares / count);
  const annualisation = Math.sqrt(barsPerYear);
  return {
    sharpe: count >= 2 && deviation > 0 ? (average / deviation) * annualisation : null,
    sortino: count > 0 && downside > 0 ? (average / downside) * annualisation : null,
  };
}
