/**
 * Drawdowns of an equity curve, measured from the running peak (which starts at the initial capital).
 *
 * Each loop over the bars is a function of its own that takes only typed arrays and numbers and
 * returns a number (or writes into a typed array): called once per run on a million bars, such
 * a function keeps its optimised code from run to run, where a loop inside a function that also
 * reads objects or builds the result tends to be thrown back to the interpreter on each run.
 */

/** The fall of `value` below `peak` in percent of the peak. */
const drawdownPct = (peak: number, value: number) => ((peak - value) / peak) * 100;

/**
 * Drawdown at each bar's close in percent of the running peak, as a positive number:
 * (peak - E) / peak * 100. NaN before `firstBar`. Written into `out` when given (as long as
 * `equity`; a sweep reuses one buffer for all its runs).
 */
export function drawdownCurve(
  equity: Float64Array,
  firstBar: number,
  initialCapital: number,
  out?: Float64Array,
): Float64Array {
  return drawdownCurveAndExtremes(equity, firstBar, initialCapital, out).curve;
}

/** drawdownCurve and its drawdownExtremes, found in the same pass over the bars. */
export function drawdownCurveAndExtremes(
  equity: Float64Array,
  firstBar: number,
  initialCapital: number,
  out?: Float64Array,
): { curve: Float64Array; extremes: DrawdownExtremes } {
  const start = Math.max(firstBar, 0);
  const curve = out ?? new Float64Array(equity.length);
  curve.fill(Number.NaN, 0, start);
  const extremes = new Float64Array(2);
  writeDrawdowns(equity, start, initialCapital, curve, extremes);
  return { curve, extremes: { maxPct: extremes[MAX_PCT]!, longestBars: extremes[LONGEST_BARS]! } };
}

function writeDrawdowns(
  equity: Float64Array,
  start: number,
  initialCapital: number,
  drawdown: Float64Array,
  extremes: Float64Array,
): void {
  let peak = initialCapital;
  let maxPct = 0;
  let longestBars = 0;
  let current = 0;
  for (let bar = start; bar < equity.length; bar++) {
    const value = equity[bar]!;
    if (value > peak) peak = value;
    const pct = drawdownPct(peak, value);
    drawdown[bar] = pct;
    // As curveExtremes below, on the value just written.
    if (pct > maxPct) maxPct = pct;
    current = pct > 0 ? current + 1 : 0;
    if (current > longestBars) longestBars = current;
  }
  extremes[MAX_PCT] = maxPct;
  extremes[LONGEST_BARS] = longestBars;
}

export interface DrawdownExtremes {
  /** The largest drawdown in percent (0 when equity never fell below its peak). */
  maxPct: number;
  /**
   * The longest run of consecutive bars whose close is below the running peak, in bars: from
   * the first bar under water to the last one before equity is back at its peak (or the end
   * of data).
   */
  longestBars: number;
}

// Where the extremes' loops leave their two results.
const MAX_PCT = 0;
const LONGEST_BARS = 1;

/** The deepest and the longest drawdown of a drawdown curve from `firstBar` on, in one pass. */
export function drawdownExtremes(drawdown: Float64Array, firstBar: number): DrawdownExtremes {
  const extremes = new Float64Array(2);
  curveExtremes(drawdown, Math.max(firstBar, 0), extremes);
  return { maxPct: extremes[MAX_PCT]!, longestBars: extremes[LONGEST_BARS]! };
}

function curveExtremes(drawdown: Float64Array, start: number, extremes: Float64Array): void {
  let maxPct = 0;
  let longestBars = 0;
  let current = 0;
  for (let bar = start; bar < drawdown.length; bar++) {
    const value = drawdown[bar]!;
    if (value > maxPct) maxPct = value;
    current = value > 0 ? current + 1 : 0;
    if (current > longestBars) longestBars = current;
  }
  extremes[MAX_PCT] = maxPct;
  extremes[LONGEST_BARS] = longestBars;
}

/** drawdownExtremes of drawdownCurve(equity, firstBar, initialCapital), without making the curve. */
export function equityDrawdownExtremes(
  equity: Float64Array,
  firstBar: number,
  initialCapital: number,
): DrawdownExtremes {
  const extremes = new Float64Array(2);
  equityExtremes(equity, Math.max(firstBar, 0), initialCapital, extremes);
  return { maxPct: extremes[MAX_PCT]!, longestBars: extremes[LONGEST_BARS]! };
}

function equityExtremes(
  equity: Float64Array,
  start: number,
  initialCapital: number,
  extremes: Float64Array,
): void {
  let peak = initialCapital;
  let maxPct = 0;
  let longestBars = 0;
  let current = 0;
  for (let bar = start; bar < equity.length; bar++) {
    const value = equity[bar]!;
    if (value > peak) peak = value;
    const drawdown = drawdownPct(peak, value);
    if (drawdown > maxPct) maxPct = drawdown;
    // As 0/1 numbers, not branches: whether a bar is under water is unpredictable.
    current = (current + 1) * +(drawdown > 0);
    longestBars = Math.max(longestBars, current);
  }
  extremes[MAX_PCT] = maxPct;
  extremes[LONGEST_BARS] = longestBars;
}
