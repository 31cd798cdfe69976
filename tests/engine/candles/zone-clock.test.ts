import { describe, expect, it } from 'vitest';
import { ZoneClock } from '../../../src/engine/candles/zone-clock';

const HOUR = 3_600_000;
const at = (iso: string) => Date.parse(iso);
const iso = (time: number) => new Date(time).toISOString();

describe('ZoneClock offsets follow daylight saving time', () => {
  it.each([
    // zone, before switch, after switch, instant of the switch (UTC)
    ['America/New_York', -5, -4, '2024-03-10T07:00:00Z'],
    ['America/New_York', -4, -5, '2024-11-03T06:00:00Z'],
    ['America/Los_Angeles', -8, -7, '2024-03-10T10:00:00Z'],
    ['Europe/Paris', 1, 2, '2024-03-31T01:00:00Z'],
    ['Europe/Paris', 2, 1, '2024-10-27T01:00:00Z'],
  ])('%s: %i h until %s then %i h', (zone, before, after, switchAt) => {
    const clock = new ZoneClock(zone);
    expect(clock.offsetAt(at(switchAt) - 60_000)).toBe(before * HOUR);
    expect(clock.offsetAt(at(switchAt))).toBe(after * HOUR);
    expect(clock.offsetAt(at(switchAt) - 3 * 86_400_000)).toBe(before * HOUR);
    expect(clock.offsetAt(at(switchAt) + 3 * 86_400_000)).toBe(after * HOUR);
  });

  it('has no daylight saving time in Etc/UTC', () => {
    const clock = new ZoneClock('Etc/UTC');
    expect(clock.offsetAt(at('2024-01-15T12:00:00Z'))).toBe(0);
    expect(clock.offsetAt(at('2024-07-15T12:00:00Z'))).toBe(0);
  });

  it('reads UTC without Intl exactly as Intl reads it (Etc/GMT goes through Intl)', () => {
    const throughIntl = new ZoneClock('Etc/GMT');
    for (const name of ['UTC', 'Etc/UTC']) {
      const clock = new ZoneClock(name);
      for (
        let instant = at('1969-06-01T00:00:00Z');
        instant < at('2031-01-01T00:00:00Z');
        instant += 97 * 86_400_000 + 12_345_678
      ) {
        expect(clock.offsetAt(instant)).toBe(throughIntl.offsetAt(instant));
        expect(clock.nextWallClockTime(instant, 570)).toBe(throughIntl.nextWallClockTime(instant, 570));
        const midnight = Math.floor(instant / 86_400_000) * 86_400_000;
        expect(clock.instantOfWallClock(midnight, 0)).toBe(throughIntl.instantOfWallClock(midnight, 0));
      }
    }
  });
});

describe('ZoneClock.nextWallClockTime', () => {
  const newYork = new ZoneClock('America/New_York');

  it('finds the next reading of the wall clock, today or tomorrow', () => {
    // 15:30 New York = 20:30 UTC in winter, 19:30 UTC in summer.
    expect(iso(newYork.nextWallClockTime(at('2024-03-08T12:00:00Z'), 15 * 60 + 30))).toBe(
      '2024-03-08T20:30:00.000Z',
    );
    expect(iso(newYork.nextWallClockTime(at('2024-03-08T20:30:00Z'), 15 * 60 + 30))).toBe(
      '2024-03-09T20:30:00.000Z',
    );
    expect(iso(newYork.nextWallClockTime(at('2024-03-09T21:00:00Z'), 15 * 60 + 30))).toBe(
      '2024-03-10T19:30:00.000Z',
    );
  });

  it('takes the jump when spring forward skips the time (02:30 does not exist on 10 March)', () => {
    expect(iso(newYork.nextWallClockTime(at('2024-03-10T00:00:00Z'), 2 * 60 + 30))).toBe(
      '2024-03-10T07:00:00.000Z',
    );
  });

  it('counts both readings when fall back repeats the time (01:30 twice on 3 November)', () => {
    expect(iso(newYork.nextWallClockTime(at('2024-11-03T00:00:00Z'), 90))).toBe('2024-11-03T05:30:00.000Z');
    expect(iso(newYork.nextWallClockTime(at('2024-11-03T05:45:00Z'), 90))).toBe('2024-11-03T06:30:00.000Z');
    expect(iso(newYork.nextWallClockTime(at('2024-11-03T06:30:00Z'), 90))).toBe('2024-11-04T06:30:00.000Z');
  });
});
