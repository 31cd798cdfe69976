import { describe, expect, it } from 'vitest';
import { calendarDate, calendarDateProblem, latestDate } from '../../src/shared/calendar-date';

const NOW = new Date('2026-11-23T10:00:00Z');

describe('calendarDateProblem', () => {
  it.each([
    {
      behaviour: 'accepts real days from 1970-01-01 to one year after today, leap days included',
      texts: ['1970-01-01', '2000-02-29', '2024-02-29', '2023-12-31', '2027-11-23'],
      problem: null,
    },
    {
      behaviour: 'refuses days that match YYYY-MM-DD but do not exist',
      texts: [
        '2023-13-01',
        '0000-00-00',
        '2023-01-00',
        '9999-99-99',
        '2023-02-30',
        '2023-02-29',
        '1900-02-29',
        '2023-04-31',
      ],
      problem: 'This date does not exist',
    },
    {
      behaviour: 'refuses days outside 1970 .. today + 1 year, naming the range',
      texts: ['1969-12-31', '0001-01-01', '2027-11-24', '9999-12-31'],
      problem: 'Enter a date from 1970-01-01 to 2027-11-23',
    },
    {
      behaviour: 'refuses anything that is not YYYY-MM-DD',
      texts: ['', '2023-1-01', '01/09/2023', '2023-01-01T00:00:00Z', ' 2023-01-01', '２０２３-01-01'],
      problem: 'Enter a date as YYYY-MM-DD',
    },
  ])('$behaviour', ({ texts, problem }) => {
    for (const text of texts) expect(calendarDateProblem(text, NOW), text).toBe(problem);
  });

  it('moves the last accepted day with the clock', () => {
    expect(latestDate(new Date('2024-02-29T12:00:00Z'))).toBe('2025-03-01');
    expect(calendarDate.safeParse(latestDate()).success).toBe(true);
    expect(calendarDate.safeParse(12).success).toBe(false);
  });
});
