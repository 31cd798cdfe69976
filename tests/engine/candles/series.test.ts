import { describe, expect, it } from 'vitest';
import { seriesFromColumns, seriesFromRows } from '../../../src/engine/candles/series';

describe('candle series', () => {
  it('copies JSON columns into typed arrays, field by field', () => {
    const series = seriesFromColumns({
      t: [1000, 2000],
      o: [10, 11],
      h: [12, 13],
      l: [9, 10.5],
      c: [11, 12.5],
      v: [100, 0],
    });
    expect([...series.t]).toEqual([1000, 2000]);
    expect([...series.o]).toEqual([10, 11]);
    expect([...series.h]).toEqual([12, 13]);
    expect([...series.l]).toEqual([9, 10.5]);
    expect([...series.c]).toEqual([11, 12.5]);
    expect([...series.v]).toEqual([100, 0]);
    expect(series.c).toBeInstanceOf(Float64Array);
  });

  it('builds the same series from rows as from columns', () => {
    const rows = [
      { t: 1, o: 2, h: 3, l: 1, c: 2.5, v: 7 },
      { t: 2, o: 2.5, h: 4, l: 2, c: 3, v: 8 },
    ];
    const fromColumns = seriesFromColumns({
      t: rows.map((r) => r.t),
      o: rows.map((r) => r.o),
      h: rows.map((r) => r.h),
      l: rows.map((r) => r.l),
      c: rows.map((r) => r.c),
      v: rows.map((r) => r.v),
    });
    expect(fromColumns).toEqual(seriesFromRows(rows));
  });
});
