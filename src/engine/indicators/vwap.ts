import { chunkEnd, outputArray } from './output';
import type { SessionCalendar } from '../candles/session-calendar';

/**
 * Session VWAP: sum(TP * V) / sum(V) over the bars of the current trading day so far (the
 * market's calendar; UTC calendar days unless the series says otherwise),
 * TP = (H + L + C) / 3; the sums restart at the first bar of each trading day (on daily bars every
 * bar is its own session, so the value is that bar's TP). While the session has traded no
 * volume the value is the bar's own TP. Look-back: 0. Not in TA-Lib.
 */
export function sessionVwap(
  time: Float64Array,
  high: Float64Array,
  low: Float64Array,
  close: Float64Array,
  volume: Float64Array,
  calendar: SessionCalendar,
): Float64Array {
  const length = close.length;
  const out = new Float64Array(length);
  // Open times increase, so a bar at or after the session's end starts the next one.
  const state = new Float64Array(VWAP_STATE_SIZE);
  state[SESSION_END] = Number.NEGATIVE_INFINITY;
  for (let from = 0; from < length;) {
    const to = chunkEnd(0, from, length);
    sessionVwapChunk(time, high, low, close, volume, calendar, from, to, state, out);
    from = to;
  }
  return out;
}

// sessionVwapChunk's state: the session's end and its running sums.
const SESSION_END = 0;
const PRICE_VOLUME = 1;
const TOTAL_VOLUME = 2;
const VWAP_STATE_SIZE = 3;

/** sessionVwap's bars from..to - 1, from the session in `state` (updated). */
function sessionVwapChunk(
  time: Float64Array,
  high: Float64Array,
  low: Float64Array,
  close: Float64Array,
  volume: Float64Array,
  calendar: SessionCalendar,
  from: number,
  to: number,
  state: Float64Array,
  out: Float64Array,
): void {
  let sessionEnd = state[SESSION_END]!;
  let priceVolume = state[PRICE_VOLUME]!;
  let totalVolume = state[TOTAL_VOLUME]!;
  for (let i = from; i < to; i++) {
    if (time[i]! >= sessionEnd) {
      sessionEnd = calendar.endOfDayAt(time[i]!);
      priceVolume = 0;
      totalVolume = 0;
    }
    const typical = (high[i]! + low[i]! + close[i]!) / 3;
    priceVolume += typical * volume[i]!;
    totalVolume += volume[i]!;
    out[i] = totalVolume > 0 ? priceVolume / totalVolume : typical;
  }
  state[SESSION_END] = sessionEnd;
  state[PRICE_VOLUME] = priceVolume;
  state[TOTAL_VOLUME] = totalVolume;
}

/**
 * Rolling VWAP over the last N bars: sum(TP * V) / sum(V), TP = (H + L + C) / 3, with running
 * sums. When none of the N bars has volume the value is the bar's own TP (the count of bars with
 * volume decides, so rounding left in the sums cannot fake a volume). Look-back: N - 1.
 * Not in TA-Lib.
 */
export function rollingVwap(
  high: Float64Array,
  low: Float64Array,
  close: Float64Array,
  volume: Float64Array,
  period: number,
): Float64Array {
  const length = close.length;
  const out = outputArray(length, period - 1);
  let priceVolume = 0;
  let totalVolume = 0;
  let barsWithVolume = 0;
  for (let i = 0; i < length; i++) {
    const typical = (high[i]! + low[i]! + close[i]!) / 3;
    priceVolume += typical * volume[i]!;
    totalVolume += volume[i]!;
    if (volume[i]! > 0) barsWithVolume++;
    if (i >= period - 1) {
      out[i] = barsWithVolume > 0 ? priceVolume / totalVolume : typical;
      const leaving = i - period + 1;
      priceVolume -= ((high[leaving]! + low[leaving]! + close[leaving]!) / 3) * volume[leaving]!;
      totalVolume -= volume[leaving]!;
      if (volume[leaving]! > 0) barsWithVolume--;
    }
  }
  return out;
}
