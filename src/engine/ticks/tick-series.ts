/**
 * Trades (ticks) as a struct of typed arrays, like the candles (candles/series.ts): index = trade,
 * in the order they happened. `t` is each trade's time in unix milliseconds (UTC); several
 * trades may share a millisecond, so times never decrease but may repeat.
 */
export interface TickSeries {
  readonly t: Float64Array;
  /** Trade price. */
  readonly p: Float64Array;
  /** Traded size (units). */
  readonly q: Float64Array;
  /** The aggressor's side where the source says it: BUY_SIDE, SELL_SIDE or UNKNOWN_SIDE. */
  readonly side?: Int8Array;
}

export const BUY_SIDE = 1;
export const SELL_SIDE = -1;
export const UNKNOWN_SIDE = 0;

export function createTickSeries(length: number, withSide = false): TickSeries {
  return {
    t: new Float64Array(length),
    p: new Float64Array(length),
    q: new Float64Array(length),
    ...(withSide && { side: new Int8Array(length) }),
  };
}

/** Trades [start, end) as a series sharing no memory with the original. */
export function sliceTicks(ticks: TickSeries, start: number, end: number): TickSeries {
  return {
    t: ticks.t.slice(start, end),
    p: ticks.p.slice(start, end),
    q: ticks.q.slice(start, end),
    ...(ticks.side && { side: ticks.side.slice(start, end) }),
  };
}

/** Plain columns (as JSON carries them: `{t: [...], p: [...], q: [...]}`) as a series. */
export function ticksFromColumns(columns: {
  t: ArrayLike<number>;
  p: ArrayLike<number>;
  q: ArrayLike<number>;
}): TickSeries {
  const ticks = createTickSeries(columns.t.length);
  ticks.t.set(columns.t);
  ticks.p.set(columns.p);
  ticks.q.set(columns.q);
  return ticks;
}

/**
 * Checks what the tick simulation relies on: equal lengths, finite prices, finite sizes of 0
 * or more and times that never decrease. Throws a RangeError naming the first trade in error.
 */
export function checkTicks(ticks: TickSeries): void {
  const { t, p, q, side } = ticks;
  const count = t.length;
  for (const [name, column] of [
    ['p', p],
    ['q', q],
    ['side', side],
  ] as const) {
    if (column !== undefined && column.length !== count) {
      throw new RangeError(`Tick series field ${name} has ${column.length} trades, t has ${count}`);
    }
  }
  for (let i = 0; i < count; i++) {
    if (!Number.isFinite(t[i]!)) throw new RangeError(`Trade ${i} has no time`);
    if (!Number.isFinite(p[i]!)) throw new RangeError(`Trade ${i} has price ${p[i]}`);
    if (!(q[i]! >= 0) || !Number.isFinite(q[i]!)) throw new RangeError(`Trade ${i} has size ${q[i]}`);
    if (i > 0 && t[i]! < t[i - 1]!) {
      throw new RangeError(`Trade times must not decrease: trade ${i} comes before trade ${i - 1}`);
    }
  }
}
