/**
 * The data-quality report the CLI's helper thread makes from columns it shares with the main
 * thread is the main thread's own report, calendar included.
 */
import { describe, expect, it } from 'vitest';
import { createSeries, type CandleSeries } from '../../src/engine/candles/series';
import { SessionCalendar } from '../../src/engine/candles/session-calendar';
import { sharedSeries, uploadQuality, uploadQualityTask } from '../../src/cli/upload-quality';

const HOUR_MS = 3_600_000;
const sharedColumn = (length: number) =>
  new Float64Array(new SharedArrayBuffer(length * Float64Array.BYTES_PER_ELEMENT));

/**
 * Hourly bars from Monday 2024-03-04 00:00 UTC for two weeks, without Wednesday 2024-03-06 (UTC)
 * and with a jump and bars without volume, on columns made by `newColumn`.
 */
function hourlyBars(newColumn?: (length: number) => Float64Array): CandleSeries {
  const times: number[] = [];
  for (let hour = 0; hour < 14 * 24; hour++) {
    const t = Date.UTC(2024, 2, 4) + hour * HOUR_MS;
    if (new Date(t).toISOString().slice(0, 10) !== '2024-03-06') times.push(t);
  }
  const series = createSeries(times.length, newColumn);
  times.forEach((t, bar) => {
    const close = bar === 100 ? 300 : 100 + Math.sin(bar) * 0.5;
    series.t[bar] = t;
    series.o[bar] = close;
    series.h[bar] = close + 1;
    series.l[bar] = close - 1;
    series.c[bar] = close;
    series.v[bar] = bar % 9 === 0 ? 0 : 1000;
  });
  return series;
}

describe('the data-quality report on the helper thread', () => {
  it('equals the main thread’s on the same shared columns, in the series’ calendar', () => {
    const newYork = {
      ...hourlyBars(sharedColumn),
      calendar: new SessionCalendar('America/New_York', 9 * 60 + 30),
    };
    const shared = sharedSeries(newYork);
    expect(shared).not.toBeNull();
    // As a message carries it to the helper: the columns' memory shared, the calendar as data.
    const received = structuredClone(shared!);
    expect(received.columns.c.buffer).toBeInstanceOf(SharedArrayBuffer);
    const bars = newYork.t.length;
    const report = uploadQualityTask(received, 5, bars).value;
    expect(report).toEqual(uploadQuality(newYork, 5, bars));
    // The calendar matters here: in UTC days the same bars miss another session, end on another day.
    const utc = uploadQuality({ ...newYork, calendar: undefined }, 5, bars);
    expect(report).not.toEqual(utc);
    expect(report).toMatchObject({ source: 'upload', adjustment: 'none', duplicatesDropped: 0 });
    expect(report.suspectJumps.length).toBeGreaterThan(0);
    expect(report.zeroVolumeBars).toBeGreaterThan(0);
  });

  it('takes a series without a calendar as UTC days', () => {
    const series = hourlyBars(sharedColumn);
    const report = uploadQualityTask(structuredClone(sharedSeries(series)!), 0, series.t.length).value;
    expect(report).toEqual(uploadQuality(series, 0, series.t.length));
    expect(report.missingSessions).toBe(1);
  });

  it('is not asked for when a column is not on shared memory', () => {
    expect(sharedSeries(hourlyBars())).toBeNull();
    const series = hourlyBars(sharedColumn);
    expect(sharedSeries({ ...series, v: series.v.slice() })).toBeNull();
  });
});
