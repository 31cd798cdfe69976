/**
 * The end of a large candle CSV, read and parsed on the CLI's helper thread while the main
 * thread parses the beginning (candle-file.ts): the bytes from a given offset, parsed from the
 * first line that starts after it.
 */
import { closeSync, fstatSync, openSync, readSync } from 'node:fs';
// The CSV module itself, not the engine's index: the helper's bundle stays small (helper-thread.ts).
import { CsvFormatError, parseCsvPart, type CsvHeader, type CsvPart } from '../engine/candles/csv';

const NEWLINE = 10;

/** Reads bytes [from, from + into.length) of the open file `fd` into `into`. */
export function readRange(fd: number, into: Uint8Array, from: number): void {
  for (let done = 0; done < into.length;) {
    const read = readSync(fd, into, done, into.length - done, from + done);
    if (read === 0)
      throw new Error(`the file ended at byte ${from + done}, before byte ${from + into.length}`);
    done += read;
  }
}

/** Where the part read from `from` starts: just after the first newline at or after `from`. */
export function splitAfter(bytes: Uint8Array, from: number): number {
  const newline = bytes.indexOf(NEWLINE, from);
  return newline < 0 ? -1 : newline + 1;
}

export interface CsvTail {
  /** The file offset of the part's first line; -1 when no line starts after `from`. */
  start: number;
  /** Null when a row of the part is in error (the whole file's reader names it) or no line starts. */
  part: CsvPart | null;
}

/**
 * The rows of `path` from the first line after byte `from` (line numbers counted from 1 there),
 * with the buffers of its columns to transfer to the main thread.
 */
export function readCsvTail(
  path: string,
  from: number,
  header: CsvHeader,
): { value: CsvTail; transfer: ArrayBuffer[] } {
  const fd = openSync(path, 'r');
  let bytes: Buffer;
  try {
    bytes = Buffer.allocUnsafeSlow(fstatSync(fd).size - from);
    readRange(fd, bytes, from);
  } finally {
    closeSync(fd);
  }
  const split = splitAfter(bytes, 0);
  if (split < 0) return { value: { start: -1, part: null }, transfer: [] };
  let part: CsvPart;
  try {
    part = parseCsvPart(bytes.subarray(split), header, 1);
  } catch (error) {
    if (error instanceof CsvFormatError) return { value: { start: from + split, part: null }, transfer: [] };
    throw error;
  }
  const { t, o, h, l, c, v } = part.series;
  return {
    value: { start: from + split, part },
    transfer: [t, o, h, l, c, v].map((column) => column.buffer as ArrayBuffer),
  };
}
