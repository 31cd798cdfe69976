/**
 * Trades for the tick tests: written by hand (`ticksAt`), or a seeded random walk of trades with
 * bursts in one millisecond, quiet stretches, jumps and prices in cents (`randomTicks`).
 */
import { createTickSeries, type TickSeries } from '../../../src/engine/ticks/tick-series';

export const MINUTE_MS = 60_000;

/** Trades at the given [time (ms), price] pairs, size 1 each. */
export function ticksAt(trades: readonly (readonly [number, number])[]): TickSeries {
  const ticks = createTickSeries(trades.length);
  trades.forEach(([time, price], i) => {
    ticks.t[i] = time;
    ticks.p[i] = price;
    ticks.q[i] = 1;
  });
  return ticks;
}

/** mulberry32: a small seeded generator of floats in [0, 1). */
export function seeded(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let x = Math.imul(state ^ (state >>> 15), state | 1);
    x ^= x + Math.imul(x ^ (x >>> 7), x | 61);
    return ((x ^ (x >>> 14)) >>> 0) / 4294967296;
  };
}

export interface RandomTicksOptions {
  /** Time of the first trade (default 2024-01-02T00:00:00Z). */
  start?: number;
  /** Mean time between trades in ms (default 20 s). */
  meanGapMs?: number;
  /** Typical move per trade as a fraction of the price (default 0.001). */
  volatility?: number;
}

/** `count` trades of a seeded random walk from 100 (module note). */
export function randomTicks(count: number, seed: number, options: RandomTicksOptions = {}): TickSeries {
  const { start = Date.UTC(2024, 0, 2), meanGapMs = 20_000, volatility = 0.001 } = options;
  const random = seeded(seed);
  const ticks = createTickSeries(count);
  let time = start;
  let price = 100;
  for (let i = 0; i < count; i++) {
    const draw = random();
    // A tenth of the trades share the last one's millisecond; a few come after a long pause.
    if (i > 0 && draw >= 0.1) time += Math.ceil(random() * 2 * meanGapMs) * (draw > 0.995 ? 50 : 1);
    const jump = random() < 0.01 ? (random() - 0.5) * 40 * volatility : 0;
    price = Math.max(0.01, price * (1 + (random() - 0.5) * 2 * volatility + jump));
    price = Math.round(price * 100) / 100;
    ticks.t[i] = time;
    ticks.p[i] = price;
    ticks.q[i] = 1 + Math.floor(random() * 100);
  }
  return ticks;
}
