/** The common calendar of several series: every bar time any of them has, once, in order. */

/** The sorted distinct values of the given time ranges. */
export function unionOfTimes(ranges: readonly Float64Array[]): Float64Array {
  let total = 0;
  for (const range of ranges) total += range.length;
  const all = new Float64Array(total);
  let offset = 0;
  for (const range of ranges) {
    all.set(range, offset);
    offset += range.length;
  }
  all.sort();
  let distinct = 0;
  for (let i = 0; i < all.length; i++) {
    if (i === 0 || all[i] !== all[distinct - 1]) all[distinct++] = all[i]!;
  }
  return all.slice(0, distinct);
}

/**
 * A series' values on the common calendar: at each calendar time the value of the series' last
 * bar at or before it, and `before` until its first bar. This is a valuation (what a holding is
 * worth while its market has no bar), never a fill: the simulator only trades a symbol's own bars.
 */
export function valuesOnCalendar(
  calendar: Float64Array,
  times: Float64Array,
  values: ArrayLike<number>,
  before: number,
): Float64Array {
  const out = new Float64Array(calendar.length);
  let row = -1;
  for (let i = 0; i < calendar.length; i++) {
    while (row + 1 < times.length && times[row + 1]! <= calendar[i]!) row++;
    out[i] = row < 0 ? before : values[row]!;
  }
  return out;
}

/** The calendar row of each time (every time must be on the calendar). */
export function calendarRows(calendar: Float64Array, times: ArrayLike<number>): Int32Array {
  const rows = new Int32Array(times.length);
  for (let i = 0; i < times.length; i++) {
    let low = 0;
    let high = calendar.length - 1;
    const time = times[i]!;
    while (low < high) {
      const middle = (low + high) >>> 1;
      if (calendar[middle]! < time) low = middle + 1;
      else high = middle;
    }
    rows[i] = low;
  }
  return rows;
}
