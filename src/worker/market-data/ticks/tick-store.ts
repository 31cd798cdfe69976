/**
 * Finished days of trades in R2 (binding TICKS): one object per source, symbol and UTC day,
 * `ticks/v1/<source>/<host>/<symbol>/<YYYY-MM-DD>`, written once the day is over and never
 * rewritten (a day that is over does not change). The body is the day's trades as three
 * little-endian Float64 columns one after the other: times (unix ms), prices, sizes.
 */
import type { TickSeries } from '../../../engine/index';

export const DAY_MS = 86_400_000;

/** The key of one UTC day (`day`: its first instant) of a source's symbol. */
export const tickDayKey = (source: string, symbol: string, day: number) =>
  `ticks/v1/${source}/${symbol}/${new Date(day).toISOString().slice(0, 10)}`;

/** Whether the three columns lie one after another in one buffer, filling it (as TickColumns makes them). */
function isOneBlock({ t, p, q }: TickSeries): boolean {
  const n = t.length;
  return (
    t.buffer === p.buffer &&
    p.buffer === q.buffer &&
    t.byteOffset === 0 &&
    p.byteOffset === 8 * n &&
    q.byteOffset === 16 * n &&
    t.buffer.byteLength === 24 * n
  );
}

/** The stored body of `ticks`: its own buffer when the columns are one block already, else a copy. */
export function encodeTicks(ticks: TickSeries): Uint8Array {
  if (isOneBlock(ticks)) return new Uint8Array(ticks.t.buffer);
  const n = ticks.t.length;
  const columns = new Float64Array(3 * n);
  columns.set(ticks.t, 0);
  columns.set(ticks.p, n);
  columns.set(ticks.q, 2 * n);
  return new Uint8Array(columns.buffer);
}

/** A stored body as trades: the columns are views of `bytes`, not copies (a busy day is tens of MB). */
export function decodeTicks(bytes: ArrayBuffer): TickSeries {
  if (bytes.byteLength % 24 !== 0) throw new RangeError('A stored tick day has a partial trade');
  const columns = new Float64Array(bytes);
  const n = columns.length / 3;
  return { t: columns.subarray(0, n), p: columns.subarray(n, 2 * n), q: columns.subarray(2 * n) };
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

/**
 * Trades as they arrive from a source, in one block of Float64 columns (times, prices, sizes),
 * doubled when full. Given the day's count beforehand (`expected`: Binance's trade ids tell it),
 * the block is made that size once, so a busy day is held once, not in growing copies, and
 * `series()` hands it on as the stored body's own layout (encodeTicks copies nothing).
 */
export class TickColumns {
  private block: Float64Array;
  private capacity: number;
  length = 0;

  constructor(expected = 1024) {
    this.capacity = Math.max(16, Math.ceil(expected));
    this.block = new Float64Array(3 * this.capacity);
  }

  /** The time of trade `index`. */
  timeAt(index: number): number {
    return this.block[index]!;
  }

  push(t: number, p: number, q: number) {
    if (this.length === this.capacity) this.resize(2 * this.capacity);
    const at = this.length;
    this.block[at] = t;
    this.block[this.capacity + at] = p;
    this.block[2 * this.capacity + at] = q;
    this.length = at + 1;
  }

  /** The trades as views of one block of exactly their length (copied once when the block is larger). */
  series(): TickSeries {
    if (this.capacity !== this.length) this.resize(this.length);
    const n = this.length;
    const block = this.block;
    return { t: block.subarray(0, n), p: block.subarray(n, 2 * n), q: block.subarray(2 * n, 3 * n) };
  }

  private resize(capacity: number) {
    const next = new Float64Array(3 * capacity);
    for (let column = 0; column < 3; column++) {
      const from = column * this.capacity;
      next.set(this.block.subarray(from, from + this.length), column * capacity);
    }
    this.block = next;
    this.capacity = capacity;
  }
}
