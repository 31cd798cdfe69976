/**
 * A candle CSV file read into a series. A large file is parsed in two parts at once, on two
 * cores: the main thread parses the first part while the helper thread reads and parses the
 * rest, and the two are joined. The result, or the error, is always parseCandlesCsv's for the
 * whole file: whenever the helper brings no part, the whole file is parsed again on the main
 * thread, which raises the error of a row in error as one reader does.
 *
 * The helper's part can be asked for before the CLI has loaded (startReadingCandleFile, called
 * as the CLI starts): the thread's own start, about 0.1 s, then overlaps the CLI's loading, and
 * the helper takes the larger share.
 */
import { availableParallelism } from 'node:os';
import { closeSync, fstatSync, openSync } from 'node:fs';
import {
  joinCsvParts,
  linesAtSampleRate,
  parseCandlesCsv,
  parseCsvPart,
  readCsvHeader,
} from '../engine/candles/csv';
import type { CsvHeader } from '../engine/candles/csv';
import type { CandleSeries } from '../engine/candles/series';
import { readRange, splitAfter, type CsvTail } from './csv-tail';
import { helperThread } from './helper-thread';

/** Below this size one thread parses the file: the helper's start would cost more than it saves. */
const TWO_PARTS_FROM_BYTES = 16 << 20;
/**
 * The main thread's share of the bytes: below one half when the helper was started as the CLI
 * started (the main thread still loads the CLI meanwhile), above when it starts at the read (a
 * new thread loading its module).
 */
const MAIN_SHARE = { startedEarly: 0.48, startedAtRead: 0.56 };
/** Bytes read first, holding the header row. */
const HEAD_BYTES = 1 << 16;
/** Bytes the main thread reads past its share to reach the end of the line there. */
const LINE_SLACK_BYTES = 1 << 16;

/**
 * A column on shared memory. The main thread's part is parsed into such columns, and the
 * helper's rows joined after its own: the helper thread then reads the whole series without a
 * copy (the data-quality report, made during the backtest).
 */
const sharedColumn = (length: number) =>
  new Float64Array(new SharedArrayBuffer(length * Float64Array.BYTES_PER_ELEMENT));

/** The helper's part of a file, asked for: which file it was (size and time) and from where. */
interface TailRead {
  path: string;
  size: number;
  modifiedMs: number;
  from: number;
  header: CsvHeader;
  head: Buffer;
  tail: Promise<CsvTail | null>;
}

/** The read startReadingCandleFile started, until readCandleFile takes it. */
let startedEarly: TailRead | null = null;

/** The byte offset the helper's part is read from, for a file of `size` bytes. */
export function helperReadsFrom(size: number, early = false): number {
  return Math.floor(size * (early ? MAIN_SHARE.startedEarly : MAIN_SHARE.startedAtRead));
}

function parseWholeFile(fd: number, size: number): CandleSeries {
  const bytes = Buffer.allocUnsafeSlow(size);
  readRange(fd, bytes, 0);
  return parseCandlesCsv(bytes);
}

function splitsInTwo(size: number): boolean {
  return size >= TWO_PARTS_FROM_BYTES && availableParallelism() >= 2;
}

/**
 * Sends the helper the file's part after byte `from`, once the header is read from the
 * file's head; null when the head holds no whole line (the file is then parsed as one).
 */
function startTailRead(path: string, fd: number, size: number, from: number): TailRead | null {
  const head = Buffer.allocUnsafeSlow(HEAD_BYTES);
  readRange(fd, head, 0);
  if (splitAfter(head, 0) < 0) return null;
  const header = readCsvHeader(head);
  const tail = helperThread().run('readCsvTail', [path, from, header]);
  return { path, size, modifiedMs: fstatSync(fd).mtimeMs, from, header, head, tail };
}

/**
 * Starts the helper on the end of the candle file at `path` when it is large enough to be read
 * in two parts, before the CLI asks for the file. Any problem (no such file, a header in error)
 * is left for readCandleFile to report.
 */
export function startReadingCandleFile(path: string): void {
  try {
    const fd = openSync(path, 'r');
    try {
      const size = fstatSync(fd).size;
      if (splitsInTwo(size)) startedEarly = startTailRead(path, fd, size, helperReadsFrom(size, true));
    } finally {
      closeSync(fd);
    }
  } catch {
    startedEarly = null;
  }
}

/** The read started early for this file, if it is the same file still (size and time). */
function takeEarlyRead(path: string, fd: number): TailRead | null {
  const early = startedEarly;
  startedEarly = null;
  if (early === null || early.path !== path) return null;
  const { size, mtimeMs } = fstatSync(fd);
  return early.size === size && early.modifiedMs === mtimeMs ? early : null;
}

async function parseInTwoParts(fd: number, read: TailRead): Promise<CandleSeries> {
  const { from, header, head, size } = read;
  const bytes = Buffer.allocUnsafeSlow(Math.min(size, from + LINE_SLACK_BYTES));
  bytes.set(head.subarray(0, Math.min(head.length, bytes.length)));
  if (bytes.length > head.length) readRange(fd, bytes.subarray(head.length), head.length);
  const split = splitAfter(bytes, from);
  if (split < 0) return parseWholeFile(fd, size);
  // Room after the main thread's rows for the helper's, as many as the head's lines say its
  // bytes hold: the join writes them there instead of copying both parts to new arrays.
  const first = parseCsvPart(bytes.subarray(header.dataStart, split), header, 2, {
    roomAfter: linesAtSampleRate(head, size - split),
    newColumn: sharedColumn,
  });
  const tail = await read.tail;
  // Without the helper's part (a row in error there, or no helper): the whole file, read as one.
  if (tail?.part == null || tail.start !== split) return parseWholeFile(fd, size);
  return joinCsvParts([first, tail.part]);
}

/** The candles of the CSV file at `path` (errors: parseCandlesCsv's, or the file system's). */
export async function readCandleFile(path: string): Promise<CandleSeries> {
  const fd = openSync(path, 'r');
  try {
    const early = takeEarlyRead(path, fd);
    const size = fstatSync(fd).size;
    if (!splitsInTwo(size)) return parseWholeFile(fd, size);
    const read = early ?? startTailRead(path, fd, size, helperReadsFrom(size));
    return read === null ? parseWholeFile(fd, size) : await parseInTwoParts(fd, read);
  } finally {
    closeSync(fd);
  }
}
