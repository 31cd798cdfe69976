/**
 * Trades (ticks) from CSV text, the format the CLI's `--ticks` reads, parsed in one pass over
 * its UTF-8 bytes with the candle reader's cell parsers (candles/csv-cells.ts).
 *
 * - Header row required; names are case-insensitive and trimmed, optionally in double quotes.
 * - Columns: time (or timestamp, datetime, date), price, size (or qty, quantity, volume), and
 *   optionally side (buy / sell, b / s, any case; blank = unknown). Other columns are ignored.
 * - Times as the candle reader takes them: ISO 8601 date-times with a space or "T" (UTC unless
 *   they carry "Z" or an offset, milliseconds kept), or unix time as a number (milliseconds
 *   from 1e11 on, seconds below).
 * - Separator: comma, or semicolon when the header has more semicolons than commas.
 * - Rows in the order the trades happened: a time may repeat (trades of one millisecond) but
 *   never go back. Sizes are 0 or more.
 * Errors are CsvFormatError with the 1-based line number of the offending line.
 */
import { CsvFormatError } from '../candles/csv';
import { isBlankByte, parseDecimal, POWERS_OF_TEN, TimestampReader } from '../candles/csv-cells';
import {
  BUY_SIDE,
  createTickSeries,
  SELL_SIDE,
  sliceTicks,
  UNKNOWN_SIDE,
  type TickSeries,
} from './tick-series';

const NEWLINE = 10;
const CARRIAGE_RETURN = 13;
const ZERO = 48;
const NINE = 57;
const DOT = 46;
const LOWER_B = 98;
const LOWER_E = 101;
const LOWER_L = 108;
const LOWER_S = 115;
const LOWER_U = 117;
const LOWER_Y = 121;
const QUOTE = 34;
const COMMA = 44;
const SEMICOLON = 59;
const BYTE_ORDER_MARK = [0xef, 0xbb, 0xbf];

const TIME_NAMES = ['time', 'timestamp', 'datetime', 'date'];
const SIZE_NAMES = ['size', 'qty', 'quantity', 'volume'];

/** Column roles; 0 is a column used for nothing. */
const TIME = 1;
const PRICE = 2;
const SIZE = 3;
const SIDE = 4;

interface TickColumns {
  /** What each column up to the last used one holds (the roles above). */
  roles: Uint8Array;
  hasSide: boolean;
}

const utf8 = new TextDecoder();

function unquote(field: string): string {
  const trimmed = field.trim();
  return trimmed.length >= 2 && trimmed.startsWith('"') && trimmed.endsWith('"')
    ? trimmed.slice(1, -1).trim()
    : trimmed;
}

function tickColumns(names: readonly string[]): TickColumns {
  const time = names.findIndex((name) => TIME_NAMES.includes(name));
  const price = names.indexOf('price');
  const size = names.findIndex((name) => SIZE_NAMES.includes(name));
  const side = names.indexOf('side');
  const missing = [
    ...(time < 0 ? ['time'] : []),
    ...(price < 0 ? ['price'] : []),
    ...(size < 0 ? ['size'] : []),
  ];
  if (missing.length > 0) {
    throw new CsvFormatError(
      1,
      `missing column${missing.length > 1 ? 's' : ''} ${missing.join(', ')} (header: ${names.join(',')}); ` +
        'a tick file has time, price, size and optionally side',
    );
  }
  const roles = new Uint8Array(Math.max(time, price, size, side) + 1);
  roles[time] = TIME;
  roles[price] = PRICE;
  roles[size] = SIZE;
  if (side >= 0) roles[side] = SIDE;
  return { roles, hasSide: side >= 0 };
}

/** Byte index of the end of the line starting at `start` (its newline, or the end). */
function lineEnd(bytes: Uint8Array, start: number): number {
  const newline = bytes.indexOf(NEWLINE, start);
  return newline < 0 ? bytes.length : newline;
}

function countLines(bytes: Uint8Array, start: number): number {
  let lines = 0;
  for (let index = start; index < bytes.length; index = lineEnd(bytes, index) + 1) lines++;
  return lines;
}

function describeTime(time: number): string {
  return new Date(time).toISOString();
}

/**
 * The side cell [start, end): BUY_SIDE for buy/b, SELL_SIDE for sell/s (any case),
 * UNKNOWN_SIDE when blank; NaN for anything else.
 */
function sideOf(bytes: Uint8Array, start: number, end: number): number {
  if (start === end) return UNKNOWN_SIDE;
  const word = utf8.decode(bytes.subarray(start, end)).toLowerCase();
  if (word === 'buy' || word === 'b') return BUY_SIDE;
  if (word === 'sell' || word === 's') return SELL_SIDE;
  return Number.NaN;
}

/** A side cell written b, s, buy or sell in lower case, or blank; NaN for anything else. */
function plainSide(bytes: Uint8Array, start: number, end: number): number {
  const first = bytes[start];
  const letters = end - start;
  if (letters === 0) return UNKNOWN_SIDE;
  if (first === LOWER_B && (letters === 1 || (letters === 3 && bytes[start + 1] === LOWER_U))) {
    return letters === 1 || bytes[start + 2] === LOWER_Y ? BUY_SIDE : Number.NaN;
  }
  if (first === LOWER_S && (letters === 1 || letters === 4)) {
    return letters === 1 ||
      (bytes[start + 1] === LOWER_E && bytes[start + 2] === LOWER_L && bytes[start + 3] === LOWER_L)
      ? SELL_SIDE
      : Number.NaN;
  }
  return Number.NaN;
}

/** Reads the data lines of a tick CSV, one line at a time, cells read in place. */
class TickRows {
  private readonly cellStart: Int32Array;
  private readonly cellEnd: Int32Array;
  private readonly timestamps = new TimestampReader();
  line = 1;
  /** The cells of the last line read. */
  time = 0;
  price = 0;
  size = 0;
  side = 0;

  constructor(
    private readonly bytes: Uint8Array,
    private readonly separator: number,
    private readonly roles: Uint8Array,
  ) {
    this.cellStart = new Int32Array(roles.length);
    this.cellEnd = new Int32Array(roles.length);
  }

  /**
   * Reads the line at `start` in one pass when it is written the plain way: no blanks or
   * quotes, price and size as `digits[.digits]`, a side of b, s, buy or sell in lower case, a
   * valid time. Returns the index of the line's end (its newline, or the end of the bytes), or
   * -1 for any other line: then `read` reads it, and raises the error if there is one.
   */
  readPlain(start: number): number {
    const { bytes, separator, roles } = this;
    const length = bytes.length;
    const width = roles.length;
    let index = start;
    let timeStart = 0;
    let timeEnd = 0;
    for (let column = 0; column < width; column++) {
      const role = roles[column]!;
      let byte = bytes[index];
      if (role === PRICE || role === SIZE) {
        let mantissa = 0;
        let digits = 0;
        let decimals = 0;
        while (byte !== undefined && byte >= ZERO && byte <= NINE) {
          mantissa = mantissa * 10 + (byte - ZERO);
          digits++;
          byte = bytes[++index];
        }
        if (byte === DOT) {
          byte = bytes[++index];
          while (byte !== undefined && byte >= ZERO && byte <= NINE) {
            mantissa = mantissa * 10 + (byte - ZERO);
            digits++;
            decimals++;
            byte = bytes[++index];
          }
        }
        // Digits past 2^53 or 22 decimals: the general path's parser takes them.
        if (digits === 0 || decimals > 22 || mantissa > Number.MAX_SAFE_INTEGER) return -1;
        if (role === PRICE) this.price = mantissa / POWERS_OF_TEN[decimals]!;
        else this.size = mantissa / POWERS_OF_TEN[decimals]!;
      } else {
        const cellStart = index;
        while (index < length && byte !== separator && byte !== NEWLINE && byte !== CARRIAGE_RETURN) {
          byte = bytes[++index];
        }
        if (role === TIME) {
          timeStart = cellStart;
          timeEnd = index;
        } else if (role === SIDE) {
          const side = plainSide(bytes, cellStart, index);
          if (Number.isNaN(side)) return -1;
          this.side = side;
        }
      }
      if (column < width - 1) {
        if (byte !== separator) return -1;
        index++;
      }
    }
    // The rest of the line: columns after the last used one, and the line's end.
    const byte = bytes[index];
    if (byte === separator) {
      const newline = bytes.indexOf(NEWLINE, index);
      index = newline < 0 ? length : newline;
    } else if (byte === CARRIAGE_RETURN && bytes[index + 1] === NEWLINE) index++;
    else if (index < length && byte !== NEWLINE) return -1;
    this.time = this.timestamps.read(bytes, timeStart, timeEnd);
    return Number.isNaN(this.time) ? -1 : index;
  }

  /**
   * Finds the cells of the line at `start` (blanks and quotes around a cell trimmed: a CRLF
   * line's carriage return is a blank) and reads them. Returns the index of the line's end; -1 for a blank line; throws for a line in error.
   */
  read(start: number): number {
    const { bytes, separator, cellStart, cellEnd } = this;
    const width = cellStart.length;
    const length = bytes.length;
    let fields = 0;
    let cell = start;
    let index = start;
    for (; ; index++) {
      const byte = index < length ? bytes[index]! : NEWLINE;
      if (byte !== separator && byte !== NEWLINE) continue;
      if (fields < width) {
        let first = cell;
        let last = index;
        while (first < last && isBlankByte(bytes[first]!)) first++;
        while (last > first && isBlankByte(bytes[last - 1]!)) last--;
        if (last - first >= 2 && bytes[first] === QUOTE && bytes[last - 1] === QUOTE) {
          first++;
          last--;
          while (first < last && isBlankByte(bytes[first]!)) first++;
          while (last > first && isBlankByte(bytes[last - 1]!)) last--;
        }
        cellStart[fields] = first;
        cellEnd[fields] = last;
      }
      fields++;
      cell = index + 1;
      if (byte === NEWLINE) break;
    }
    if (fields < width) {
      if (fields === 1 && cellStart[0] === cellEnd[0]) return -1;
      throw new CsvFormatError(this.line, `expected at least ${width} fields, found ${fields}`);
    }
    this.readCells();
    return index;
  }

  private readCells(): void {
    const { roles, cellStart, cellEnd, bytes } = this;
    for (let column = 0; column < roles.length; column++) {
      const role = roles[column]!;
      const start = cellStart[column]!;
      const end = cellEnd[column]!;
      if (role === TIME) {
        this.time = this.timestamps.read(bytes, start, end);
        if (Number.isNaN(this.time)) {
          throw new CsvFormatError(
            this.line,
            `time "${this.text(column)}" is not a date-time (YYYY-MM-DD HH:MM:SS[.mmm][Z|±HH:MM]) or unix milliseconds`,
          );
        }
      } else if (role === PRICE) {
        this.price = this.number(column, 'price');
      } else if (role === SIZE) {
        this.size = this.number(column, 'size');
        if (this.size < 0) throw new CsvFormatError(this.line, `size ${this.size} is negative`);
      } else if (role === SIDE) {
        this.side = sideOf(bytes, start, end);
        if (Number.isNaN(this.side)) {
          throw new CsvFormatError(this.line, `side "${this.text(column)}" is not buy or sell`);
        }
      }
    }
  }

  private text(column: number): string {
    return utf8.decode(this.bytes.subarray(this.cellStart[column], this.cellEnd[column]));
  }

  /** A plain decimal in place; anything else through Number() (exponents), else an error. */
  private number(column: number, name: string): number {
    const value = parseDecimal(this.bytes, this.cellStart[column]!, this.cellEnd[column]!);
    if (!Number.isNaN(value)) return value;
    const text = this.text(column).trim();
    if (text === '') throw new CsvFormatError(this.line, `${name} is empty`);
    const parsed = Number(text);
    if (!Number.isFinite(parsed)) throw new CsvFormatError(this.line, `${name} "${text}" is not a number`);
    return parsed;
  }
}

function startsWithByteOrderMark(bytes: Uint8Array): boolean {
  return BYTE_ORDER_MARK.every((byte, index) => bytes[index] === byte);
}

/** Parses CSV text (a string, or its UTF-8 bytes as read from a file) into trades (module note). */
export function parseTicksCsv(input: string | Uint8Array): TickSeries {
  const bytes = typeof input === 'string' ? new TextEncoder().encode(input) : input;
  const textStart = startsWithByteOrderMark(bytes) ? BYTE_ORDER_MARK.length : 0;
  const headerEnd = lineEnd(bytes, textStart);
  const header = utf8.decode(bytes.subarray(textStart, headerEnd)).replace(/\r$/, '');
  if (header.trim() === '') throw new CsvFormatError(1, 'the header row is empty');
  const separator = header.split(';').length > header.split(',').length ? SEMICOLON : COMMA;
  const { roles, hasSide } = tickColumns(
    header.split(String.fromCharCode(separator)).map((name) => unquote(name).toLowerCase()),
  );

  const capacity = countLines(bytes, headerEnd + 1);
  const ticks = createTickSeries(capacity, hasSide);
  const { t, p, q, side } = ticks;
  const rows = new TickRows(bytes, separator, roles);
  let count = 0;
  let previous = Number.NEGATIVE_INFINITY;
  for (let start = headerEnd + 1; start < bytes.length;) {
    rows.line++;
    const plainEnd = rows.readPlain(start);
    const end = plainEnd >= 0 ? plainEnd : rows.read(start);
    if (end < 0) {
      start = lineEnd(bytes, start) + 1;
      continue;
    }
    const time = rows.time;
    if (time < previous) {
      throw new CsvFormatError(
        rows.line,
        `trades out of order: ${describeTime(time)} comes after ${describeTime(previous)}`,
      );
    }
    previous = time;
    t[count] = time;
    p[count] = rows.price;
    q[count] = rows.size;
    if (side !== undefined) side[count] = rows.side;
    count++;
    start = end + 1;
  }
  if (count === 0) throw new CsvFormatError(0, 'the file has a header but no data rows');
  return count === capacity ? ticks : sliceTicks(ticks, 0, count);
}
