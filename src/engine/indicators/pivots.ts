import type { SessionCalendar } from '../candles/session-calendar';

export type PivotLevel = 'pivot' | 'support1' | 'support2' | 'resistance1' | 'resistance2';

/** The level from a session's high, low and close: P = (H + L + C) / 3 and the floor levels. */
function levelOf(level: PivotLevel, high: number, low: number, close: number): number {
  const pivot = (high + low + close) / 3;
  switch (level) {
    case 'pivot':
      return pivot;
    case 'support1':
      return 2 * pivot - high;
    case 'support2':
      return pivot - (high - low);
    case 'resistance1':
      return 2 * pivot - low;
    case 'resistance2':
      return pivot + (high - low);
  }
}

/**
 * Classic floor pivot level from the previous session, where a session is a trading day of the
 * market's calendar (UTC calendar days unless the series says otherwise) and its H, L, C are
 * the day's highest high, lowest low and last close:
 * P = (H + L + C) / 3, S1 = 2P - H, S2 = P - (H - L), R1 = 2P - L, R2 = P + (H - L).
 * On daily (or longer) bars every bar is its own session, so the level comes from the previous
 * bar; on intraday bars it comes from the previous trading day that has bars (weekends skipped).
 * Look-back: 1 on daily bars; on intraday bars the first value is at the first bar of the
 * second trading day. Not in TA-Lib.
 */
export function floorPivot(
  level: PivotLevel,
  time: Float64Array,
  high: Float64Array,
  low: Float64Array,
  close: Float64Array,
  calendar: SessionCalendar,
): Float64Array {
  const length = close.length;
  const out = new Float64Array(length);
  // Open times increase, so a bar at or after the current day's end starts a new trading day.
  let dayEnd = Number.NEGATIVE_INFINITY;
  let dayHigh = Number.NaN;
  let dayLow = Number.NaN;
  let value = Number.NaN; // the level from the previous session; NaN until one has ended
  for (let i = 0; i < length; i++) {
    if (time[i]! >= dayEnd) {
      if (i > 0) value = levelOf(level, dayHigh, dayLow, close[i - 1]!);
      dayEnd = calendar.endOfDayAt(time[i]!);
      dayHigh = high[i]!;
      dayLow = low[i]!;
    } else {
      dayHigh = Math.max(dayHigh, high[i]!);
      dayLow = Math.min(dayLow, low[i]!);
    }
    out[i] = value;
  }
  return out;
}
