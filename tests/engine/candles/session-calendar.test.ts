import { describe, expect, it } from 'vitest';
import { SessionCalendar, UTC_CALENDAR, minutesOfClock } from '../../../src/engine/candles/session-calendar';

const iso = (t: number) => new Date(t).toISOString();
const at = (text: string) => Date.parse(text);

describe('SessionCalendar', () => {
  it('is the UTC calendar day by default', () => {
    expect(UTC_CALENDAR.dayOf(at('2024-01-02T00:00:00Z'))).toBe(UTC_CALENDAR.dayOfDate('2024-01-02'));
    expect(UTC_CALENDAR.dayOf(at('2024-01-02T23:59:59.999Z'))).toBe(UTC_CALENDAR.dayOfDate('2024-01-02'));
    expect(iso(UTC_CALENDAR.startOfDate('2024-01-02'))).toBe('2024-01-02T00:00:00.000Z');
    expect(UTC_CALENDAR.dateOf(at('2024-01-02T18:00:00Z'))).toBe('2024-01-02');
  });

  it('starts New York’s days at 09:30 on both sides of the March 2023 DST switch', () => {
    const newYork = new SessionCalendar('America/New_York', minutesOfClock('09:30'));
    expect(iso(newYork.startOfDate('2023-03-10'))).toBe('2023-03-10T14:30:00.000Z');
    expect(iso(newYork.startOfDate('2023-03-13'))).toBe('2023-03-13T13:30:00.000Z');
    expect(newYork.dateOf(at('2023-03-13T13:30:00Z'))).toBe('2023-03-13');
    // 09:25 EDT is before the open: still the previous trading day.
    expect(newYork.dateOf(at('2023-03-13T13:25:00Z'))).toBe('2023-03-12');
    expect(iso(newYork.startOfDayAt(at('2023-03-13T19:55:00Z')))).toBe('2023-03-13T13:30:00.000Z');
  });

  it('maps a half-hour zone without daylight saving time (Kolkata 09:15)', () => {
    const kolkata = new SessionCalendar('Asia/Kolkata', minutesOfClock('09:15'));
    expect(iso(kolkata.startOfDate('2023-09-01'))).toBe('2023-09-01T03:45:00.000Z');
  });

  it('keeps a Sydney session that opens the evening before in UTC in one day, across the AEDT switches', () => {
    const sydney = new SessionCalendar('Australia/Sydney', minutesOfClock('10:00'));
    // Friday 5 April 2024 (AEDT, UTC+11) and Monday 8 April 2024 (AEST, UTC+10, since 7 April).
    expect(iso(sydney.startOfDate('2024-04-05'))).toBe('2024-04-04T23:00:00.000Z');
    expect(iso(sydney.startOfDate('2024-04-08'))).toBe('2024-04-08T00:00:00.000Z');
    expect(sydney.dateOf(at('2024-04-04T23:00:00Z'))).toBe('2024-04-05');
    expect(sydney.dateOf(at('2024-04-05T04:45:00Z'))).toBe('2024-04-05');
    // Back to AEDT on Sunday 6 October 2024: Monday 7 October opens at 23:00 UTC on the 6th.
    expect(iso(sydney.startOfDate('2024-10-04'))).toBe('2024-10-04T00:00:00.000Z');
    expect(iso(sydney.startOfDate('2024-10-07'))).toBe('2024-10-06T23:00:00.000Z');
  });

  it('rolls a forex day over at 17:00 New York, 22:00 UTC in winter and 21:00 UTC in summer', () => {
    const forex = new SessionCalendar('America/New_York', minutesOfClock('17:00'));
    expect(forex.dateOf(at('2024-01-02T21:59:00Z'))).toBe('2024-01-01');
    expect(forex.dateOf(at('2024-01-02T22:00:00Z'))).toBe('2024-01-02');
    expect(forex.dateOf(at('2024-07-02T20:59:00Z'))).toBe('2024-07-01');
    expect(forex.dateOf(at('2024-07-02T21:00:00Z'))).toBe('2024-07-02');
    expect(iso(forex.startOfDate('2024-07-02'))).toBe('2024-07-02T21:00:00.000Z');
  });

  it('starts a day at local midnight across a DST change (Paris, 31 March 2024)', () => {
    const paris = new SessionCalendar('Europe/Paris');
    expect(iso(paris.startOfDate('2024-03-31'))).toBe('2024-03-30T23:00:00.000Z');
    expect(iso(paris.startOfDate('2024-04-01'))).toBe('2024-03-31T22:00:00.000Z');
    expect(paris.dayOf(at('2024-03-31T21:59:00Z'))).toBe(paris.dayOfDate('2024-03-31'));
  });

  it('refuses an unknown zone and a malformed time', () => {
    expect(() => new SessionCalendar('Mars/Olympus')).toThrow(RangeError);
    expect(() => new SessionCalendar('Etc/UTC', 1440)).toThrow(RangeError);
    expect(() => minutesOfClock('9:30')).toThrow('"9:30" is not a time of day as HH:MM');
    expect(() => minutesOfClock('24:00')).toThrow(RangeError);
    expect(minutesOfClock('23:59')).toBe(1439);
  });
});
