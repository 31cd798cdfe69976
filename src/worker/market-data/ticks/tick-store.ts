/**
 * Finished days of trades in R2 (binding TICKS): one object per source, symbol and UTC day,
 * `ticks/v1/<source>/<host>/<symbol>/<YYYY-MM-DD>`, written once the day is over and never
 * rewritten (a day that is over does not change). The body is the day's trades as three
 * little-endian Float64 columns one after the other: times (unix ms), prices, sizes.
 */
import { createTickSeries, type TickSeries } from '../../../engine/index';

export const DAY_MS = 86_400_000;

/** The key of one UTC day (`day`: its first instant) of a source's symbol. */
export const tickDayKey = (source: string, symbol: string, day: number) =>
  `ticks/v1/${source}/${symbol}/${new Date(day).toISOString().slice(0, 10)}`;

export function encodeTicks(ticks: TickSeries): Uint8Array {
  const n = ticks.t.length;
  const columns = new Float64Array(3 * n);
  columns.set(ticks.t, 0);
  columns.set(ticks.p, n);
  columns.set(ticks.q, 2 * n);
  return new Uint8Array(columns.buffer);
}

export function decodeTicks(bytes: ArrayBuffer): TickSeries {
  if (bytes.byteLength % 24 !== 0) throw new RangeError('A stored tick day has a partial trade');
  const columns = new Float64Array(bytes);
  const n = columns.length / 3;
  const ticks = createTickSeries(n);
  ticks.t.set(columns.subarray(0, n));
  ticks.p.set(columns.subarray(n, 2 * n));
  ticks.q.set(columns.subarray(2 * n));
  return ticks;
}

/** A stored day, or null when it is not kept (or the bucket is not bound). */
export async function readTickDay(bucket: R2Bucket | undefined, key: string): Promise<TickSeries | null> {
  if (!bucket) return null;
  const object = await bucket.get(key);
  return object ? decodeTicks(await object.arrayBuffer()) : null;
}

/** Keeps a day that is over; a day still running (or an empty one) is not kept. */
export async function keepTickDay(
  bucket: R2Bucket | undefined,
  key: string,
  ticks: TickSeries,
  dayEnd: number,
  now = Date.now(),
): Promise<boolean> {
  if (!bucket || dayEnd > now || ticks.t.length === 0) return false;
  try {
    await bucket.put(key, encodeTicks(ticks));
    return true;
  } catch (error) {
    // The trades are still good: a store that cannot take them costs a fetch next time.
    console.warn(`Tick data: not kept (${error instanceof Error ? error.message : String(error)})`);
    return false;
  }
}

/** Trades as plain columns, grown in place while a source's pages arrive. */
export class TickColumns {
  t: number[] = [];
  p: number[] = [];
  q: number[] = [];

  get length() {
    return this.t.length;
  }

  push(t: number, p: number, q: number) {
    this.t.push(t);
    this.p.push(p);
    this.q.push(q);
  }

  series(): TickSeries {
    const ticks = createTickSeries(this.t.length);
    ticks.t.set(this.t);
    ticks.p.set(this.p);
    ticks.q.set(this.q);
    return ticks;
  }
}
