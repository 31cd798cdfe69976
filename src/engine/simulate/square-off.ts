/**
 * The daily exit time as a square-off: from that time until the next trading session opens, no
 * new position may open (an intraday strategy squared off at 15:30 New York time must not buy
 * at 15:45 and hold overnight). Each trading day's square-off instant is the first time after
 * the day's start at which the exit zone's wall clock reads the exit time.
 */
import { UTC_CALENDAR, type SessionCalendar } from '../candles/session-calendar';
import { zoneClock, type ZoneClock } from '../candles/zone-clock';

export interface DailyExitTime {
  /** Minutes after local midnight. */
  minuteOfDay: number;
  /** IANA zone name, e.g. "America/New_York". */
  timeZone: string;
}

/**
 * Whether entries are closed at an instant (a fill at a bar's open): true from the day's
 * square-off to the end of its trading day. Always false without a daily exit time. Trading
 * days follow `calendar` (the series' market; UTC days by default). A class rather than a
 * closure: its cached day is a field, so the simulator's optimised code outlives each run.
 */
export class SquareOff {
  private readonly clock: ZoneClock | null;
  // Bars come in time order: the day asked last answers nearly every call. Its start and end
  // are kept so that a time inside it needs no calendar look-up.
  private dayStart = Number.NaN;
  private dayEnd = Number.NaN;
  private squareOff = Number.NaN;

  constructor(
    private readonly exitTime: DailyExitTime | null,
    private readonly calendar: SessionCalendar = UTC_CALENDAR,
  ) {
    this.clock = exitTime === null ? null : zoneClock(exitTime.timeZone);
  }

  entriesClosedAt(time: number): boolean {
    if (this.clock === null) return false;
    if (!(time >= this.dayStart && time < this.dayEnd)) {
      const day = this.calendar.dayOf(time);
      this.dayStart = this.calendar.startOfDay(day);
      this.dayEnd = this.calendar.startOfDay(day + 1);
      this.squareOff = this.clock.nextWallClockTime(this.dayStart, this.exitTime!.minuteOfDay);
    }
    return time >= this.squareOff;
  }

  /**
   * When entries open again after a time for which entriesClosedAt said true: the end of its
   * trading day (every later time before it is closed too).
   */
  reopensAt(): number {
    return this.dayEnd;
  }
}

/** SquareOff's entriesClosedAt as a function. */
export function entriesClosedAfterSquareOff(
  exitTime: DailyExitTime | null,
  calendar: SessionCalendar = UTC_CALENDAR,
): (time: number) => boolean {
  const squareOff = new SquareOff(exitTime, calendar);
  return (time) => squareOff.entriesClosedAt(time);
}
