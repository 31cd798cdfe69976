import { describe, expect, it } from 'vitest';
import { SessionCalendar } from '../../../src/engine/candles/session-calendar';
import { barsFromTicks } from '../../../src/engine/ticks/tick-bars';
import { MINUTE_MS, ticksAt } from './tick-data';

const at = (iso: string) => Date.parse(iso);

const rowsOf = ({ bars }: ReturnType<typeof barsFromTicks>) =>
  Array.from(bars.t, (t, i) => [
    new Date(t).toISOString(),
    bars.o[i],
    bars.h[i],
    bars.l[i],
    bars.c[i],
    bars.v[i],
  ]);

describe('barsFromTicks', () => {
  it('builds open, high, low, close and summed size per bar, a bar per span with trades', () => {
    const ticks = ticksAt([
      [at('2024-01-02T09:00:00Z'), 100],
      [at('2024-01-02T09:00:00Z'), 101],
      [at('2024-01-02T09:03:59.999Z'), 99.5],
      [at('2024-01-02T09:04:00Z'), 100.25],
      [at('2024-01-02T09:12:30Z'), 98],
    ]);
    ticks.q.set([1, 2, 3, 4, 5]);
    const built = barsFromTicks(ticks, 4);
    expect(rowsOf(built)).toEqual([
      ['2024-01-02T09:00:00.000Z', 100, 101, 99.5, 99.5, 6],
      ['2024-01-02T09:04:00.000Z', 100.25, 100.25, 100.25, 100.25, 4],
      // 09:08-09:12 had no trade: no bar.
      ['2024-01-02T09:12:00.000Z', 98, 98, 98, 98, 5],
    ]);
    expect(Array.from(built.barTicks)).toEqual([0, 3, 4, 5]);
    expect(built.ticks).toBe(ticks);
  });

  it('aligns bars to each trading day’s start in the calendar, across daylight saving time', () => {
    const newYork = new SessionCalendar('America/New_York', 9 * 60 + 30);
    // 09:30 New York is 14:30 UTC in winter, 13:30 UTC after 10 March 2024.
    const ticks = ticksAt([
      [at('2024-03-08T14:30:00Z'), 1],
      [at('2024-03-08T15:29:59Z'), 2],
      [at('2024-03-08T15:30:00Z'), 3],
      [at('2024-03-11T13:45:00Z'), 4],
      [at('2024-03-11T14:31:00Z'), 5],
    ]);
    const built = barsFromTicks(ticks, 60, newYork);
    expect(rowsOf(built).map((row) => row[0])).toEqual([
      '2024-03-08T14:30:00.000Z',
      '2024-03-08T15:30:00.000Z',
      '2024-03-11T13:30:00.000Z',
      '2024-03-11T14:30:00.000Z',
    ]);
    expect(built.bars.calendar).toBe(newYork);
  });

  it('makes daily bars of the calendar’s trading days', () => {
    const ticks = ticksAt([
      [at('2024-01-02T00:00:00Z'), 10],
      [at('2024-01-02T23:59:59Z'), 12],
      [at('2024-01-03T00:00:00Z'), 11],
    ]);
    expect(rowsOf(barsFromTicks(ticks, 1440))).toEqual([
      ['2024-01-02T00:00:00.000Z', 10, 12, 10, 12, 2],
      ['2024-01-03T00:00:00.000Z', 11, 11, 11, 11, 1],
    ]);
  });

  it('grows past its first thousand bars and refuses a bar of no length', () => {
    const start = at('2024-01-02T00:00:00Z');
    const ticks = ticksAt(
      Array.from({ length: 5000 }, (_, i) => [start + i * MINUTE_MS, 100 + (i % 7)] as const),
    );
    const built = barsFromTicks(ticks, 1);
    expect(built.bars.t.length).toBe(5000);
    expect(built.bars.c[4999]).toBe(100 + (4999 % 7));
    expect(built.barTicks[5000]).toBe(5000);
    expect(() => barsFromTicks(ticks, 0)).toThrow(/more than 0 minutes/);
  });
});
