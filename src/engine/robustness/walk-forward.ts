/**
 * Walk-forward analysis (Pardo, "The Evaluation and Optimization of Trading Strategies", 2nd
 * ed., Wiley 2008, ch. 11): optimise on a training window, trade the window after it, move on,
 * and judge the strategy only by the stitched out-of-sample results. Windows are bar ranges,
 * half-open: a window covers bars from `...From` up to but not including `...To`.
 */

export type WalkForwardMode = 'rolling' | 'anchored';

export interface WalkForwardPlanOptions {
  /** Number of bars of the whole run. */
  bars: number;
  /** Number of windows (optimise-then-trade steps), at least 1. */
  windows: number;
  /** 'rolling': training windows of equal length slide forward; 'anchored': they all start at bar 0. */
  mode: WalkForwardMode;
  /**
   * Training bars per test bar of a rolling window (and of the first anchored window); 4 by
   * default (80% in-sample, 20% out-of-sample), a common choice.
   */
  trainToTestRatio?: number;
}

export interface WalkForwardWindow {
  trainFrom: number;
  trainTo: number;
  testFrom: number;
  testTo: number;
}

export const DEFAULT_TRAIN_TO_TEST_RATIO = 4;

/**
 * Plans the windows. The out-of-sample period is the last windows * L bars (L = test length),
 * tiled by the test windows in order; each training window ends where its test window starts,
 * so no window trades a bar it was optimised on. L = floor(bars / (windows + ratio)); the
 * remainder bars go to the start, so the last test window ends on the last bar. A strategy may
 * still read earlier bars for indicator warm-up: the windows say which bars are optimised on
 * and which are traded.
 */
export function planWalkForward(options: WalkForwardPlanOptions): WalkForwardWindow[] {
  const { bars, windows, mode, trainToTestRatio = DEFAULT_TRAIN_TO_TEST_RATIO } = options;
  if (!Number.isInteger(bars) || bars < 0) throw new RangeError(`bars must be a whole number, got ${bars}`);
  if (!Number.isInteger(windows) || windows < 1)
    throw new RangeError(`windows must be a whole number of at least 1, got ${windows}`);
  if (mode !== 'rolling' && mode !== 'anchored')
    throw new RangeError(`mode must be "rolling" or "anchored", got "${String(mode)}"`);
  if (!(trainToTestRatio > 0) || !Number.isFinite(trainToTestRatio)) {
    throw new RangeError(`trainToTestRatio must be a positive number, got ${trainToTestRatio}`);
  }
  const testLength = Math.floor(bars / (windows + trainToTestRatio));
  const trainLength = Math.floor(testLength * trainToTestRatio);
  if (testLength < 1 || trainLength < 1) {
    throw new RangeError(
      `${bars} bars are too few for ${windows} windows with ${trainToTestRatio} training bars per test bar`,
    );
  }
  const outOfSampleStart = bars - windows * testLength;
  return Array.from({ length: windows }, (_, window) => {
    const testFrom = outOfSampleStart + window * testLength;
    return {
      trainFrom: mode === 'anchored' ? 0 : testFrom - trainLength,
      trainTo: testFrom,
      testFrom,
      testTo: testFrom + testLength,
    };
  });
}

/** One window's out-of-sample equity: the chosen configuration traded on the test bars. */
export interface WindowEquity {
  /** Equity at each test bar's close. */
  equity: Float64Array;
  /** The capital the window's run started with. */
  initialCapital: number;
}

export interface StitchedEquity {
  /** Equity at each out-of-sample bar's close, every window continuing from the previous one's end. */
  equity: number[];
  /** Index into `equity` of each window's first bar. */
  windowStarts: number[];
}

/**
 * Chains the windows' out-of-sample equity curves: window k's curve is rescaled by
 * (final equity so far) / (its own initial capital), so each window compounds on the last.
 */
export function stitchOutOfSampleEquity(
  windows: readonly WindowEquity[],
  initialCapital: number,
): StitchedEquity {
  if (!(initialCapital > 0)) throw new RangeError(`initialCapital must be positive, got ${initialCapital}`);
  const equity: number[] = [];
  const windowStarts: number[] = [];
  let capital = initialCapital;
  windows.forEach((window, index) => {
    if (!(window.initialCapital > 0)) {
      throw new RangeError(`window ${index}'s initialCapital must be positive, got ${window.initialCapital}`);
    }
    const scale = capital / window.initialCapital;
    windowStarts.push(equity.length);
    for (const value of window.equity) equity.push(value * scale);
    if (window.equity.length > 0) capital = equity[equity.length - 1]!;
  });
  return { equity, windowStarts };
}

/** One window's result in and out of sample: return in percent over its bars. */
export interface WindowPerformance {
  inSampleReturnPct: number;
  inSampleBars: number;
  outOfSampleReturnPct: number;
  outOfSampleBars: number;
}

export interface WalkForwardEfficiency {
  /** Sum of the in-sample returns scaled to a year: sum(returns) * barsPerYear / sum(bars). */
  inSampleAnnualisedReturnPct: number;
  outOfSampleAnnualisedReturnPct: number;
  /**
   * outOfSample / inSample annualised return: Pardo's walk-forward efficiency (ch. 11; he
   * reads about 0.5 or more as a sign of robustness). null when the in-sample return is not
   * positive.
   */
  efficiency: number | null;
  /** The same ratio per window. */
  windows: (number | null)[];
}

function annualised(returnPct: number, bars: number, barsPerYear: number): number {
  return (returnPct * barsPerYear) / bars;
}

/**
 * Walk-forward efficiency: annualised out-of-sample return over annualised in-sample
 * (optimisation) return, Pardo 2008, ch. 11. Annualised as Pardo does, linearly (return per
 * bar times bars per year), since windows differ in length.
 */
export function walkForwardEfficiency(
  windows: readonly WindowPerformance[],
  barsPerYear: number,
): WalkForwardEfficiency {
  if (!(barsPerYear > 0)) throw new RangeError(`barsPerYear must be positive, got ${barsPerYear}`);
  let inSampleReturn = 0;
  let inSampleBars = 0;
  let outOfSampleReturn = 0;
  let outOfSampleBars = 0;
  const perWindow = windows.map((window, index) => {
    if (!(window.inSampleBars > 0) || !(window.outOfSampleBars > 0)) {
      throw new RangeError(`window ${index} needs in-sample and out-of-sample bars`);
    }
    inSampleReturn += window.inSampleReturnPct;
    inSampleBars += window.inSampleBars;
    outOfSampleReturn += window.outOfSampleReturnPct;
    outOfSampleBars += window.outOfSampleBars;
    const inSample = annualised(window.inSampleReturnPct, window.inSampleBars, barsPerYear);
    return inSample > 0
      ? annualised(window.outOfSampleReturnPct, window.outOfSampleBars, barsPerYear) / inSample
      : null;
  });
  const inSampleAnnualisedReturnPct = annualised(inSampleReturn, inSampleBars, barsPerYear);
  const outOfSampleAnnualisedReturnPct = annualised(outOfSampleReturn, outOfSampleBars, barsPerYear);
  return {
    inSampleAnnualisedReturnPct,
    outOfSampleAnnualisedReturnPct,
    efficiency:
      inSampleAnnualisedReturnPct > 0 ? outOfSampleAnnualisedReturnPct / inSampleAnnualisedReturnPct : null,
    windows: perWindow,
  };
}
