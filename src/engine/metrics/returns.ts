/**
 * Per-bar returns of the equity curve and the risk-adjusted ratios built on them. The risk-free
 * rate is taken as 0 (the usual choice for comparing strategies).
 */

/** Per-bar returns with the sums the ratios take, gathered while the returns are written. */
export interface BarReturns {
  values: Float64Array;
  /** The sum of the returns. */
  sum: number;
  /** The sum of min(r, 0)^2 (the downside below 0). */
  downsideSquares: number;
}

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
): BarReturns {
  const start = Math.max(firstBar, 0);
  const count = Math.max(equity.length - start, 0);
  const values = out ? out.subarray(0, count) : new Float64Array(count);
  const sums = new Float64Array(2);
  writeReturns(equity, start, initialCapital, values, sums);
  return { values, sum: sums[SUM]!, downsideSquares: sums[DOWNSIDE_SQUARES]! };
}

// Where writeReturns leaves its two sums.
const SUM = 0;
const DOWNSIDE_SQUARES = 1;

/**
 * The loop of barReturns, on its own: typed arrays and numbers only, so its optimised code lasts
 * from run to run (drawdown.ts says why).
 */
function writeReturns(
  equity: Float64Array,
  start: number,
  initialCapital: number,
  values: Float64Array,
  sums: Float64Array,
): void {
  let previous = initialCapital;
  let sum = 0;
  let downsideSquares = 0;
  for (let bar = start; bar < equity.length; bar++) {
    const current = equity[bar]!;
    const value = previous > 0 ? current / previous - 1 : 0;
    values[bar - start] = value;
    sum += value;
    // (r - |r|) / 2 is exactly min(r, 0) (r or 0, halving 2r is exact) without a branch that
    // mispredicts on every other bar; a gain adds exactly 0, the same sum as skipping it.
    const downside = (value - Math.abs(value)) * 0.5;
    downsideSquares += downside * downside;
    previous = current;
  }
  sums[SUM] = sum;
  sums[DOWNSIDE_SQUARES] = downsideSquares;
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

/** The Sharpe and Sortino ratios of per-bar returns (one more pass over them). */
export function riskRatios({ values, sum, downsideSquares }: BarReturns, barsPerYear: number): RiskRatios {
  const count = values.length;
  const average = sum / count;
  const deviation = Math.sqrt(squaredDeviations(values, average) / (count - 1));
  const downside = Math.sqrt(downsideSquares / count);
  const annualisation = Math.sqrt(barsPerYear);
  return {
    sharpe: count >= 2 && deviation > 0 ? (average / deviation) * annualisation : null,
    sortino: count > 0 && downside > 0 ? (average / downside) * annualisation : null,
  };
}

/** The sum of (v - average)^2 over `values`, in order. */
function squaredDeviations(values: Float64Array, average: number): number {
  let squares = 0;
  for (let i = 0; i < values.length; i++) squares += (values[i]! - average) ** 2;
  return squares;
}
