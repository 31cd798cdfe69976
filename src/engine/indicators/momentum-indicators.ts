/**
 * TA-Lib's momentum indicators not covered elsewhere (MOM/ROC: momentum.ts, RSI/WILLR/STOCH/CMO:
 * oscillators.ts, MACD: macd.ts, the directional movement family: directional-movement.ts).
 * Every output is aligned to the input, NaN before the look-back.
 */
import { ema } from './moving-averages';
import { maLookback, movingAverage, movingAverageFrom } from './ma-types';
import { cutBefore, outputArray } from './output';
import { rsi } from './oscillators';
import { rollingExtremes } from './rolling-extremes';

const EPSILON = 1e-14;
const isZero = (value: number) => value > -EPSILON && value < EPSILON;

/**
 * Rate of change against the value N bars ago, in TA-Lib's three other forms: ROCP = (x[t] -
 * x[t-N]) / x[t-N], ROCR = x[t] / x[t-N], ROCR100 = x[t] / x[t-N] * 100; 0 when x[t-N] is 0.
 * Look-back: N. Matches TA-Lib ROCP, ROCR and ROCR100.
 */
export function rateOfChangeRatio(values: Float64Array, period: number, form: 'ROCP' | 'ROCR' | 'ROCR100') {
  const out = outputArray(values.length, period);
  for (let i = period; i < values.length; i++) {
    const earlier = values[i - period]!;
    if (earlier === 0) out[i] = 0;
    else if (form === 'ROCP') out[i] = (values[i]! - earlier) / earlier;
    else if (form === 'ROCR') out[i] = values[i]! / earlier;
    else out[i] = (values[i]! / earlier) * 100;
  }
  return out;
}

/**
 * Price oscillator: APO = MA(fast) - MA(slow); PPO = (MA(fast) - MA(slow)) / MA(slow) * 100 (0
 * when MA(slow) is 0). Periods swapped if fast > slow; both averages of `type` run from the first
 * bar (unlike MACD, TA-Lib does not seed the faster one later). Look-back: maLookback(slow, type).
 * Matches TA-Lib APO and PPO (Appel; Murphy, "Technical Analysis of the Financial Markets").
 */
export function priceOscillator(
  values: Float64Array,
  fastPeriod: number,
  slowPeriod: number,
  type: number,
  percent: boolean,
): Float64Array {
  const fast = Math.min(fastPeriod, slowPeriod);
  const slow = Math.max(fastPeriod, slowPeriod);
  const start = maLookback(slow, type);
  const slowAverage = movingAverage(values, slow, type);
  const fastAverage = movingAverage(values, fast, type);
  const out = outputArray(values.length, start);
  for (let i = start; i < values.length; i++) {
    const base = slowAverage[i]!;
    if (!percent) out[i] = fastAverage[i]! - base;
    else out[i] = isZero(base) ? 0 : ((fastAverage[i]! - base) / base) * 100;
  }
  return out;
}

export interface Aroon {
  up: Float64Array;
  down: Float64Array;
  oscillator: Float64Array;
}

/**
 * Aroon (Chande, 1995) over the last N + 1 bars: up = 100 * (N - bars since the highest high) /
 * N, down the same with the lowest low; ties go to the latest bar. Look-back: N. Matches TA-Lib
 * AROON; AROONOSC = up - down (computed as 100/N * (index of high - index of low)).
 */
export function aroon(high: Float64Array, low: Float64Array, period: number): Aroon {
  const length = high.length;
  const up = outputArray(length, period);
  const down = outputArray(length, period);
  const oscillator = outputArray(length, period);
  const factor = 100 / period;
  let highestIndex = -1;
  let lowestIndex = -1;
  for (let t = period; t < length; t++) {
    const oldest = t - period;
    if (highestIndex < oldest) {
      highestIndex = oldest;
      for (let i = oldest + 1; i <= t; i++) if (high[i]! >= high[highestIndex]!) highestIndex = i;
    } else if (high[t]! >= high[highestIndex]!) highestIndex = t;
    if (lowestIndex < oldest) {
      lowestIndex = oldest;
      for (let i = oldest + 1; i <= t; i++) if (low[i]! <= low[lowestIndex]!) lowestIndex = i;
    } else if (low[t]! <= low[lowestIndex]!) lowestIndex = t;
    up[t] = factor * (period - (t - highestIndex));
    down[t] = factor * (period - (t - lowestIndex));
    oscillator[t] = factor * (highestIndex - lowestIndex);
  }
  return { up, down, oscillator };
}

/** Balance of power: (C - O) / (H - L), 0 when H <= L. Look-back: 0. Matches TA-Lib BOP. */
export function balanceOfPower(
  open: Float64Array,
  high: Float64Array,
  low: Float64Array,
  close: Float64Array,
) {
  const out = new Float64Array(close.length);
  for (let i = 0; i < close.length; i++) {
    const range = high[i]! - low[i]!;
    out[i] = range < EPSILON ? 0 : (close[i]! - open[i]!) / range;
  }
  return out;
}

/**
 * Commodity channel index (Lambert, 1980): TP = (H + L + C) / 3, CCI = (TP - SMA(TP)) /
 * (0.015 * mean absolute deviation of TP from that SMA), 0 when either is 0. Look-back: N - 1.
 * Matches TA-Lib CCI.
 */
export function commodityChannelIndex(
  high: Float64Array,
  low: Float64Array,
  close: Float64Array,
  period: number,
) {
  const length = close.length;
  const out = outputArray(length, period - 1);
  const typical = new Float64Array(length);
  for (let i = 0; i < length; i++) typical[i] = (high[i]! + low[i]! + close[i]!) / 3;
  for (let t = period - 1; t < length; t++) {
    let average = 0;
    for (let i = t - period + 1; i <= t; i++) average += typical[i]!;
    average /= period;
    let deviation = 0;
    for (let i = t - period + 1; i <= t; i++) deviation += Math.abs(typical[i]! - average);
    const distance = typical[t]! - average;
    out[t] = distance !== 0 && deviation !== 0 ? distance / (0.015 * (deviation / period)) : 0;
  }
  return out;
}

/**
 * Intraday momentum index (Chande): over the last N bars, up = sum(C - O) of bars closing above
 * their open, down = sum(O - C) of the others; IMI = 100 * up / (up + down). No value (NaN)
 * when both are 0, as in TA-Lib (0 / 0): a window of bodiless bars has no momentum either way,
 * and 0 would read as extremely oversold. Look-back: N - 1. Matches TA-Lib IMI.
 */
export function intradayMomentum(open: Float64Array, close: Float64Array, period: number) {
  const out = outputArray(close.length, period - 1);
  const body = new Float64Array(close.length);
  for (let i = 0; i < close.length; i++) body[i] = close[i]! - open[i]!;
  for (let t = period - 1; t < close.length; t++) {
    let up = 0;
    let down = 0;
    for (let i = t - period + 1; i <= t; i++) {
      // Branch-free (the sides are a coin toss): the side the body is not on gets +/- 0, which
      // leaves its sum exactly as it was; O - C is exactly -(C - O).
      const rising = Number(body[i]! > 0);
      up += rising * body[i]!;
      down -= (1 - rising) * body[i]!;
    }
    out[t] = up + down === 0 ? Number.NaN : 100 * (up / (up + down));
  }
  return out;
}

export interface MacdLines {
  macd: Float64Array;
  signal: Float64Array;
  histogram: Float64Array;
}

/** Line, signal = MA(line) of `signalType` started at the line's first value, histogram. */
function macdFromLine(
  line: Float64Array,
  lineStart: number,
  signalPeriod: number,
  signalType: number,
): MacdLines {
  const signal = movingAverage(line, signalPeriod, signalType, lineStart);
  const firstOut = lineStart + maLookback(signalPeriod, signalType);
  const histogram = outputArray(line.length, firstOut);
  for (let i = firstOut; i < line.length; i++) histogram[i] = line[i]! - signal[i]!;
  return { macd: cutBefore(line, firstOut), signal, histogram };
}

/**
 * MACD with a moving average type for each line: line = MA(fast) - MA(slow) (periods and types
 * swapped together if fast > slow), both averages started where the slower one's first value
 * is; signal = MA(line, signal period, signal type). Look-back: max of the two averages'
 * look-backs + the signal's. Matches TA-Lib MACDEXT.
 */
export function macdExtended(
  values: Float64Array,
  fastPeriod: number,
  fastType: number,
  slowPeriod: number,
  slowType: number,
  signalPeriod: number,
  signalType: number,
): MacdLines {
  const swap = slowPeriod < fastPeriod;
  const [fast, fastKind, slow, slowKind] = swap
    ? [slowPeriod, slowType, fastPeriod, fastType]
    : [fastPeriod, fastType, slowPeriod, slowType];
  const start = Math.max(maLookback(fast, fastKind), maLookback(slow, slowKind));
  const fastAverage = movingAverageFrom(values, fast, fastKind, start);
  const slowAverage = movingAverageFrom(values, slow, slowKind, start);
  const line = outputArray(values.length, start);
  for (let i = start; i < values.length; i++) line[i] = fastAverage[i]! - slowAverage[i]!;
  return macdFromLine(line, start, signalPeriod, signalType);
}

/**
 * MACD with TA-Lib's fixed smoothing factors 0.15 (12 bars) and 0.075 (26 bars); the 12-bar EMA
 * is seeded at bar 25 like the 26-bar one; signal = EMA(line, signal period). Look-back:
 * 25 + signal - 1. Matches TA-Lib MACDFIX.
 */
export function macdFixed(values: Float64Array, signalPeriod: number): MacdLines {
  const fast = ema(values, 12, 14, 0.15);
  const slow = ema(values, 26, 0, 0.075);
  const line = outputArray(values.length, 25);
  for (let i = 25; i < values.length; i++) line[i] = fast[i]! - slow[i]!;
  return macdFromLine(line, 25, signalPeriod, 1);
}

export interface FastStochastic {
  fastK: Float64Array;
  fastD: Float64Array;
}

/**
 * %K = 100 * (C - LL(K)) / (HH(K) - LL(K)) (0 when HH == LL) over bars first.., aligned to the
 * input from first + K - 1.
 */
function percentK(high: Float64Array, low: Float64Array, close: Float64Array, period: number, first: number) {
  const length = close.length;
  const out = outputArray(length, first + period - 1);
  if (first >= length) return out;
  const highest = rollingExtremes(high.subarray(first), period, 1);
  const lowest = rollingExtremes(low.subarray(first), period, -1);
  for (let i = first + period - 1; i < length; i++) {
    const bottom = lowest[i - first]!;
    const scale = (highest[i - first]! - bottom) / 100;
    out[i] = scale !== 0 ? (close[i]! - bottom) / scale : 0;
  }
  return out;
}

/**
 * Fast stochastic: %K as above, %D = MA(%K, D, type); both start at K - 1 + maLookback(D).
 * `first` is the first valid input (STOCHRSI runs it on RSI values). Matches TA-Lib STOCHF.
 */
export function fastStochastic(
  high: Float64Array,
  low: Float64Array,
  close: Float64Array,
  fastKPeriod: number,
  fastDPeriod: number,
  fastDType: number,
  first = 0,
): FastStochastic {
  const fastK = percentK(high, low, close, fastKPeriod, first);
  const kStart = first + fastKPeriod - 1;
  const fastD = movingAverage(fastK, fastDPeriod, fastDType, kStart);
  return { fastK: cutBefore(fastK, kStart + maLookback(fastDPeriod, fastDType)), fastD };
}

/**
 * Slow stochastic with moving average types: slowK = MA(%K, SK, typeK), slowD = MA(slowK, SD,
 * typeD), both cut to start together. Matches TA-Lib STOCH.
 */
export function slowStochastic(
  high: Float64Array,
  low: Float64Array,
  close: Float64Array,
  fastKPeriod: number,
  slowKPeriod: number,
  slowKType: number,
  slowDPeriod: number,
  slowDType: number,
) {
  const fastK = percentK(high, low, close, fastKPeriod, 0);
  const kStart = fastKPeriod - 1;
  const slowK = movingAverage(fastK, slowKPeriod, slowKType, kStart);
  const dStart = kStart + maLookback(slowKPeriod, slowKType);
  const slowD = movingAverage(slowK, slowDPeriod, slowDType, dStart);
  return { slowK: cutBefore(slowK, dStart + maLookback(slowDPeriod, slowDType)), slowD };
}

/**
 * Stochastic RSI (Chande and Kroll): the fast stochastic of RSI(N) with %K and %D periods.
 * Look-back: N + K - 1 + maLookback(D). Matches TA-Lib STOCHRSI.
 */
export function stochasticRsi(
  values: Float64Array,
  period: number,
  fastKPeriod: number,
  fastDPeriod: number,
  fastDType: number,
): FastStochastic {
  const strength = rsi(values, period);
  return fastStochastic(strength, strength, strength, fastKPeriod, fastDPeriod, fastDType, period);
}

/**
 * TRIX (Hutson): the 1-bar rate of change in percent of a triple EMA(N).
 * Look-back: 3(N - 1) + 1. Matches TA-Lib TRIX.
 */
export function trix(values: Float64Array, period: number): Float64Array {
  const once = ema(values, period);
  const twice = ema(once, period, period - 1);
  const thrice = ema(twice, period, 2 * (period - 1));
  const firstOut = 3 * (period - 1) + 1;
  const out = outputArray(values.length, firstOut);
  for (let i = firstOut; i < values.length; i++) {
    const earlier = thrice[i - 1]!;
    out[i] = earlier === 0 ? 0 : (thrice[i]! / earlier - 1) * 100;
  }
  return out;
}

/** Running sums of buying pressure (a) and true range (b) over one of ULTOSC's periods. */
interface Sum {
  period: number;
  a: number;
  b: number;
}

/**
 * Ultimate oscillator (Williams, 1985): BP = C - min(L, C[t-1]), TR = true range; with the
 * three periods sorted short to long, UO = 100 * (4 A1 + 2 A2 + A3) / 7 where Ai = sum(BP) /
 * sum(TR) over period i (a term is left out when its TR sum is 0). Look-back: longest period.
 * Matches TA-Lib ULTOSC.
 */
export function ultimateOscillator(
  high: Float64Array,
  low: Float64Array,
  close: Float64Array,
  periods: readonly [number, number, number],
): Float64Array {
  const [short, medium, long] = [...periods].sort((a, b) => a - b) as [number, number, number];
  const length = close.length;
  const out = outputArray(length, long);
  const buying = new Float64Array(length);
  const range = new Float64Array(length);
  for (let i = 1; i < length; i++) {
    const previousClose = close[i - 1]!;
    buying[i] = close[i]! - Math.min(low[i]!, previousClose);
    range[i] = Math.max(
      high[i]! - low[i]!,
      Math.abs(previousClose - high[i]!),
      Math.abs(previousClose - low[i]!),
    );
  }
  const sums = [short, medium, long].map((period): Sum => {
    let a = 0;
    let b = 0;
    for (let i = long - period + 1; i < long; i++) {
      a += buying[i]!;
      b += range[i]!;
    }
    return { period, a, b };
  });
  for (let t = long; t < length; t++) {
    let value = 0;
    for (const sum of sums) {
      sum.a += buying[t]!;
      sum.b += range[t]!;
    }
    // TA-Lib's order: 4 * A1 + 2 * A2 + A3, a term left out when its range sum is 0.
    const [first, second, third] = sums as [Sum, Sum, Sum];
    if (!isZero(first.b)) value += 4 * (first.a / first.b);
    if (!isZero(second.b)) value += 2 * (second.a / second.b);
    if (!isZero(third.b)) value += third.a / third.b;
    for (const sum of sums) {
      sum.a -= buying[t - sum.period + 1]!;
      sum.b -= range[t - sum.period + 1]!;
    }
    out[t] = 100 * (value / 7);
  }
  return out;
}
