/**
 * John Ehlers' Hilbert-transform cycle measurements ("Rocket Science for Traders", 2001) as
 * TA-Lib computes them: HT_DCPERIOD, HT_PHASOR, HT_DCPHASE, HT_SINE, HT_TRENDLINE,
 * HT_TRENDMODE, and MAMA/FAMA ("MESA Adaptive Moving Average", TASC September 2001).
 *
 * Shared core, bar by bar from the first input s:
 * - smooth = WMA(4) of the price (weights 4, 3, 2, 1 over 10), from bar s + 3;
 * - the transform runs from bar s + 3 + W (W = 9 warm-up bars for the 32-bar functions, 34 for
 *   the 63-bar ones); before that its inputs count as 0. H(x)[t] = (0.0962 x[t] + 0.5769 x[t-2]
 *   - 0.5769 x[t-4] - 0.0962 x[t-6]) * (0.075 * period[t-1] + 0.54);
 * - detrender = H(smooth), Q1 = H(detrender), I1[t] = detrender[t-3], jI = H(I1), jQ = H(Q1);
 *   I2 = 0.2 (I1 - jQ) + 0.8 I2', Q2 = 0.2 (Q1 + jI) + 0.8 Q2' (primes: previous bar);
 *   Re = 0.2 (I2 I2' + Q2 Q2') + 0.8 Re', Im = 0.2 (I2 Q2' - Q2 I2') + 0.8 Im';
 * - period = 360 / atan(Im / Re) in degrees (kept when Im or Re is 0), limited to 0.67..1.5
 *   times the previous one and to 6..50 bars, then 0.2 period + 0.8 previous;
 *   smoothPeriod = 0.33 period + 0.67 previous.
 * The arithmetic keeps TA-Lib's order of operations, so the values agree to rounding.
 */
import { outputArray } from './output';

const A = 0.0962;
const B = 0.5769;
const RAD_TO_DEG = 45 / Math.atan(1);
const DEG_TO_RAD = 1 / RAD_TO_DEG;
const TWO_PI = Math.atan(1) * 8;

/** Bars of history the 32-bar functions (HT_DCPERIOD, HT_PHASOR, MAMA) need. */
export const SHORT_HILBERT_LOOKBACK = 32;
/** Bars of history the 63-bar functions (HT_DCPHASE, HT_SINE, HT_TRENDLINE, HT_TRENDMODE) need. */
export const LONG_HILBERT_LOOKBACK = 63;

interface CycleBar {
  /** The bar's index. */
  t: number;
  /** WMA(4) of the price at t (0 before the transform starts). */
  smooth: Float64Array;
  inPhase: number;
  quadrature: number;
  smoothPeriod: number;
}

/**
 * Runs the shared core from `first` and calls `visit` on every bar from the transform's start
 * (first + 3 + warmup) on. Arrays are zero before that start, as the transform's state is.
 */
function runCycle(values: Float64Array, first: number, warmup: number, visit: (bar: CycleBar) => void): void {
  const length = values.length;
  const start = first + 3 + warmup;
  if (start >= length) return;
  const smooth = new Float64Array(length);
  const detrender = new Float64Array(length);
  const q1 = new Float64Array(length);
  // The WMA(4) as TA-Lib keeps it: a weighted sum and a plain sum, updated in place.
  let weightedSum = values[first]! + values[first + 1]! * 2 + values[first + 2]! * 3;
  let plainSum = values[first]! + values[first + 1]! + values[first + 2]!;
  let trailing = 0;
  let trailingIndex = first;
  const nextSmooth = (price: number) => {
    plainSum += price;
    plainSum -= trailing;
    weightedSum += price * 4;
    trailing = values[trailingIndex++]!;
    const smoothed = weightedSum * 0.1;
    weightedSum -= plainSum;
    return smoothed;
  };
  for (let t = first + 3; t < start; t++) nextSmooth(values[t]!);

  let period = 0;
  let smoothPeriod = 0;
  let previousI2 = 0;
  let previousQ2 = 0;
  let re = 0;
  let im = 0;
  const bar: CycleBar = { t: start, smooth, inPhase: 0, quadrature: 0, smoothPeriod: 0 };
  for (let t = start; t < length; t++) {
    const adjust = 0.075 * period + 0.54;
    const hilbert = (x: Float64Array, at: number) =>
      (A * x[at]! - A * x[at - 6]! - B * x[at - 4]! + B * x[at - 2]!) * adjust;
    smooth[t] = nextSmooth(values[t]!);
    detrender[t] = hilbert(smooth, t);
    q1[t] = hilbert(detrender, t);
    const i1 = detrender[t - 3]!;
    const jI = hilbert(detrender, t - 3);
    const jQ = hilbert(q1, t);
    const q2 = 0.2 * (q1[t]! + jI) + 0.8 * previousQ2;
    const i2 = 0.2 * (i1 - jQ) + 0.8 * previousI2;
    re = 0.2 * (i2 * previousI2 + q2 * previousQ2) + 0.8 * re;
    im = 0.2 * (i2 * previousQ2 - q2 * previousI2) + 0.8 * im;
    previousQ2 = q2;
    previousI2 = i2;
    const previousPeriod = period;
    if (im !== 0 && re !== 0) period = 360 / (Math.atan(im / re) * RAD_TO_DEG);
    if (period > 1.5 * previousPeriod) period = 1.5 * previousPeriod;
    if (period < 0.67 * previousPeriod) period = 0.67 * previousPeriod;
    if (period < 6) period = 6;
    else if (period > 50) period = 50;
    period = 0.2 * period + 0.8 * previousPeriod;
    smoothPeriod = 0.33 * period + 0.67 * smoothPeriod;
    bar.t = t;
    bar.inPhase = i1;
    bar.quadrature = q1[t]!;
    bar.smoothPeriod = smoothPeriod;
    visit(bar);
  }
}

/**
 * HT_DCPERIOD: the dominant cycle period in bars (smoothPeriod above). Look-back: 32.
 */
export function dominantCyclePeriod(values: Float64Array): Float64Array {
  const out = outputArray(values.length, SHORT_HILBERT_LOOKBACK);
  runCycle(values, 0, 9, (bar) => {
    if (bar.t >= SHORT_HILBERT_LOOKBACK) out[bar.t] = bar.smoothPeriod;
  });
  return out;
}

export interface Phasor {
  inPhase: Float64Array;
  quadrature: Float64Array;
}

/** HT_PHASOR: the in-phase (I1) and quadrature (Q1) components. Look-back: 32. */
export function phasor(values: Float64Array): Phasor {
  const inPhase = outputArray(values.length, SHORT_HILBERT_LOOKBACK);
  const quadrature = outputArray(values.length, SHORT_HILBERT_LOOKBACK);
  runCycle(values, 0, 9, (bar) => {
    if (bar.t < SHORT_HILBERT_LOOKBACK) return;
    inPhase[bar.t] = bar.inPhase;
    quadrature[bar.t] = bar.quadrature;
  });
  return { inPhase, quadrature };
}

export interface Mama {
  mama: Float64Array;
  fama: Float64Array;
}

/**
 * MAMA and FAMA: phase = atan(Q1 / I1) in degrees (0 when I1 is 0); delta = previous phase -
 * phase, at least 1; alpha = fastLimit / delta (fastLimit when delta is 1), at least slowLimit;
 * MAMA = alpha x + (1 - alpha) MAMA', FAMA = alpha/2 MAMA + (1 - alpha/2) FAMA', both from 0 at
 * the transform's start. Look-back: first + 32. Matches TA-Lib MAMA.
 */
export function mesaAdaptive(values: Float64Array, fastLimit: number, slowLimit: number, first = 0): Mama {
  const firstOut = first + SHORT_HILBERT_LOOKBACK;
  const mama = outputArray(values.length, firstOut);
  const fama = outputArray(values.length, firstOut);
  let previousPhase = 0;
  let adaptive = 0;
  let following = 0;
  runCycle(values, first, 9, (bar) => {
    const phase = bar.inPhase !== 0 ? Math.atan(bar.quadrature / bar.inPhase) * RAD_TO_DEG : 0;
    let delta = previousPhase - phase;
    previousPhase = phase;
    if (delta < 1) delta = 1;
    let alpha = fastLimit;
    if (delta > 1) {
      alpha = fastLimit / delta;
      if (alpha < slowLimit) alpha = slowLimit;
    }
    adaptive = alpha * values[bar.t]! + (1 - alpha) * adaptive;
    alpha *= 0.5;
    following = alpha * adaptive + (1 - alpha) * following;
    if (bar.t >= firstOut) {
      mama[bar.t] = adaptive;
      fama[bar.t] = following;
    }
  });
  return { mama, fama };
}

/** Ehlers' dominant cycle phase, carried from bar to bar (it keeps its value when undefined). */
class CyclePhase {
  phase = 0;
  private readonly start: number;

  constructor(start: number) {
    this.start = start;
  }

  /** The phase in degrees at bar t: the DFT of the last int(smoothPeriod + 0.5) smoothed prices. */
  next(bar: CycleBar): number {
    const cycle = Math.trunc(bar.smoothPeriod + 0.5);
    let real = 0;
    let imaginary = 0;
    for (let i = 0; i < cycle; i++) {
      const angle = (i * TWO_PI) / cycle;
      const at = bar.t - i;
      const price = at >= this.start ? bar.smooth[at]! : 0;
      real += Math.sin(angle) * price;
      imaginary += Math.cos(angle) * price;
    }
    const magnitude = Math.abs(imaginary);
    if (magnitude > 0) this.phase = Math.atan(real / imaginary) * RAD_TO_DEG;
    else if (magnitude <= 0.01) {
      if (real < 0) this.phase -= 90;
      else if (real > 0) this.phase += 90;
    }
    this.phase += 90;
    this.phase += 360 / bar.smoothPeriod;
    if (imaginary < 0) this.phase += 180;
    if (this.phase > 315) this.phase -= 360;
    return this.phase;
  }
}

const LONG_WARMUP = 34;

/** HT_DCPHASE: the dominant cycle phase in degrees (-45 to 315). Look-back: 63. */
export function dominantCyclePhase(values: Float64Array): Float64Array {
  const out = outputArray(values.length, LONG_HILBERT_LOOKBACK);
  const phase = new CyclePhase(3 + LONG_WARMUP);
  runCycle(values, 0, LONG_WARMUP, (bar) => {
    const value = phase.next(bar);
    if (bar.t >= LONG_HILBERT_LOOKBACK) out[bar.t] = value;
  });
  return out;
}

export interface SineWave {
  sine: Float64Array;
  leadSine: Float64Array;
}

/** HT_SINE: sin(phase) and the lead sine sin(phase + 45 degrees). Look-back: 63. */
export function sineWave(values: Float64Array): SineWave {
  const sine = outputArray(values.length, LONG_HILBERT_LOOKBACK);
  const leadSine = outputArray(values.length, LONG_HILBERT_LOOKBACK);
  const phase = new CyclePhase(3 + LONG_WARMUP);
  runCycle(values, 0, LONG_WARMUP, (bar) => {
    const value = phase.next(bar);
    if (bar.t < LONG_HILBERT_LOOKBACK) return;
    sine[bar.t] = Math.sin(value * DEG_TO_RAD);
    leadSine[bar.t] = Math.sin((value + 45) * DEG_TO_RAD);
  });
  return { sine, leadSine };
}

/**
 * The instantaneous trendline: the mean price over the dominant cycle (int(smoothPeriod + 0.5)
 * bars), smoothed by a WMA(4) of those means (older means 0 at the start).
 */
class Trendline {
  private trend1 = 0;
  private trend2 = 0;
  private trend3 = 0;

  next(values: Float64Array, bar: CycleBar): number {
    const cycle = Math.trunc(bar.smoothPeriod + 0.5);
    let mean = 0;
    for (let i = 0; i < cycle; i++) mean += values[bar.t - i]!;
    if (cycle > 0) mean = mean / cycle;
    const line = (4 * mean + 3 * this.trend1 + 2 * this.trend2 + this.trend3) / 10;
    this.trend3 = this.trend2;
    this.trend2 = this.trend1;
    this.trend1 = mean;
    return line;
  }
}

/** HT_TRENDLINE: the instantaneous trendline. Look-back: 63. */
export function instantaneousTrendline(values: Float64Array): Float64Array {
  const out = outputArray(values.length, LONG_HILBERT_LOOKBACK);
  const trendline = new Trendline();
  runCycle(values, 0, LONG_WARMUP, (bar) => {
    const value = trendline.next(values, bar);
    if (bar.t >= LONG_HILBERT_LOOKBACK) out[bar.t] = value;
  });
  return out;
}

/**
 * HT_TRENDMODE: 1 in a trend, 0 in a cycle. Cycle when the sine crosses the lead sine (the
 * count of bars in trend restarts), while fewer than half a period has passed since, or when the
 * phase advances by 0.67 to 1.5 times 360/period in a bar; trend regardless when the smoothed
 * price is 1.5% or more away from the trendline. Look-back: 63.
 */
export function trendMode(values: Float64Array): Float64Array {
  const out = outputArray(values.length, LONG_HILBERT_LOOKBACK);
  const phase = new CyclePhase(3 + LONG_WARMUP);
  const trendline = new Trendline();
  let sine = 0;
  let leadSine = 0;
  let daysInTrend = 0;
  runCycle(values, 0, LONG_WARMUP, (bar) => {
    const previousPhase = phase.phase;
    const current = phase.next(bar);
    const previousSine = sine;
    const previousLeadSine = leadSine;
    sine = Math.sin(current * DEG_TO_RAD);
    leadSine = Math.sin((current + 45) * DEG_TO_RAD);
    const line = trendline.next(values, bar);
    let trend = 1;
    if (
      (sine > leadSine && previousSine <= previousLeadSine) ||
      (sine < leadSine && previousSine >= previousLeadSine)
    ) {
      daysInTrend = 0;
      trend = 0;
    }
    daysInTrend++;
    const { smoothPeriod } = bar;
    if (daysInTrend < 0.5 * smoothPeriod) trend = 0;
    const advance = current - previousPhase;
    if (smoothPeriod !== 0 && advance > (0.67 * 360) / smoothPeriod && advance < (1.5 * 360) / smoothPeriod) {
      trend = 0;
    }
    const price = bar.smooth[bar.t]!;
    if (line !== 0 && Math.abs((price - line) / line) >= 0.015) trend = 1;
    if (bar.t >= LONG_HILBERT_LOOKBACK) out[bar.t] = trend;
  });
  return out;
}
