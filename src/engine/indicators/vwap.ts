import { chunkEnd } from '../chunks';
import { outputArray } from './output';
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
  const sums = new Float64Array(2);
  // Open times increase, so a bar at or after the session's end starts the next one.
  let sessionEnd = Number.NEGATIVE_INFINITY;
  for (let i = 0; i < length;) {
    if (time[i]! >= sessionEnd) {
      sessionEnd = calendar.endOfDayAt(time[i]!);
      sums.fill(0);
    }
    i = sessionRun(time, high, low, close, volume, sessionEnd, i, chunkEnd(0, i, length), sums, out);
  }
  return out;
}

/**
 * sessionVwap's bars from `from` (its session already set) up to `to` or the session's end,
 * from the session's sums of TP * V and V in `sums` (updated); returns the next bar. A chunk
 * (see output.ts) that stops at the session's end keeps the calendar out of this loop.
 */
function sessionRun(
  time: Float64Array,
  high: Float64Array,
  low: Float64Array,
  close: Float64Array,
  volume: Float64Array,
  sessionEnd: number,
  from: number,
  to: number,
  sums: Float64Array,
  out: Float64Array,
): number {
  let priceVolume = sums[0]!;
  let totalVolume = sums[1]!;
  let i = from;
  do {
    const typical = (high[i]! + low[i]! + close[i]!) / 3;
    priceVolume += typical * volume[i]!;
    totalVolume += volume[i]!;
    out[i] = totalVolume > 0 ? priceVolume / totalVolume : typical;
    i++;
  } while (i < to && !(time[i]! >= sessionEnd));
  sums[0] = priceVolume;
  sums[1] = totalVolume;
  return i;
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
