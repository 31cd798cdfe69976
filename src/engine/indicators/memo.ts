/**
 * Intermediate results shared by the indicators computed on one candle series, so that a
 * strategy asking for several lines of one indicator (Stochastic %K and %D, the three MACD lines,
 * the Ichimoku lines) or several indicators over the same rolling window
 * pays for each computation once. Every value is computed by the same functions, in the same
 * order, as the per-label path (computeIndicator), so the results are bit-identical to it.
 *
 * Arrays handed out by a memo are shared: callers must treat them as read-only.
 */
import type { CandleSeries } from '../candles/series';
import { chunkEnd } from '../chunks';
import { midRangeOf, senkouSpanBOf } from './ichimoku';
import { macd, type Macd } from './macd';
import { outputArray } from './output';
import { ema } from './moving-averages';
import { stochasticOf, type Stochastic } from './oscillators';
import { rollingExtremes, rollingExtremesWithoutNaN, widenExtremes } from './rolling-extremes';

export class IndicatorMemo {
  private readonly values = new Map<string, unknown>();

  constructor(readonly series: CandleSeries) {}

  /** The value under `key`, computed by `compute` the first time it is asked for. */
  private memo<T>(key: string, compute: () => T): T {
    let value = this.values.get(key) as T | undefined;
    if (value === undefined) {
      value = compute();
      this.values.set(key, value);
    }
    return value;
  }

  /** Every line of a catalogue study (studies.ts) for one set of settings, computed once. */
  studyLines(key: string, compute: () => Readonly<Record<string, Float64Array>>) {
    return this.memo(`study|${key}`, compute);
  }

  /** HH(N) at every bar over the highs (window max(0, i - N + 1)..i). */
  highest(period: number): Float64Array {
    return this.extremes('highest', period, 1);
  }

  /** LL(N) at every bar over the lows. */
  lowest(period: number): Float64Array {
    return this.extremes('lowest', period, -1);
  }

  /**
   * Rolling extremes of N bars, derived from those of a shorter window Q >= N / 3 when they are
   * already here (e.g. Ichimoku's kijun of 26 from its tenkan of 9): the N-bar window ending at
   * i is the union of the Q-bar windows ending at i, i - Q, ... and i - (N - Q).
   */
  private extremes(kind: 'highest' | 'lowest', period: number, sign: 1 | -1): Float64Array {
    const key = `${kind}|${period}`;
    let values = this.values.get(key) as Float64Array | undefined;
    if (values === undefined) {
      const field = sign === 1 ? 'h' : 'l';
      const shorter = this.shorterExtremes(kind, period, sign, 3);
      if (shorter !== undefined) values = widenExtremes(shorter.values, shorter.period, period, sign);
      else if (this.hasNaN(field)) values = rollingExtremes(this.series[field], period, sign);
      else values = rollingExtremesWithoutNaN(this.series[field], period, sign);
      this.values.set(key, values);
    }
    return values;
  }

  /**
   * Memoised extremes of the longest window Q with N / windows <= Q < N, if any and composable:
   * `windows` Q-bar windows then cover N bars (2 for the callers that join two in one pass).
   */
  private shorterExtremes(
    kind: 'highest' | 'lowest',
    period: number,
    sign: 1 | -1,
    windows = 2,
  ): { values: Float64Array; period: number } | undefined {
    // With NaN in the series the extremes follow the deque's NaN rules, which do not compose.
    if (this.hasNaN(sign === 1 ? 'h' : 'l')) return undefined;
    for (let q = period - 1; q * windows >= period; q--) {
      const values = this.values.get(`${kind}|${q}`) as Float64Array | undefined;
      if (values !== undefined) return { values, period: q };
    }
    return undefined;
  }

  /**
   * Senkou span B: the memoised mid-range of the span B period shifted, or else the mid-range
   * computed straight into the shifted output from the extremes (widened on the fly from a
   * shorter window, usually the kijun's), without arrays for the wider extremes or mid-range.
   */
  senkouSpanB(spanBPeriod: number, basePeriod: number): Float64Array {
    const mid = this.values.get(`midRange|${spanBPeriod}`) as Float64Array | undefined;
    if (mid !== undefined) return senkouSpanBOf(mid, spanBPeriod, basePeriod);
    const high = this.values.has(`highest|${spanBPeriod}`)
      ? undefined
      : this.shorterExtremes('highest', spanBPeriod, 1);
    const low = this.values.has(`lowest|${spanBPeriod}`)
      ? undefined
      : this.shorterExtremes('lowest', spanBPeriod, -1);
    if (high === undefined || low === undefined || high.period !== low.period) {
      return senkouSpanBOf(this.midRange(spanBPeriod), spanBPeriod, basePeriod);
    }
    return widenedSpanB(high.values, low.values, high.period, spanBPeriod, basePeriod);
  }

  private hasNaN(field: 'h' | 'l'): boolean {
    return this.memo(`hasNaN|${field}`, () => {
      const values = this.series[field];
      for (let i = 0; i < values.length; i++) {
        const value = values[i]!;
        if (value !== value) return true;
      }
      return false;
    });
  }

  /** (HH(N) + LL(N)) / 2, NaN before N - 1: tenkan-sen, kijun-sen, unshifted span B. */
  midRange(period: number): Float64Array {
    return this.memo(`midRange|${period}`, () =>
      midRangeOf(this.highest(period), this.lowest(period), period),
    );
  }

  /** EMA(close, N). */
  closeEma(period: number): Float64Array {
    return this.memo(`ema|${period}`, () => ema(this.series.c, period));
  }

  /** EMA(close, N) if the memo already holds it (closeEma was asked for), else undefined. */
  heldCloseEma(period: number): Float64Array | undefined {
    return this.values.get(`ema|${period}`) as Float64Array | undefined;
  }

  macd(fast: number, slow: number, signal: number): Macd {
    return this.memo(`macd|${fast}|${slow}|${signal}`, () => macd(this.series.c, fast, slow, signal));
  }

  stochastic(fastK: number, slowK: number, slowD: number): Stochastic {
    return this.memo(`stochastic|${fastK}|${slowK}|${slowD}`, () =>
      this.withExtremes(fastK, (highest, lowest, shift) =>
        stochasticOf(highest, lowest, shift, this.series.c, fastK, slowK, slowD),
      ),
    );
  }

  /**
   * Hands `use` the rolling highs and lows of a Q-bar window and the shift N - Q that widens them
   * to N bars (N-bar extreme at i = the extreme of the Q-bar ones at i and at i - shift, as
   * widenExtremes joins them): the memoised N-bar extremes with shift 0, else a shorter window's
   * (Q >= N / 2, e.g. the tenkan's 9 for a stochastic of 14) so that no N-bar arrays are made.
   */
  private withExtremes<T>(
    period: number,
    use: (highest: Float64Array, lowest: Float64Array, shift: number) => T,
  ): T {
    if (!this.values.has(`highest|${period}`) && !this.values.has(`lowest|${period}`)) {
      const high = this.shorterExtremes('highest', period, 1);
      const low = this.shorterExtremes('lowest', period, -1);
      if (high !== undefined && low !== undefined && high.period === low.period) {
        return use(high.values, low.values, period - high.period);
      }
    }
    return use(this.highest(period), this.lowest(period), 0);
  }
}

/**
 * senkouSpanBOf(midRangeOf(widened highs, widened lows)) in one pass, from the extremes of a
 * Q-bar window (N / 2 <= Q < N): the same operations on the same values (widenExtremes' join,
 * then (HH + LL) / 2), so the same bits.
 */
function widenedSpanB(
  highest: Float64Array,
  lowest: Float64Array,
  shorterPeriod: number,
  spanBPeriod: number,
  basePeriod: number,
): Float64Array {
  const length = highest.length;
  const shift = spanBPeriod - shorterPeriod;
  const out = outputArray(length, spanBPeriod - 1 + basePeriod);
  // Unshifted bars first..stop - 1 land at first + basePeriod.. (chunks.ts).
  const first = spanBPeriod - 1;
  const stop = length - basePeriod;
  for (let start = first; start < stop;) {
    const end = chunkEnd(first, start, stop);
    widenedSpanBIn(highest, lowest, shift, basePeriod, start, end, out);
    start = end;
  }
  return out;
}

/** widenedSpanB's unshifted bars start..end - 1. */
function widenedSpanBIn(
  highest: Float64Array,
  lowest: Float64Array,
  shift: number,
  basePeriod: number,
  start: number,
  end: number,
  out: Float64Array,
): void {
  for (let i = start; i < end; i++) {
    const lateHigh = highest[i]!;
    const earlyHigh = highest[i - shift]!;
    const lateLow = lowest[i]!;
    const earlyLow = lowest[i - shift]!;
    const top = lateHigh >= earlyHigh ? lateHigh : earlyHigh;
    const bottom = lateLow <= earlyLow ? lateLow : earlyLow;
    out[i + basePeriod] = (top + bottom) / 2;
  }
}
