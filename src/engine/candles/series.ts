import type { SessionCalendar } from './session-calendar';

/**
 * OHLCV candles as a struct of typed arrays: one Float64Array per field, index = bar.
 * `t` holds each bar's open time in unix milliseconds (UTC). `calendar` says which trading day
 * each bar belongs to (session VWAP, pivots, the request's dates); absent = UTC calendar days.
 */
export interface CandleSeries {
  readonly t: Float64Array;
  readonly o: Float64Array;
  readonly h: Float64Array;
  readonly l: Float64Array;
  readonly c: Float64Array;
  readonly v: Float64Array;
  readonly calendar?: SessionCalendar;
}

type PriceField = 't' | 'o' | 'h' | 'l' | 'c' | 'v';

export interface CandleRow {
  t: number;
  o: number;
  h: number;
  l: number;
  c: number;
  v: number;
}

/**
 * Makes one column of `length` zeros. A plain Float64Array unless the caller needs other
 * memory: the CLI parses a large file into columns on a SharedArrayBuffer, which its helper
 * thread then reads without a copy.
 */
export type NewColumn = (length: number) => Float64Array;

const plainColumn: NewColumn = (length) => new Float64Array(length);

export function createSeries(length: number, newColumn: NewColumn = plainColumn): CandleSeries {
  return {
    t: newColumn(length),
    o: newColumn(length),
    h: newColumn(length),
    l: newColumn(length),
    c: newColumn(length),
    v: newColumn(length),
  };
}

export function seriesFromRows(rows: readonly CandleRow[]): CandleSeries {
  const series = createSeries(rows.length);
  rows.forEach((row, i) => {
    series.t[i] = row.t;
    series.o[i] = row.o;
    series.h[i] = row.h;
    series.l[i] = row.l;
    series.c[i] = row.c;
    series.v[i] = row.v;
  });
  return series;
}

/** The series as one object per bar (for code that works bar by bar, such as aggregation). */
export function seriesToRows(series: CandleSeries): CandleRow[] {
  return Array.from(series.t, (t, i) => ({
    t,
    o: series.o[i]!,
    h: series.h[i]!,
    l: series.l[i]!,
    c: series.c[i]!,
    v: series.v[i]!,
  }));
}

/** Bars as plain column arrays, the shape JSON carries (`{t: [...], o: [...], ...}`). */
export function rowsToColumns(rows: readonly CandleRow[]): Record<PriceField, number[]> {
  return {
    t: rows.map((row) => row.t),
    o: rows.map((row) => row.o),
    h: rows.map((row) => row.h),
    l: rows.map((row) => row.l),
    c: rows.map((row) => row.c),
    v: rows.map((row) => row.v),
  };
}

/** Plain column arrays (as JSON carries them: `{t: [...], o: [...], ...}`) as a series. */
export function seriesFromColumns(
  columns: Readonly<Record<PriceField, ArrayLike<number>>>,
  calendar?: SessionCalendar,
): CandleSeries {
  const series = createSeries(columns.t.length);
  for (const field of ['t', 'o', 'h', 'l', 'c', 'v'] as const) series[field].set(columns[field]);
  return calendar ? { ...series, calendar } : series;
}

/** Bars [start, end) as a new series sharing no memory with the original. */
export function sliceSeries(series: CandleSeries, start: number, end: number): CandleSeries {
  return {
    t: series.t.slice(start, end),
    o: series.o.slice(start, end),
    h: series.h.slice(start, end),
    l: series.l.slice(start, end),
    c: series.c.slice(start, end),
    v: series.v.slice(start, end),
    ...(series.calendar && { calendar: series.calendar }),
  };
}
