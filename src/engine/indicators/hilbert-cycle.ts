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

/** Ehlers' Hilbert FIR on every other bar: (a x[t] + b x[t-2] - b x[t-4] - a x[t-6]) * adjust. */
function hilbertAt(x: Float64Array, at: number, adjust: number): number {
  return (A * x[at]! - A * x[at - 6]! - B * x[at - 4]! + B * x[at - 2]!) * adjust;
}

/**
 * The shared core, stepped bar by bar: `next()` moves to the next bar from the transform's start
 * (first + 3 + warmup) and returns false past the end. Arrays are zero before that start, as the
 * transform's state is.
 */
class CycleCore {
  /** The current bar. */
  t: number;
  /** WMA(4) of the price at each bar (0 before the transform starts). */
  readonly smooth: Float64Array;
  /** I1 and Q1 at the current bar. */
  inPhase = 0;
  quadrature = 0;
  smoothPeriod = 0;
  private readonly detrender: Float64Array;
  private readonly q1: Float64Array;
  // The WMA(4) as TA-Lib keeps it: a weighted sum and a plain sum, updated in place.
  private weightedSum = 0;
  private plainSum = 0;
  private trailing = 0;
  private trailingIndex: number;
  private period = 0;
  private previousI2 = 0;
  private previousQ2 = 0;
  private re = 0;
  private im = 0;

  constructor(
    private readonly values: Float64Array,
    first: number,
    warmup: number,
  ) {
    const length = values.length;
    this.smooth = new Float64Array(length);
    this.detrender = new Float64Array(length);
    this.q1 = new Float64Array(length);
    this.trailingIndex = first;
    const start = first + 3 + warmup;
    this.t = start - 1;
    if (start >= length) return;
    this.weightedSum = values[first]! + values[first + 1]! * 2 + values[first + 2]! * 3;
    this.plainSum = values[first]! + values[first + 1]! + values[first + 2]!;
    for (let t = first + 3; t < start; t++) this.nextSmooth(values[t]!);
  }

  private nextSmooth(price: number): number {
    this.plainSum += price;
    this.plainSum -= this.trailing;
    this.weightedSum += price * 4;
    this.trailing = this.values[this.trailingIndex++]!;
    const smoothed = this.weightedSum * 0.1;
    this.weightedSum -= this.plainSum;
    return smoothed;
  }

  next(): boolean {
    const t = ++this.t;
    if (t >= this.values.length) return false;
    const { smooth, detrender, q1 } = this;
    const adjust = 0.075 * this.period + 0.54;
    smooth[t] = this.nextSmooth(this.values[t]!);
    detrender[t] = hilbertAt(smooth, t, adjust);
    q1[t] = hilbertAt(detrender, t, adjust);
    const i1 = detrender[t - 3]!;
    const jI = hilbertAt(detrender, t - 3, adjust);
    const jQ = hilbertAt(q1, t, adjust);
    const q2 = 0.2 * (q1[t]! + jI) + 0.8 * this.previousQ2;
    const i2 = 0.2 * (i1 - jQ) + 0.8 * this.previousI2;
    this.re = 0.2 * (i2 * this.previousI2 + q2 * this.previousQ2) + 0.8 * this.re;
    this.im = 0.2 * (i2 * this.previousQ2 - q2 * this.previousI2) + 0.8 * this.im;
    this.previousQ2 = q2;
    this.previousI2 = i2;
    const previousPeriod = this.period;
    let period = previousPeriod;
    if (this.im !== 0 && this.re !== 0) period = 360 / (Math.atan(this.im / this.re) * RAD_TO_DEG);
    if (period > 1.5 * previousPeriod) period = 1.5 * previousPeriod;
    if (period < 0.67 * previousPeriod) period = 0.67 * previousPeriod;
    if (period < 6) period = 6;
    else if (period > 50) period = 50;
    this.period = 0.2 * period + 0.8 * previousPeriod;
    this.smoothPeriod = 0.33 * this.period + 0.67 * this.smoothPeriod;
    this.inPhase = i1;
    this.quadrature = q1[t]!;
    return true;
  }
}

/**
 * HT_DCPERIOD: the dominant cycle period in bars (smoothPeriod above). Look-back: 32.
 */
export function dominantCyclePeriod(values: Float64Array): Float64Array {
  const out = outputArray(values.length, SHORT_HILBERT_LOOKBACK);
  const core = new CycleCore(values, 0, 9);
  while (core.next()) if (core.t >= SHORT_HILBERT_LOOKBACK) out[core.t] = core.smoothPeriod;
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
  const core = new CycleCore(values, 0, 9);
  while (core.next()) {
    if (core.t < SHORT_HILBERT_LOOKBACK) continue;
    inPhase[core.t] = core.inPhase;
    quadrature[core.t] = core.quadrature;
  }
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
  const core = new CycleCore(values, first, 9);
  while (core.next()) {
    const phase = core.inPhase !== 0 ? Math.atan(core.quadrature / core.inPhase) * RAD_TO_DEG : 0;
    let delta = previousPhase - phase;
    previousPhase = phase;
    if (delta < 1) delta = 1;
    let alpha = fastLimit;
    if (delta > 1) {
      alpha = fastLimit / delta;
      if (alpha < slowLimit) alpha = slowLimit;
    }
    adaptive = alpha * values[core.t]! + (1 - alpha) * adaptive;
    alpha *= 0.5;
    following = alpha * adaptive + (1 - alpha) * following;
    if (core.t >= firstOut) {
      mama[core.t] = adaptive;
      fama[core.t] = following;
    }
  }
  return { mama, fama };
}

/** Longest cycle the DFT reads: int(50 + 0.5) bars. */
const MAX_CYCLE = 50;

/**
 * sin and cos of i * 2pi / n for every cycle length n and i < n, computed with the same
 * expression as the DFT would compute them bar by bar, so the values are the same.
 */
const [SINES, COSINES] = (() => {
  const sines: Float64Array[] = [];
  const cosines: Float64Array[] = [];
  for (let n = 0; n <= MAX_CYCLE; n++) {
    sines.push(Float64Array.from({ length: n }, (_, i) => Math.sin((i * TWO_PI) / n)));
    cosines.push(Float64Array.from({ length: n }, (_, i) => Math.cos((i * TWO_PI) / n)));
  }
  return [sines, cosines];
})();

/** Ehlers' dominant cycle phase, carried from bar to bar (it keeps its value when undefined). */
class CyclePhase {
  phase = 0;
  private readonly start: number;

  constructor(start: number) {
    this.start = start;
  }

  /** The phase in degrees at bar t: the DFT of the last int(smoothPeriod + 0.5) smoothed prices. */
  next(bar: CycleCore): number {
    const cycle = Math.trunc(bar.smoothPeriod + 0.5);
    const sines = SINES[cycle]!;
    const cosines = COSINES[cycle]!;
    const { smooth, t } = bar;
    // Prices before the transform's start count as 0: they add 0 * sin and 0 * cos, i.e. nothing.
    const known = Math.min(cycle, t - this.start + 1);
    let real = 0;
    let imaginary = 0;
    for (let i = 0; i < known; i++) {
      const price = smooth[t - i]!;
      real += sines[i]! * price;
      imaginary += cosines[i]! * price;
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
  const core = new CycleCore(values, 0, LONG_WARMUP);
  while (core.next()) {
    const value = phase.next(core);
    if (core.t >= LONG_HILBERT_LOOKBACK) out[core.t] = value;
  }
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
  const core = new CycleCore(values, 0, LONG_WARMUP);
  while (core.next()) {
    const value = phase.next(core);
    if (core.t < LONG_HILBERT_LOOKBACK) continue;
    sine[core.t] = Math.sin(value * DEG_TO_RAD);
    leadSine[core.t] = Math.sin((value + 45) * DEG_TO_RAD);
  }
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

  next(values: Float64Array, bar: CycleCore): number {
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
  const core = new CycleCore(values, 0, LONG_WARMUP);
  while (core.next()) {
    const value = trendline.next(values, core);
    if (core.t >= LONG_HILBERT_LOOKBACK) out[core.t] = value;
  }
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
  const core = new CycleCore(values, 0, LONG_WARMUP);
  while (core.next()) {
    const previousPhase = phase.phase;
    const current = phase.next(core);
    const previousSine = sine;
    const previousLeadSine = leadSine;
    sine = Math.sin(current * DEG_TO_RAD);
    leadSine = Math.sin((current + 45) * DEG_TO_RAD);
    const line = trendline.next(values, core);
    let trend = 1;
    if (
      (sine > leadSine && previousSine <= previousLeadSine) ||
      (sine < leadSine && previousSine >= previousLeadSine)
    ) {
      daysInTrend = 0;
      trend = 0;
    }
    daysInTrend++;
    const { smoothPeriod } = core;
    if (daysInTrend < 0.5 * smoothPeriod) trend = 0;
    const advance = current - previousPhase;
    if (smoothPeriod !== 0 && advance > (0.67 * 360) / smoothPeriod && advance < (1.5 * 360) / smoothPeriod) {
      trend = 0;
    }
    const price = core.smooth[core.t]!;
    if (line !== 0 && Math.abs((price - line) / line) >= 0.015) trend = 1;
    if (core.t >= LONG_HILBERT_LOOKBACK) out[core.t] = trend;
  }
  return out;
}
