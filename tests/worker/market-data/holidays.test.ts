import { describe, expect, it } from 'vitest';
import { isMarketHoliday } from '../../../src/worker/market-data/holidays';

/** Every holiday of a year, by asking for each day. */
function holidaysOf(exchange: string, year: number): string[] {
  const days: string[] = [];
  for (let day = Date.UTC(year, 0, 1); day < Date.UTC(year + 1, 0, 1); day += 86_400_000) {
    const date = new Date(day).toISOString().slice(0, 10);
    if (isMarketHoliday(exchange, date)) days.push(date);
  }
  return days;
}

describe('market holidays of the fallback exchanges', () => {
  it('match the NYSE’s published 2023 holidays', () => {
    expect(holidaysOf('US', 2023)).toEqual([
      '2023-01-02',
      '2023-01-16',
      '2023-02-20',
      '2023-04-07',
      '2023-05-29',
      '2023-06-19',
      '2023-07-04',
      '2023-09-04',
      '2023-11-23',
      '2023-12-25',
    ]);
    expect(holidaysOf('NASDAQ', 2023)).toEqual(holidaysOf('US', 2023));
  });

  it('move weekend holidays as the NYSE does, and start Juneteenth in 2022', () => {
    // 1 January 2022 was a Saturday: not observed; Juneteenth on a Sunday: Monday 20 June.
    expect(holidaysOf('US', 2022)).toEqual([
      '2022-01-17',
      '2022-02-21',
      '2022-04-15',
      '2022-05-30',
      '2022-06-20',
      '2022-07-04',
      '2022-09-05',
      '2022-11-24',
      '2022-12-26',
    ]);
    expect(isMarketHoliday('US', '2021-12-24')).toBe(true);
    expect(isMarketHoliday('US', '2021-06-18')).toBe(false);
    expect(isMarketHoliday('US', '2000-04-21')).toBe(true);
  });

  it('keep India’s fixed-date holidays and Good Friday on the NSE, and none elsewhere', () => {
    expect(holidaysOf('NSE', 2023)).toEqual([
      '2023-01-26',
      '2023-04-07',
      '2023-05-01',
      '2023-08-15',
      '2023-10-02',
      '2023-12-25',
    ]);
    expect(holidaysOf('LSE', 2023)).toEqual([]);
  });
});
