import { describe, expect, it } from 'vitest';
import { SessionCalendar, UTC_CALENDAR } from '../../../src/engine/candles/session-calendar';
import { monthlyReturns } from '../../../src/engine/metrics/monthly-returns';

const day = (iso: string) => Date.parse(`${iso}T00:00:00Z`);

describe('monthlyReturns', () => {
  it('chains each month from the last equity of the month before (the capital first)', () => {
    const openTimes = Float64Array.from(
      ['2024-01-30', '2024-01-31', '2024-02-01', '2024-02-29', '2024-04-02'],
      day,
    );
    // Jan: 100 -> 110 (+10%); Feb: 110 -> 99 (-10%); March has no bars; Apr: 99 -> 108.9 (+10%).
    const equity = Float64Array.from([105, 110, 120, 99, 108.9]);
    const months = monthlyReturns(equity, openTimes, 0, 100, UTC_CALENDAR);
    expect(months.map((m) => m.month)).toEqual(['2024-01', '2024-02', '2024-04']);
    expect(months[0]!.returnPct).toBeCloseTo(10, 10);
    expect(months[1]!.returnPct).toBeCloseTo(-10, 10);
    expect(months[2]!.returnPct).toBeCloseTo(10, 10);
  });

  it('skips the warm-up and reads months in the market calendar', () => {
    // 2024-01-31 23:00 UTC is 1 February 10:00 in Sydney: February's first bar there.
    const openTimes = Float64Array.from([Date.UTC(2024, 0, 30, 23), Date.UTC(2024, 0, 31, 23)]);
    const equity = Float64Array.from([Number.NaN, 90]);
    const sydney = new SessionCalendar('Australia/Sydney', 10 * 60);
    const inSydney = monthlyReturns(equity, openTimes, 1, 100, sydney);
    expect(inSydney.map((m) => m.month)).toEqual(['2024-02']);
    expect(inSydney[0]!.returnPct).toBeCloseTo(-10, 10);
    expect(monthlyReturns(equity, openTimes, 1, 100, UTC_CALENDAR).map((m) => m.month)).toEqual(['2024-01']);
  });
});
