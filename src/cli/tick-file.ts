/**
 * A tick CSV file (`backtest --ticks`) read into trades and the bars of the request's timeframe
 * built from them, in the calendar the command line names. Errors name the file, and a row in
 * error its line, as for candle files (read-inputs.ts).
 */
import { readFileSync } from 'node:fs';
import {
  CsvFormatError,
  barsFromTicks,
  parseTicksCsv,
  type SessionCalendar,
  type TickBars,
} from '../engine/cli';

/** The trades of the CSV file at `path` and their bars of `minutes` in `calendar`. */
export function readTickFile(path: string, minutes: number, calendar: SessionCalendar): TickBars {
  let bytes: Uint8Array;
  try {
    bytes = readFileSync(path);
  } catch (error) {
    throw new Error(`cannot read ${path}: ${(error as Error).message}`, { cause: error });
  }
  try {
    return barsFromTicks(parseTicksCsv(bytes), minutes, calendar);
  } catch (error) {
    if (!(error instanceof CsvFormatError)) throw error;
    throw new Error(`${path}: ${error.message}`, { cause: error });
  }
}
