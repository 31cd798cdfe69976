/**
 * The trades behind the fakes' tick-level answers (fakes/binance.ts in mode "ticks",
 * fakes/eodhd-ticks.ts), one deterministic stream: a trade every TRADE_MS, none in the first
 * QUIET_MS of each UTC day. Within each 5-minute bar the price first rises 1.5% above the bar's
 * base, then falls to 1.5% below it and comes back: a 1% target and a 1% stop are both reached
 * in every bar, the target first.
 */
export const TRADE_MS = 3000;
/** No trades from 00:00 to 01:30 UTC: a day's first trade is not in its first hour. */
export const QUIET_MS = 90 * 60_000;
const DAY_MS = 86_400_000;
const BAR_MS = 300_000;
const PER_BAR = BAR_MS / TRADE_MS;

export interface FakeTrade {
  /** Trade id: its time over TRADE_MS. */
  id: number;
  t: number;
  p: number;
  q: number;
}

/** The trade of id `id`, or null when the stream has none then (the quiet time). */
export function tradeOf(id: number): FakeTrade | null {
  const t = id * TRADE_MS;
  if (t % DAY_MS < QUIET_MS) return null;
  const bar = Math.floor((t % DAY_MS) / BAR_MS);
  const base = 30_000 + bar;
  const i = (id % PER_BAR) / PER_BAR;
  const move =
    i < 0.4 ? 0.015 * (i / 0.4) : i < 0.8 ? 0.015 - 0.03 * ((i - 0.4) / 0.4) : -0.015 * (1 - (i - 0.8) / 0.2);
  return { id, t, p: Math.round(base * (1 + move) * 100) / 100, q: 0.01 + (id % 7) / 100 };
}

/** The trades with times in [from, to], at most `limit`, never a future one. */
export function tradesBetween(from: number, to: number, limit: number): FakeTrade[] {
  const trades: FakeTrade[] = [];
  const last = Math.min(to, Date.now());
  for (let id = Math.ceil(from / TRADE_MS); id * TRADE_MS <= last && trades.length < limit; id++) {
    const trade = tradeOf(id);
    if (trade) trades.push(trade);
  }
  return trades;
}

/** The trades from id `fromId` on, at most `limit`. */
export function tradesFromId(fromId: number, limit: number): FakeTrade[] {
  const trades: FakeTrade[] = [];
  for (let id = fromId; id * TRADE_MS <= Date.now() && trades.length < limit; id++) {
    const trade = tradeOf(id);
    if (trade) trades.push(trade);
  }
  return trades;
}

/** Bars of `stepMs` from startTime to endTime built from the stream's trades, at most `limit`. */
export function barsFromTrades(start: number, end: number, stepMs: number, limit: number) {
  const bars: { t: number; o: number; h: number; l: number; c: number; v: number }[] = [];
  for (let t = Math.ceil(start / stepMs) * stepMs; t <= end && bars.length < limit; t += stepMs) {
    const trades = tradesBetween(t, t + stepMs - 1, Number.POSITIVE_INFINITY);
    if (trades.length === 0) continue;
    bars.push({
      t,
      o: trades[0]!.p,
      h: Math.max(...trades.map((trade) => trade.p)),
      l: Math.min(...trades.map((trade) => trade.p)),
      c: trades.at(-1)!.p,
      v: trades.reduce((sum, trade) => sum + trade.q, 0),
    });
  }
  return bars;
}
