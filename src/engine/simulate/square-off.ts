/**
 * The daily exit time as a square-off: from that time until the next trading session opens, no
 * new position may open (an intraday strategy squared off at 15:30 New York time must not buy
 * at 15:45 and hold overnight). Each trading day's square-off instant is the first time after
 * the day's start at which the exit zone's wall clock reads the exit time.
 */
import { UTC_CALENDAR, type SessionCalendar } from '../candles/session-calendar';
import { zoneClock } from '../candles/zone-clock';

export interface DailyExitTime {
  /** Minutes after local midnight. */
  minuteOfDay: number;
  /** IANA zone name, e.g. "America/New_York". */
  timeZone: string;
}

/**
 * Whether entries are closed at instant `time` (a fill at a bar's open): true from the day's
 * square-off to the end of its trading day. Always false without a daily exit time. Trading
 * days follow `calendar` (the series' market; UTC days by default).
 */
export function entriesClosedAfterSquareOff(
  exitTime: DailyExitTime | null,
  calendar: SessionCalendar = UTC_CALENDAR,
): (time: number) => boolean {
  if (exitTime === null) return () => false;
  const clock = zoneClock(exitTime.timeZone);
  // Bars come in time order: the day asked last answers nearly every call.
  let cachedDay = Number.NaN;
  let squareOff = Number.NaN;
  return (time) => {
    const day = calendar.dayOf(time);
    if (day !== cachedDay) {
      cachedDay = day;
      squareOff = clock.nextWallClockTime(calendar.startOfDay(day), exitTime.minuteOfDay);
    }
    return time >= squareOff;
  };
}
