/**
 * The trade list written straight from the engine's trade columns as CSV lines, never one
 * string of a whole run (the JSON list: trade-json.ts). Times become ISO 8601 text here, at the
 * edge, through one formatter that caches each day's date.
 */
import { EXIT_REASONS, IsoTimeFormatter, type TradeColumns } from '../engine/cli';
import type { OutputSink } from './output-sink';

export const TRADE_CSV_HEADER =
  'side,entryIndex,exitIndex,entryTime,exitTime,entryPrice,exitPrice,exitReason,quantity,pnl,returnPct,barsHeld,mfePct,maePct';

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
