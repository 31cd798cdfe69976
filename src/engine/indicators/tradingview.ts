/**
 * Widely used TradingView indicators that TA-Lib does not have. Each follows the formula of the
 * source cited in its doc comment (TradingView's Pine Script reference manual for its built-in
 * functions, https://www.tradingview.com/pine-script-reference/v5/, or the author's paper).
 */
import { ema, wma } from './moving-averages';
import { outputArray } from './output';
import { rollingExtremes } from './rolling-extremes';

/**
 * TradingView's ATR, ta.atr(N) = ta.rma(ta.tr(true), N): TR[0] = H - L (no previous close),
 * then the true range; RMA seeded with the mean of TR[0..N-1], then (RMA * (N - 1) + TR) / N.
 * Look-back: N - 1 (one bar earlier than TA-Lib's ATR, which skips bar 0).
 */
export function tradingViewAtr(high: Float64Array, low: Float64Array, close: Float64Array, period: number) {
  const length = close.length;
  const out = outputArray(length, period - 1);
  let average = 0;
  for (let i = 0; i < length; i++) {
    const range =
      i === 0
        ? high[0]! - low[0]!
        : Math.max(high[i]! - low[i]!, Math.abs(high[i]! - close[i - 1]!), Math.abs(low[i]! - close[i - 1]!));
    if (i < period) {
      average += range;
      if (i === period - 1) out[i] = average /= period;
    } else {
      average = (average * (period - 1) + range) / period;
      out[i] = average;
    }
  }
  return out;
}

export interface Supertrend {
  line: Float64Array;
  /** -1 in an up trend (line below price), 1 in a down trend (line above), as TradingView. */
  direction: Float64Array;
}

/**
 * Supertrend, TradingView ta.supertrend(factor, N) (Pine reference; Olivier Seban): with
 * hl2 = (H + L) / 2 and ATR as tradingViewAtr, the bands hl2 +/- factor * ATR; the lower band
 * only rises (kept unless it rises or the previous close fell below it), the upper only falls;
 * direction 1 (down) on the first bar, then down while the close stays at or below the upper band
 * it was following, up while the close stays at or above the lower band; the line is the lower
 * band in an up trend, the upper band in a down trend. Look-back: N - 1.
 */
export function supertrend(
  high: Float64Array,
  low: Float64Array,
  close: Float64Array,
  period: number,
  factor: number,
): Supertrend {
  const length = close.length;
  const atr = tradingViewAtr(high, low, close, period);
  const line = outputArray(length, period - 1);
  const direction = outputArray(length, period - 1);
  let lower = 0;
  let upper = 0;
  let trend = 1;
  for (let i = period - 1; i < length; i++) {
    const middle = (high[i]! + low[i]!) / 2;
    const previousLower = lower;
    const previousUpper = upper;
    const previousClose = i > 0 ? close[i - 1]! : Number.NaN;
    const basicLower = middle - factor * atr[i]!;
    const basicUpper = middle + factor * atr[i]!;
    lower = basicLower > previousLower || previousClose < previousLower ? basicLower : previousLower;
    upper = basicUpper < previousUpper || previousClose > previousUpper ? basicUpper : previousUpper;
    if (i === period - 1) trend = 1;
    else if (trend === 1) trend = close[i]! > upper ? -1 : 1;
    else trend = close[i]! < lower ? 1 : -1;
    line[i] = trend === -1 ? lower : upper;
    direction[i] = trend;
  }
  return { line, direction };
}

export interface Channel {
  upper: Float64Array;
  middle: Float64Array;
  lower: Float64Array;
}

/**
 * Keltner channels as TradingView's built-in "Keltner Channels" with its defaults (exponential
 * MA, bands from the average true range): middle = EMA(C, N) (seeded with the SMA, as ta.ema),
 * upper/lower = middle +/- multiplier * ta.atr(M) (tradingViewAtr). Look-back: max(N, M) - 1.
 * Chester Keltner (1960) used a 10-day SMA of the typical price and the average range; this is
 * Linda Raschke's EMA/ATR form TradingView ships.
 */
export function keltnerChannels(
  high: Float64Array,
  low: Float64Array,
  close: Float64Array,
  period: number,
  multiplier: number,
  atrPeriod: number,
): Channel {
  const middle = ema(close, period);
  const atr = tradingViewAtr(high, low, close, atrPeriod);
  const first = Math.max(period, atrPeriod) - 1;
  const upper = outputArray(close.length, first);
  const lower = outputArray(close.length, first);
  for (let i = first; i < close.length; i++) {
    upper[i] = middle[i]! + multiplier * atr[i]!;
    lower[i] = middle[i]! - multiplier * atr[i]!;
  }
  for (let i = 0; i < Math.min(first, close.length); i++) middle[i] = Number.NaN;
  return { upper, middle, lower };
}

/**
 * Donchian channels (Richard Donchian; TradingView built-in "DC"): upper = highest high of the
 * last N bars, lower = lowest low, middle = their mean. Look-back: N - 1.
 */
export function donchianChannels(high: Float64Array, low: Float64Array, period: number): Channel {
  const highest = rollingExtremes(high, period, 1);
  const lowest = rollingExtremes(low, period, -1);
  const upper = outputArray(high.length, period - 1);
  const middle = outputArray(high.length, period - 1);
  const lower = outputArray(high.length, period - 1);
  for (let i = period - 1; i < high.length; i++) {
    upper[i] = highest[i]!;
    lower[i] = lowest[i]!;
    middle[i] = (highest[i]! + lowest[i]!) / 2;
  }
  return { upper, middle, lower };
}

/**
 * Hull moving average (Alan Hull, 2005; TradingView ta.hma): WMA(2 * WMA(x, floor(N/2)) -
 * WMA(x, N), floor(sqrt(N))). Look-back: N - 1 + floor(sqrt(N)) - 1.
 */
export function hullMovingAverage(values: Float64Array, period: number): Float64Array {
  const half = wma(values, Math.max(1, Math.floor(period / 2)));
  const full = wma(values, period);
  const raw = outputArray(values.length, period - 1);
  for (let i = period - 1; i < values.length; i++) raw[i] = 2 * half[i]! - full[i]!;
  return wma(raw, Math.floor(Math.sqrt(period)), period - 1);
}

/**
 * Volume-weighted moving average (TradingView ta.vwma): SMA(C * V, N) / SMA(V, N), computed as
 * sum(C * V) / sum(V) over the last N bars; where the N bars traded no volume, the SMA of the
 * close (TradingView has no value there). Look-back: N - 1.
 */
export function volumeWeightedMovingAverage(close: Float64Array, volume: Float64Array, period: number) {
  const out = outputArray(close.length, period - 1);
  let weighted = 0;
  let traded = 0;
  let closes = 0;
  for (let i = 0; i < close.length; i++) {
    weighted += close[i]! * volume[i]!;
    traded += volume[i]!;
    closes += close[i]!;
    if (i >= period) {
      weighted -= close[i - period]! * volume[i - period]!;
      traded -= volume[i - period]!;
      closes -= close[i - period]!;
    }
    if (i >= period - 1) out[i] = traded > 0 ? weighted / traded : closes / period;
  }
  return out;
}

/**
 * Zero-lag EMA (Ehlers and Way, "Zero Lag (Well, Almost)", TASC November 2010; the common
 * TradingView form): EMA(2 x[t] - x[t - lag], N) with lag = floor((N - 1) / 2), the EMA seeded
 * with the SMA of its first N inputs. Look-back: lag + N - 1.
 */
export function zeroLagEma(values: Float64Array, period: number): Float64Array {
  const lag = Math.floor((period - 1) / 2);
  const adjusted = outputArray(values.length, lag);
  for (let i = lag; i < values.length; i++) adjusted[i] = 2 * values[i]! - values[i - lag]!;
  return ema(adjusted, period, lag);
}

export interface HeikinAshi {
  open: Float64Array;
  high: Float64Array;
  low: Float64Array;
  close: Float64Array;
}

/**
 * Heikin-Ashi candles (Dan Valcu, "Using the Heikin-Ashi Technique", TASC February 2004):
 * close = (O + H + L + C) / 4; open = (previous HA open + previous HA close) / 2, the first
 * (O + C) / 2; high = max(H, HA open, HA close); low = min(L, HA open, HA close). Look-back: 0.
 */
export function heikinAshi(open: Float64Array, high: Float64Array, low: Float64Array, close: Float64Array) {
  const length = close.length;
  const candles: HeikinAshi = {
    open: new Float64Array(length),
    high: new Float64Array(length),
    low: new Float64Array(length),
    close: new Float64Array(length),
  };
  for (let i = 0; i < length; i++) {
    const haClose = (open[i]! + high[i]! + low[i]! + close[i]!) / 4;
    const haOpen = i === 0 ? (open[0]! + close[0]!) / 2 : (candles.open[i - 1]! + candles.close[i - 1]!) / 2;
    candles.open[i] = haOpen;
    candles.close[i] = haClose;
    candles.high[i] = Math.max(high[i]!, haOpen, haClose);
    candles.low[i] = Math.min(low[i]!, haOpen, haClose);
  }
  return candles;
}
