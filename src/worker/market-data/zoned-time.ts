/** Wall-clock times in an IANA zone -> UTC instants, through the engine's ZoneClock (DST honoured). */
import { ZoneClock } from '../../engine/candles/zone-clock';

const clocks = new Map<string, ZoneClock>();

function clockFor(timeZone: string): ZoneClock {
  let clock = clocks.get(timeZone);
  if (!clock) {
    clock = new ZoneClock(timeZone);
    clocks.set(timeZone, clock);
  }
  return clock;
}

/** The zone's offset from UTC at an instant, in ms (positive east of Greenwich). */
export function zoneOffsetMs(instantMs: number, timeZone: string): number {
  return clockFor(timeZone).offsetAt(instantMs);
}

/** The UTC instant of a wall-clock date and minute-of-day in a zone. */
export function zonedToUtc(date: string, minuteOfDay: number, timeZone: string): number {
  const clock = clockFor(timeZone);
  const midnightAsUtc = Date.parse(`${date}T00:00:00Z`);
  const localMidnight = midnightAsUtc - clock.offsetAt(midnightAsUtc);
  return clock.nextWallClockTime(localMidnight - 1, minuteOfDay);
}

export function minutesOfClock(clock: string): number {
  const [hours, minutes] = clock.split(':').map(Number) as [number, number];
  return hours * 60 + minutes;
}
