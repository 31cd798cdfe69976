/**
 * A candle CSV file read into a series. A large file is parsed in two parts at once, on two
 * cores: the main thread parses the first part while the helper thread reads and parses the
 * rest, and the two are joined. The result, or the error, is always parseCandlesCsv's for the
 * whole file: whenever the helper brings no part, the whole file is parsed again on the main
 * thread, which raises the error of a row in error as one reader does.
 */
import { availableParallelism } from 'node:os';
import { closeSync, fstatSync, openSync } from 'node:fs';
import { joinCsvParts, parseCandlesCsv, parseCsvPart, readCsvHeader, type CandleSeries } from '../engine/cli';
import { readRange, splitAfter } from './csv-tail';
import { helperThread } from './helper-thread';

/** Below this size one thread parses the file: the helper's start would cost more than it saves. */
const TWO_PARTS_FROM_BYTES = 16 << 20;
/** The main thread's share of the bytes: the helper starts later (a new thread loading its module). */
const MAIN_SHARE = 0.56;
/** Bytes read first, holding the header row. */
const HEAD_BYTES = 1 << 16;
/** Bytes the main thread reads past its share to reach the end of the line there. */
const LINE_SLACK_BYTES = 1 << 16;

/** The byte offset the helper's part is read from, for a file of `size` bytes. */
export function helperReadsFrom(size: number): number {
  return Math.floor(size * MAIN_SHARE);
}

function parseWholeFile(fd: number, size: number): CandleSeries {
  const bytes = Buffer.allocUnsafeSlow(size);
  readRange(fd, bytes, 0);
  return parseCandlesCsv(bytes);
}

async function parseInTwoParts(path: string, fd: number, size: number): Promise<CandleSeries> {
  const from = helperReadsFrom(size);
  const bytes = Buffer.allocUnsafeSlow(Math.min(size, from + LINE_SLACK_BYTES));
  const head = bytes.subarray(0, HEAD_BYTES);
  readRange(fd, head, 0);
  if (splitAfter(head, 0) < 0) return parseWholeFile(fd, size);
  const header = readCsvHeader(head);
  const rest = helperThread().run('readCsvTail', [path, from, header]);
  readRange(fd, bytes.subarray(head.length), head.length);
  const split = splitAfter(bytes, from);
  if (split < 0) return parseWholeFile(fd, size);
  const first = parseCsvPart(bytes.subarray(header.dataStart, split), header, 2);
  const tail = await rest;
  // Without the helper's part (a row in error there, or no helper): the whole file, read as one.
  if (tail?.part == null || tail.start !== split) return parseWholeFile(fd, size);
  return joinCsvParts([first, tail.part]);
}

/** The candles of the CSV file at `path` (errors: parseCandlesCsv's, or the file system's). */
export async function readCandleFile(path: string): Promise<CandleSeries> {
  const fd = openSync(path, 'r');
  try {
    const size = fstatSync(fd).size;
    return size < TWO_PARTS_FROM_BYTES || availableParallelism() < 2
      ? parseWholeFile(fd, size)
      : await parseInTwoParts(path, fd, size);
  } finally {
    closeSync(fd);
  }
}
