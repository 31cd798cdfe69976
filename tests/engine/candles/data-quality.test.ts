import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { median } from '../../../src/engine/candles/data-quality';
import {
  SessionCalendar,
  barQuality,
  dropDuplicateBars,
  seriesFromRows,
  type CandleRow,
} from '../../../src/engine/index';

const DAY = 86_400_000;
const weekdays = (date: string) => ![0, 6].includes(new Date(`${date}T00:00:00Z`).getUTCDay());

/** Daily bars on the weekdays of January 2024 with small alternating moves. */
function january(): CandleRow[] {
  const rows: CandleRow[] = [];
  for (let day = 1; day <= 31; day++) {
    const t = Date.UTC(2024, 0, day);
    if (!weekdays(new Date(t).toISOString().slice(0, 10))) continue;
    const c = 100 + (rows.length % 2 === 0 ? 0.5 : -0.5) + rows.length * 0.01;
    rows.push({ t, o: c, h: c + 1, l: c - 1, c, v: 1000 });
  }
  return rows;
}

describe('bar quality', () => {
  it('counts the tested bars and names the first and last trading day', () => {
    const series = seriesFromRows(january());
    const quality = barQuality(series, 2, series.t.length, weekdays);
    expect(quality).toEqual({
      bars: 21,
      missingSessions: 0,
      zeroVolumeBars: 0,
      suspectJumps: [],
      firstBar: '2024-01-03',
      lastBar: '2024-01-31',
    });
  });

  it('finds trading sessions without a bar, bars without volume, and a jump of 10 robust deviations', () => {
    const rows = january().filter(
      (row) => row.t !== Date.UTC(2024, 0, 10) && row.t !== Date.UTC(2024, 0, 11),
    );
    rows[3]!.v = 0;
    // A bad tick: one close 30% too high, and back.
    rows[8] = { ...rows[8]!, c: rows[8]!.c * 1.3 };
    const quality = barQuality(seriesFromRows(rows), 0, rows.length, weekdays);
    expect(quality.missingSessions).toBe(2);
    expect(quality.zeroVolumeBars).toBe(1);
    expect(quality.suspectJumps.map((jump) => jump.date)).toEqual([
      new Date(rows[8]!.t).toISOString().slice(0, 10),
      new Date(rows[9]!.t).toISOString().slice(0, 10),
    ]);
    expect(quality.suspectJumps[0]!.changePct).toBeGreaterThan(25);
    expect(quality.suspectJumps[1]!.changePct).toBeLessThan(-20);
  });

  it('reads days in the series’ market calendar: a holiday rule is the caller’s', () => {
    const calendar = new SessionCalendar('Asia/Kolkata', 9 * 60 + 15);
    const rows = ['2023-08-14', '2023-08-16'].map((date, i) => ({
      t: calendar.startOfDate(date),
      o: 1,
      h: 1,
      l: 1,
      c: 1 + i * 0.001,
      v: 5,
    }));
    const series = { ...seriesFromRows(rows), calendar };
    expect(barQuality(series, 0, 2, weekdays).missingSessions).toBe(1);
    expect(barQuality(series, 0, 2, (date) => weekdays(date) && date !== '2023-08-15').missingSessions).toBe(
      0,
    );
    expect(barQuality(series, 0, 0, weekdays)).toMatchObject({ bars: 0, firstBar: null, lastBar: null });
  });

  it('drops repeated open times, keeping the first, and counts them', () => {
    const rows = [
      { t: 2 * DAY, c: 2 },
      { t: DAY, c: 1 },
      { t: 2 * DAY, c: 3 },
    ];
    expect(dropDuplicateBars(rows)).toEqual({
      rows: [
        { t: DAY, c: 1 },
        { t: 2 * DAY, c: 2 },
      ],
      dropped: 1,
    });
  });
});

describe('the median of the returns', () => {
  it('equals the middle of the sorted values (the mean of the two middle ones for an even count)', () => {
    const sortedMedian = (values: number[]) => {
      const sorted = [...values].sort((a, b) => a - b);
      const mid = sorted.length >> 1;
      return sorted.length % 2 === 1 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
    };
    // Small integers repeat often: ties around the pivot are the hard case of a selection.
    const value = fc.oneof(
      fc.integer({ min: -3, max: 3 }),
      fc.double({ noNaN: true, noDefaultInfinity: true }),
    );
    fc.assert(
      fc.property(fc.array(value, { minLength: 1, maxLength: 200 }), (values) => {
        const input = Float64Array.from(values);
        expect(median(input)).toBe(sortedMedian(values));
        // The caller's values stay as they were.
        expect(Array.from(input)).toEqual(Array.from(Float64Array.from(values)));
      }),
      { seed: 29, numRuns: 500 },
    );
    expect(median(Float64Array.from([5, 1, 4, 2, 3, 6]))).toBe(3.5);
  });

  it('is exact on large inputs, which a sample narrows first, in any order: even one the sample misses', () => {
    const sortedMedian = (values: Float64Array) => {
      const sorted = Float64Array.from(values).sort();
      const mid = sorted.length >> 1;
      return sorted.length % 2 === 1 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
    };
    const n = 100_001;
    const random = fc.sample(fc.double({ min: -1, max: 1, noNaN: true }), { seed: 7, numRuns: n });
    const inputs: Record<string, Float64Array> = {
      random: Float64Array.from(random),
      'random, even count': Float64Array.from(random.slice(1)),
      ascending: Float64Array.from({ length: n }, (_, i) => i),
      descending: Float64Array.from({ length: n }, (_, i) => n - i),
      // Mostly one value: ties around every pivot.
      'mostly zeros': Float64Array.from(random, (x, i) => (i % 50 === 0 ? x : 0)),
      'a low value every 47th': Float64Array.from({ length: n }, (_, i) => (i % 47 === 0 ? -1 : i)),
      // Low values exactly where the sample is taken (about n^(2/3) values at even steps): its
      // bounds then miss the median, and every value is selected instead.
      'low where the sample looks': (() => {
        const values = Float64Array.from({ length: n }, (_, i) => i);
        const sampleSize = Math.ceil(n ** (2 / 3));
        for (let i = 0; i < sampleSize; i++) values[Math.floor((i * n) / sampleSize)] = -1 - i;
        return values;
      })(),
      // Far values where the sample looks, half low and half high: its bounds then hold every
      // other value, more than the narrowing pass keeps room for.
      'wide where the sample looks': (() => {
        const values = Float64Array.from({ length: n }, (_, i) => i % 1000);
        const sampleSize = Math.ceil(n ** (2 / 3));
        for (let i = 0; i < sampleSize; i++)
          values[Math.floor((i * n) / sampleSize)] = (i % 2 ? 1 : -1) * (1e6 + i);
        return values;
      })(),
      // What the price-jump check meets: returns of prices moving in whole ticks.
      'tick returns': Float64Array.from(
        fc.sample(fc.integer({ min: -40, max: 40 }), { seed: 3, numRuns: 200_000 }),
        (ticks) => Math.log1p(ticks / 10_000),
      ),
    };
    for (const [name, values] of Object.entries(inputs)) {
      // The same number (0 and -0, which a typed array's sort tells apart, are one median).
      expect(Math.abs(median(values) - sortedMedian(values)), name).toBe(0);
    }
  });
});
