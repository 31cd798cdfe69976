/**
 * Bars built from trades: the bars the signals of a tick run are computed on. A bar of
 * `minutes` holds the trades from its start until the next bar's: open of the first trade,
 * highest and lowest price, close of the last, summed size. Bars are aligned to the start of
 * each trading day of the calendar (the session open), as aggregateBars aligns fine bars, and a
 * bar's time is its start; a span without trades has no bar.
 */
import { type SessionCalendar, UTC_CALENDAR } from '../candles/session-calendar';
import { createSeries, type CandleSeries } from '../candles/series';
import type { TickSeries } from './tick-series';

/** Trades and the bars built from them. */
export interface TickBars {
  readonly ticks: TickSeries;
  readonly bars: CandleSeries;
  /**
   * Where each bar's trades start: bar b holds trades [barTicks[b], barTicks[b + 1]); the last
   * entry is the number of trades. Every bar has at least one trade.
   */
  readonly barTicks: Int32Array;
}

/** Growable start times and first trades of the bars, found in one pass over the trade times. */
function bucketStarts(
  times: Float64Array,
  minutes: number,
  calendar: SessionCalendar,
): { starts: Float64Array; firstTicks: Int32Array; count: number } {
  const length = minutes * 60_000;
  let starts = new Float64Array(1024);
  let firstTicks = new Int32Array(1025);
  let count = 0;
  // The trading day of the last trade, so that most trades need no calendar look-up.
  let dayStart = Number.NaN;
  let dayEnd = Number.NaN;
  let current = Number.NaN;
  for (let tick = 0; tick < times.length; tick++) {
    const time = times[tick]!;
    if (!(time >= dayStart && time < dayEnd)) {
      const day = calendar.dayOf(time);
      dayStart = calendar.startOfDay(day);
      dayEnd = calendar.startOfDay(day + 1);
    }
    const start = dayStart + Math.floor((time - dayStart) / length) * length;
    if (start === current) continue;
    if (count === starts.length) {
      const larger = new Float64Array(2 * count);
      larger.set(starts);
      starts = larger;
      const largerTicks = new Int32Array(2 * count + 1);
      largerTicks.set(firstTicks);
      firstTicks = largerTicks;
    }
    starts[count] = start;
    firstTicks[count] = tick;
    count++;
    current = start;
  }
  firstTicks[count] = times.length;
  return { starts, firstTicks, count };
}

/**
 * The bars of `minutes` of the trades (in time order), in `calendar`'s trading days (UTC
 * calendar days by default); the series carries the calendar.
 */
export function barsFromTicks(
  ticks: TickSeries,
  minutes: number,
  calendar: SessionCalendar = UTC_CALENDAR,
): TickBars {
  if (!(minutes > 0)) throw new RangeError(`A bar lasts more than 0 minutes, got ${minutes}`);
  const { starts, firstTicks, count } = bucketStarts(ticks.t, minutes, calendar);
  const series = createSeries(count);
  const { t, o, h, l, c, v } = series;
  const { p, q } = ticks;
  for (let bar = 0; bar < count; bar++) {
    const first = firstTicks[bar]!;
    const end = firstTicks[bar + 1]!;
    let high = p[first]!;
    let low = high;
    let size = 0;
    for (let tick = first; tick < end; tick++) {
      const price = p[tick]!;
      if (price > high) high = price;
      if (price < low) low = price;
      size += q[tick]!;
    }
    t[bar] = starts[bar]!;
    o[bar] = p[first]!;
    h[bar] = high;
    l[bar] = low;
    c[bar] = p[end - 1]!;
    v[bar] = size;
  }
  return { ticks, bars: { ...series, calendar }, barTicks: firstTicks.slice(0, count + 1) };
}
