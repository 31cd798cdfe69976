/**
 * Wall-clock time in an IANA time zone, daylight saving time included, through the platform's
 * Intl (available in Node, workerd and browsers; no time-zone data of our own).
 *
 * Reading an offset with Intl allocates, so offsets are cached per UTC week: the offsets at the
 * week's two ends, and where they differ the transition between them, found to the minute. This
 * assumes at most one offset change per week, which holds for every zone the builder offers
 * (UTC, New York, Los Angeles, Paris).
 */
import { DAY_MS, HOUR_MS, MINUTE_MS } from '../../shared/time-units';

const MS_PER_WEEK = 7 * DAY_MS;

const formatters = new Map<string, Intl.DateTimeFormat>();

/** One formatter per zone for the process: building one costs far more than using it. */
function formatterFor(timeZone: string): Intl.DateTimeFormat {
  let formatter = formatters.get(timeZone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
    });
    formatters.set(timeZone, formatter);
  }
  return formatter;
}

/** A UTC week's offsets: `startOffset` before `transition`, `endOffset` from it on. */
interface WeekOffsets {
  startOffset: number;
  endOffset: number;
  /** Unix ms of the offset change; +Infinity when the week has none. */
  transition: number;
}

/**
 * The names of UTC itself, whose offset is always 0: their clock reads no offsets and builds no
 * formatter (the first formatter of a process loads the platform's zone data, some 15 ms).
 */
const UTC_NAMES = new Set(['UTC', 'Etc/UTC']);

export class ZoneClock {
  /** Null for UTC. */
  private readonly formatter: Intl.DateTimeFormat | null;
  private readonly weeks = new Map<number, WeekOffsets>();
  private lastWeek = Number.NaN;
  private lastOffsets: WeekOffsets | undefined;

  /** @param timeZone an IANA zone name such as "America/New_York" (RangeError if unknown). */
  constructor(readonly timeZone: string) {
    this.formatter = UTC_NAMES.has(timeZone) ? null : formatterFor(timeZone);
  }

  /** Local wall-clock time minus UTC at `instant` (unix ms), in ms (New York in winter: -5 h). */
  offsetAt(instant: number): number {
    if (this.formatter === null) return 0;
    const week = Math.floor(instant / MS_PER_WEEK);
    // Callers walk through time: the week asked last answers most calls without a Map look-up.
    let offsets = week === this.lastWeek ? this.lastOffsets : this.weeks.get(week);
    if (!offsets) {
      offsets = this.readWeek(week * MS_PER_WEEK);
      this.weeks.set(week, offsets);
    }
    this.lastWeek = week;
    this.lastOffsets = offsets;
    return instant < offsets.transition ? offsets.startOffset : offsets.endOffset;
  }

  /**
   * The first instant after `after` (unix ms) at which the zone's wall clock reads `minuteOfDay`
   * (minutes after local midnight). When daylight saving time skips that reading, the instant
   * the clock jumps past it; when the clock is set back over it, the second reading counts too.
   */
  nextWallClockTime(after: number, minuteOfDay: number): number {
    const wallNow = after + this.offsetAt(after);
    let wallTarget = Math.floor(wallNow / DAY_MS) * DAY_MS + minuteOfDay * MINUTE_MS;
    for (;;) {
      const instant = this.firstInstantAtWall(wallTarget, after);
      if (instant !== null) return instant;
      wallTarget += DAY_MS;
    }
  }

  /**
   * The instant at which the wall clock reads `minuteOfDay` on the local date that starts at
   * `localMidnight` (that date's midnight written as if it were UTC, in ms). Skipped by a
   * spring-forward jump: the instant of the jump; read twice when the clock is set back: the
   * first reading.
   */
  instantOfWallClock(localMidnight: number, minuteOfDay: number): number {
    const wall = localMidnight + minuteOfDay * MINUTE_MS;
    // A few hours before the answer, whatever daylight saving time does around it.
    const before = wall - this.offsetAt(wall) - 3 * HOUR_MS;
    return this.nextWallClockTime(before, minuteOfDay);
  }

  /**
   * The earliest instant later than `after` whose wall clock reads `wall`, or passes it in a
   * spring-forward jump; null when there is none. Any offset change near `wall` is the one
   * between a day before and a day after it (one change per week at most).
   */
  private firstInstantAtWall(wall: number, after: number): number | null {
    const offsetBefore = this.offsetAt(wall - DAY_MS);
    const offsetAfter = this.offsetAt(wall + DAY_MS);
    const beforeChange = wall - offsetBefore;
    const afterChange = wall - offsetAfter;
    const readsBeforeChange = this.offsetAt(beforeChange) === offsetBefore;
    const readsAfterChange = this.offsetAt(afterChange) === offsetAfter;
    if (!readsBeforeChange && !readsAfterChange) {
      // Spring forward skipped `wall`: the clock passes it at the transition.
      const transition = this.transitionBetween(afterChange, beforeChange, offsetBefore);
      return transition > after ? transition : null;
    }
    // Fall back makes the clock read `wall` twice; otherwise both candidates are one instant.
    let first: number | null = null;
    if (readsBeforeChange && beforeChange > after) first = beforeChange;
    if (readsAfterChange && afterChange > after && (first === null || afterChange < first))
      first = afterChange;
    return first;
  }

  private readWeek(weekStart: number): WeekOffsets {
    const weekEnd = weekStart + MS_PER_WEEK;
    const startOffset = this.weeks.get(weekStart / MS_PER_WEEK - 1)?.endOffset ?? this.probe(weekStart);
    const endOffset = this.probe(weekEnd);
    const transition =
      startOffset === endOffset
        ? Number.POSITIVE_INFINITY
        : this.transitionBetween(weekStart, weekEnd, startOffset);
    return { startOffset, endOffset, transition };
  }

  /** The first whole minute in (from, to] whose offset is no longer `fromOffset`. */
  private transitionBetween(from: number, to: number, fromOffset: number): number {
    let low = from;
    let high = to;
    while (high - low > MINUTE_MS) {
      const middle = low + Math.floor((high - low) / 2 / MINUTE_MS) * MINUTE_MS;
      if (this.probe(middle) === fromOffset) low = middle;
      else high = middle;
    }
    return high;
  }

  /** The offset at `instant` read from Intl (uncached). */
  private probe(instant: number): number {
    const field = { year: 0, month: 0, day: 0, hour: 0, minute: 0, second: 0 };
    for (const part of this.formatter!.formatToParts(instant)) {
      if (part.type in field) field[part.type as keyof typeof field] = Number(part.value);
    }
    const wall = Date.UTC(field.year, field.month - 1, field.day, field.hour, field.minute, field.second);
    return wall - (instant - (((instant % 1000) + 1000) % 1000));
  }
}

const clocks = new Map<string, ZoneClock>();

/** The process's one ZoneClock of a zone, so every user shares its cached offsets. */
export function zoneClock(timeZone: string): ZoneClock {
  let clock = clocks.get(timeZone);
  if (!clock) {
    clock = new ZoneClock(timeZone);
    clocks.set(timeZone, clock);
  }
  return clock;
}
