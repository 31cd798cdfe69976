/**
 * The trade list written straight from the engine's trade columns, as JSON or CSV lines: never
 * one string of a whole run. JSON goes out in chunks of rows (series-json.ts), so the text is
 * byte for byte JSON.stringify of the whole list. Times become ISO 8601 text here, at the edge,
 * through one formatter that caches each day's date.
 */
import { EXIT_REASONS, IsoTimeFormatter, tradeAt, type Trade, type TradeColumns } from '../engine/index';
import type { OutputSink } from './output-sink';
import { JSON_CHUNK_ROWS, writeArrayItems } from './series-json';

export const TRADE_CSV_HEADER =
  'side,entryIndex,exitIndex,entryTime,exitTime,entryPrice,exitPrice,exitReason,quantity,pnl,returnPct,barsHeld,mfePct,maePct';

/** Writes `[{trade}, ...]`: the engine's Trade objects, a chunk at a time. */
export function writeTradesJson(trades: TradeColumns, openTimes: Float64Array, out: OutputSink): void {
  const isoTime = new IsoTimeFormatter();
  const chunk: Trade[] = [];
  out.write('[');
  for (let start = 0; start < trades.count; start += JSON_CHUNK_ROWS) {
    const end = Math.min(start + JSON_CHUNK_ROWS, trades.count);
    chunk.length = end - start;
    for (let row = start; row < end; row++) chunk[row - start] = tradeAt(trades, row, openTimes, isoTime);
    writeArrayItems(chunk, start > 0, out);
  }
  out.write(']');
}

/** Writes the trade list as CSV: a header line, then one line per trade (LF line ends). */
export function writeTradesCsv(trades: TradeColumns, openTimes: Float64Array, out: OutputSink): void {
  const isoTime = new IsoTimeFormatter();
  out.write(`${TRADE_CSV_HEADER}\n`);
  for (let row = 0; row < trades.count; row++) {
    const entryIndex = trades.entryIndex[row]!;
    const exitIndex = trades.exitIndex[row]!;
    out.write(
      `${trades.side},${entryIndex},${exitIndex},${isoTime.format(openTimes[entryIndex]!)},` +
        `${isoTime.format(openTimes[exitIndex]!)},${trades.entryPrice[row]},${trades.exitPrice[row]},` +
        `${EXIT_REASONS[trades.exitReason[row]!]},${trades.quantity[row]},${trades.pnl[row]},` +
        `${trades.returnPct[row]},${exitIndex - entryIndex + 1},${trades.mfePct[row]},${trades.maePct[row]}\n`,
    );
  }
}
