/**
 * The trade list as JSON, written straight from the engine's trade columns a chunk of rows at
 * a time (series-json.ts), so the text is byte for byte JSON.stringify of the whole list. Times
 * become ISO 8601 text here, at the edge, through one formatter that caches each day's date.
 * On many trades the helper thread writes the list's end (tradesJsonBytes).
 */
// The engine's modules themselves, not its index: the helper thread's bundle stays small.
import { IsoTimeFormatter } from '../engine/simulate/iso-time';
import type { Trade } from '../engine/simulate/trade';
import { tradeAt, type TradeColumns } from '../engine/simulate/trade-columns';
import { writeArrayItems, writtenBytes, type TextSink } from './series-json';

/**
 * Trades per JSON.stringify call: about 100 kB of text, which stays in V8's young generation.
 * A chunk of 2,048 trades (about 800 kB) is a large object, which only a full collection frees:
 * on 1M bars' 27,522 trades that made one full collection more (23 ± 15 ms over 80 pairs).
 */
const TRADE_CHUNK_ROWS = 256;

/**
 * The JSON items of trades [from, to), after a comma unless they come first in the list
 * (`afterOthers` says whether items come before `from` elsewhere).
 */
export function writeTradeItems(
  trades: TradeColumns,
  openTimes: Float64Array,
  from: number,
  to: number,
  afterOthers: boolean,
  out: TextSink,
): void {
  const isoTime = new IsoTimeFormatter();
  const chunk: Trade[] = [];
  for (let start = from; start < to; start += TRADE_CHUNK_ROWS) {
    const end = Math.min(start + TRADE_CHUNK_ROWS, to);
    chunk.length = end - start;
    for (let row = start; row < end; row++) chunk[row - start] = tradeAt(trades, row, openTimes, isoTime);
    writeArrayItems(chunk, afterOthers || start > from, out);
  }
}

/** Writes `[{trade}, ...]`: the engine's Trade objects, a chunk at a time. */
export function writeTradesJson(trades: TradeColumns, openTimes: Float64Array, out: TextSink): void {
  out.write('[');
  writeTradeItems(trades, openTimes, 0, trades.count, false, out);
  out.write(']');
}

/** Rows [from, to) of `trades` as columns of their own (copies). */
export function tradeRows(trades: TradeColumns, from: number, to: number): TradeColumns {
  return {
    side: trades.side,
    count: to - from,
    entryIndex: trades.entryIndex.slice(from, to),
    exitIndex: trades.exitIndex.slice(from, to),
    entryPrice: trades.entryPrice.slice(from, to),
    exitPrice: trades.exitPrice.slice(from, to),
    quantity: trades.quantity.slice(from, to),
    pnl: trades.pnl.slice(from, to),
    returnPct: trades.returnPct.slice(from, to),
    exitReason: trades.exitReason.slice(from, to),
    mfePct: trades.mfePct.slice(from, to),
    maePct: trades.maePct.slice(from, to),
    costs: trades.costs.slice(from, to),
  };
}

/**
 * The JSON items of every row of `trades`, each after a comma (items of the list come before
 * them), as UTF-8 bytes: a task of the helper thread.
 */
export function tradesJsonBytes(
  trades: TradeColumns,
  openTimes: Float64Array,
): { value: Uint8Array; transfer: ArrayBuffer[] } {
  return writtenBytes((out) => writeTradeItems(trades, openTimes, 0, trades.count, true, out));
}
