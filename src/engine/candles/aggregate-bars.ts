import type { CandleRow } from './series';

/**
 * Aggregates fine bars (sorted by time) into bars of `minutes`: open of the first, highest
 * high, lowest low, close of the last, summed volume. Buckets are aligned to `anchorOf(t)`,
 * the start of the trading session the bar belongs to (not to midnight UTC), so 15-minute bars
 * of a 09:30 open start at 09:30, 09:45, ... whatever the zone and its daylight saving time.
 */
export function aggregateBars(
  rows: readonly CandleRow[],
  minutes: number,
  anchorOf: (t: number) => number,
): CandleRow[] {
  const length = minutes * 60_000;
  const out: CandleRow[] = [];
  let current: CandleRow | undefined;
  for (const row of rows) {
    const anchor = anchorOf(row.t);
    const start = anchor + Math.floor((row.t - anchor) / length) * length;
    if (current && current.t === start) {
      current.h = Math.max(current.h, row.h);
      current.l = Math.min(current.l, row.l);
      current.c = row.c;
      current.v += row.v;
    } else {
      current = { t: start, o: row.o, h: row.h, l: row.l, c: row.c, v: row.v };
      out.push(current);
    }
  }
  return out;
}
