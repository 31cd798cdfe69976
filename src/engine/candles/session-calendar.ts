/**
 * Trading days of a market: which day a bar belongs to, and when each day starts, in the
 * market's IANA time zone (daylight saving time honoured through ZoneClock).
 *
 * A trading day starts at the session open in local wall-clock time and lasts until the next
 * day's open, so a market that opens at 10:00 in Sydney (23:00 UTC the evening before) has its
 * bars in one day, and a forex day that rolls over at 17:00 New York is one day too. The
 * default calendar is the UTC calendar day (zone Etc/UTC, open 00:00): the convention for data
 * of unknown origin, such as a CSV file.
 */
import { zoneClock } from './zone-clock';
import { DAY_MS, MINUTE_MS } from '../../shared/time-units';

/** Further than any zone's offset moves in one change (a few hours at most). */
const NEAR_MS = 15 * 3_600_000;

/** "HH:MM" (24-hour clock) -> minutes after midnight; RangeError when malformed. */
export function minutesOfClock(clock: string): number {
  const match = /^([01]\d|2[0-3]):([0-5]\d)$/.exec(clock);
  if (!match) throw new RangeError(`"${clock}" is not a time of day as HH:MM`);
  return Number(match[1]) * 60 + Number(match[2]);
}

export class SessionCalendar {
  private readonly clock;
  /** Starts of the days near a daylight-saving change, found the slow way. */
  private readonly starts = new Map<number, number>();

  /**
   * @param timeZone IANA zone of the market (RangeError if unknown)
   * @param openMinute local minute of day at which each trading day starts (the session open)
   */
  constructor(
    readonly timeZone = 'Etc/UTC',
    readonly openMinute = 0,
  ) {
    if (!Number.isInteger(openMinute) || openMinute < 0 || openMinute >= 1440) {
      throw new RangeError(`openMinute must be a whole minute of the day, got ${openMinute}`);
    }
    this.clock = zoneClock(timeZone);
  }

  /** The trading day of instant `t` (unix ms), numbered as days since 1970-01-01 (local date). */
  dayOf(t: number): number {
    return Math.floor((t + this.clock.offsetAt(t) - this.openMinute * MINUTE_MS) / DAY_MS);
  }

  /** When the trading day holding instant `t` ends: the start of the next one. */
  endOfDayAt(t: number): number {
    return this.startOfDay(this.dayOf(t) + 1);
  }

  /** The instant (unix ms) at which trading day `day` (a `dayOf` number) starts. */
  startOfDay(day: number): number {
    const wall = day * DAY_MS + this.openMinute * MINUTE_MS;
    // Away from a daylight-saving change (most days) the offset is the same hours around the
    // start: wall time minus that offset is the answer, found with cached offsets only.
    const offset = this.clock.offsetAt(wall);
    const start = wall - offset;
    if (this.clock.offsetAt(start - NEAR_MS) === offset && this.clock.offsetAt(start + NEAR_MS) === offset) {
      return start;
    }
    let exact = this.starts.get(day);
    if (exact === undefined) {
      exact = this.clock.instantOfWallClock(day * DAY_MS, this.openMinute);
      this.starts.set(day, exact);
    }
    return exact;
  }

  /** The day number (as `dayOf` gives) of the trading day dated `date` (YYYY-MM-DD). */
  dayOfDate(date: string): number {
    return Math.floor(Date.parse(`${date}T00:00:00Z`) / DAY_MS);
  }

  /** The instant at which the trading day dated `date` (YYYY-MM-DD, local) starts. */
  startOfDate(date: string): number {
    return this.startOfDay(this.dayOfDate(date));
  }

  /** The start of the trading day holding instant `t`: the anchor that intraday bars align to. */
  startOfDayAt(t: number): number {
    return this.startOfDay(this.dayOf(t));
  }

  /** The local date (YYYY-MM-DD) of the trading day holding instant `t`. */
  dateOf(t: number): string {
    return new Date(this.dayOf(t) * DAY_MS).toISOString().slice(0, 10);
  }
}

/** UTC calendar days: the default when a series' market is not known. */
export const UTC_CALENDAR = new SessionCalendar();
