import { describe, expect, it } from 'vitest';
import { aggregateBars } from '../../../src/engine/candles/aggregate-bars';
import { SessionCalendar } from '../../../src/engine/candles/session-calendar';
import type { CandleRow } from '../../../src/engine/candles/series';

const MINUTE = 60_000;
/** 09:30 New York on 2023-03-10 (EST) and 2023-03-13 (EDT), either side of the DST switch. */
const OPEN_BEFORE_DST = Date.parse('2023-03-10T14:30:00Z');
const OPEN_AFTER_DST = Date.parse('2023-03-13T13:30:00Z');

function fiveMinuteBars(sessionOpen: number, count: number, firstPrice: number): CandleRow[] {
  return Array.from({ length: count }, (_, i) => ({
    t: sessionOpen + i * 5 * MINUTE,
    o: firstPrice + i,
    h: firstPrice + i + 2,
    l: firstPrice + i - 1,
    c: firstPrice + i + 1,
    v: 100 + i,
  }));
}

/** New York's trading days, each starting at its 09:30 open (EST or EDT). */
const NEW_YORK = new SessionCalendar('America/New_York', 9 * 60 + 30);
const anchorOf = (t: number) => NEW_YORK.startOfDayAt(t);

describe('aggregateBars', () => {
  it('builds 15-minute bars from 5-minute bars by OHLCV rules', () => {
    const bars = aggregateBars(fiveMinuteBars(OPEN_BEFORE_DST, 6, 10), 15, anchorOf);
    expect(bars).toEqual([
      { t: OPEN_BEFORE_DST, o: 10, h: 14, l: 9, c: 13, v: 303 },
      { t: OPEN_BEFORE_DST + 15 * MINUTE, o: 13, h: 17, l: 12, c: 16, v: 312 },
    ]);
  });

  it('aligns buckets to the session open on both sides of a DST change, not to midnight UTC', () => {
    const rows = [...fiveMinuteBars(OPEN_BEFORE_DST, 6, 10), ...fiveMinuteBars(OPEN_AFTER_DST, 6, 50)];
    const bars = aggregateBars(rows, 30, anchorOf);
    expect(bars.map((bar) => new Date(bar.t).toISOString())).toEqual([
      '2023-03-10T14:30:00.000Z',
      '2023-03-13T13:30:00.000Z',
    ]);
    expect(bars[1]).toEqual({ t: OPEN_AFTER_DST, o: 50, h: 57, l: 49, c: 56, v: 615 });
  });

  it('leaves a gap as a gap and starts a new bucket after it', () => {
    const rows = fiveMinuteBars(OPEN_BEFORE_DST, 6, 10).filter((_, i) => i !== 1 && i !== 2);
    const bars = aggregateBars(rows, 15, anchorOf);
    expect(bars.map((bar) => (bar.t - OPEN_BEFORE_DST) / MINUTE)).toEqual([0, 15]);
    expect(bars[0]).toEqual({ t: OPEN_BEFORE_DST, o: 10, h: 12, l: 9, c: 11, v: 100 });
  });

  it('builds hourly bars from 5-minute bars, the last hour of a 6.5-hour session a half hour', () => {
    const bars = aggregateBars(fiveMinuteBars(OPEN_AFTER_DST, 78, 0), 60, anchorOf);
    expect(bars).toHaveLength(7);
    expect(bars.map((bar) => new Date(bar.t).toISOString().slice(11, 16))).toEqual([
      '13:30',
      '14:30',
      '15:30',
      '16:30',
      '17:30',
      '18:30',
      '19:30',
    ]);
    // Bars 0-11 make the first hour; bars 72-77 the closing half hour.
    expect(bars[0]).toEqual({ t: OPEN_AFTER_DST, o: 0, h: 13, l: -1, c: 12, v: 12 * 100 + 66 });
    expect(bars[6]).toEqual({
      t: OPEN_AFTER_DST + 6 * 60 * MINUTE,
      o: 72,
      h: 79,
      l: 71,
      c: 78,
      v: 6 * 100 + (72 + 73 + 74 + 75 + 76 + 77),
    });
  });
});
