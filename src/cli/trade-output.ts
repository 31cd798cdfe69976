/**
 * The trade list written straight from the engine's trade columns, row by row, as JSON objects
 * or CSV lines: no trade objects and no array of a run's strings. Times become ISO 8601 text
 * here, at the edge, through one formatter that caches each day's date.
 */
import { EXIT_REASONS, IsoTimeFormatter, type TradeColumns } from '../engine/index';
import type { OutputSink } from './output-sink';

/** JSON's number text: NaN and the infinities become null, as JSON.stringify writes them. */
export function jsonNumber(value: number): string {
  return Number.isFinite(value) ? String(value) : 'null';
}

export const TRADE_CSV_HEADER =
  'side,entryIndex,exitIndex,entryTime,exitTime,entryPrice,exitPrice,exitReason,quantity,pnl,returnPct,barsHeld,mfePct,maePct';

/** Writes `[{trade}, ...]` with the fields of the engine's Trade, in its order. */
export function writeTradesJson(trades: TradeColumns, openTimes: Float64Array, out: OutputSink): void {
  const isoTime = new IsoTimeFormatter();
  out.write('[');
  for (let row = 0; row < trades.count; row++) {
    const entryIndex = trades.entryIndex[row]!;
    const exitIndex = trades.exitIndex[row]!;
    out.write(
      `${row > 0 ? ',' : ''}{"side":"${trades.side}","entryIndex":${entryIndex},"exitIndex":${exitIndex},` +
        `"entryTime":"${isoTime.format(openTimes[entryIndex]!)}","exitTime":"${isoTime.format(openTimes[exitIndex]!)}",` +
        `"entryPrice":${jsonNumber(trades.entryPrice[row]!)},"exitPrice":${jsonNumber(trades.exitPrice[row]!)},` +
        `"exitReason":"${EXIT_REASONS[trades.exitReason[row]!]}","quantity":${jsonNumber(trades.quantity[row]!)},` +
        `"pnl":${jsonNumber(trades.pnl[row]!)},"returnPct":${jsonNumber(trades.returnPct[row]!)},` +
        `"barsHeld":${exitIndex - entryIndex + 1},"mfePct":${jsonNumber(trades.mfePct[row]!)},` +
        `"maePct":${jsonNumber(trades.maePct[row]!)}}`,
    );
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

/** Writes a per-bar series as a JSON array, NaN (no value) as null. */
export function writeSeriesJson(values: Float64Array, out: OutputSink): void {
  const chunk = 4096;
  out.write('[');
  for (let start = 0; start < values.length; start += chunk) {
    const end = Math.min(start + chunk, values.length);
    let text = start > 0 ? ',' : '';
    for (let bar = start; bar < end; bar++) text += (bar > start ? ',' : '') + jsonNumber(values[bar]!);
    out.write(text);
  }
  out.write(']');
}
