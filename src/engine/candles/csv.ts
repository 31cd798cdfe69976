/**
 * OHLCV candles from CSV text (the format users upload and the CLI reads), parsed in one pass
 * over its UTF-8 bytes (csv-cells.ts reads each cell in place).
 *
 * - Header row required; names are case-insensitive and trimmed, optionally in double quotes.
 * - Time column: the first of "date", "datetime", "time", "timestamp", or an unnamed first
 *   column (pandas' index, as in backtesting.py's sample files). "date" and "time" as two
 *   columns (MetaTrader exports) are joined into one timestamp.
 * - Price columns open, high, low, close are required; volume is optional (0 when the column
 *   is absent or a cell is blank). Other columns are ignored.
 * - Timestamps: ISO dates ("2024-03-01" = 00:00 UTC), ISO date-times with a space or "T"
 *   ("2024-03-01 14:30:00" = UTC unless it carries "Z" or an offset), or unix time as a
 *   number: seconds below 1e11 (before the year 5138), milliseconds from 1e11 on.
 * - Separator: comma, or semicolon when the header has more semicolons than commas.
 * - Rows must be in strictly increasing time; high must not be below low.
 * Errors are CsvFormatError with the 1-based line number of the offending line.
 */
import { isBlankByte, parseDecimal, parseLongDecimal, POWERS_OF_TEN, TimestampReader } from './csv-cells';
import { createSeries, type CandleSeries, type NewColumn } from './series';

export class CsvFormatError extends Error {
  constructor(
    /** 1-based line number in the text (the header is line 1); 0 for the file as a whole. */
    readonly line: number,
    problem: string,
  ) {
    super(line > 0 ? `line ${line}: ${problem}` : problem);
    this.name = 'CsvFormatError';
  }
}

interface ColumnLayout {
  time: number;
  /** A separate time-of-day column joined to `time` (date + time exports). */
  timeOfDay: number | null;
  open: number;
  high: number;
  low: number;
  close: number;
  volume: number | null;
  /** Fields a data row needs to reach every used column. */
  width: number;
}

const TIME_NAMES = ['date', 'datetime', 'time', 'timestamp'];
const PRICE_NAMES = ['open', 'high', 'low', 'close'];

function unquote(field: string): string {
  const trimmed = field.trim();
  return trimmed.length >= 2 && trimmed.startsWith('"') && trimmed.endsWith('"')
    ? trimmed.slice(1, -1).trim()
    : trimmed;
}

function columnLayout(names: readonly string[]): ColumnLayout {
  const find = (name: string) => names.indexOf(name);
  let time = names.findIndex((name) => TIME_NAMES.includes(name));
  if (time < 0 && names[0] === '') time = 0;
  const missing: string[] = [...(time < 0 ? ['date'] : []), ...PRICE_NAMES.filter((name) => find(name) < 0)];
  if (missing.length > 0) {
    throw new CsvFormatError(
      1,
      `missing column${missing.length > 1 ? 's' : ''} ${missing.join(', ')} (header: ${names.join(',')})`,
    );
  }
  const dateColumn = find('date');
  const timeColumn = find('time');
  const splitDateTime = dateColumn >= 0 && timeColumn >= 0;
  const volume = find('volume');
  const layout = {
    time: splitDateTime ? dateColumn : time,
    timeOfDay: splitDateTime ? timeColumn : null,
    open: find('open'),
    high: find('high'),
    low: find('low'),
    close: find('close'),
    volume: volume >= 0 ? volume : null,
  };
  const used = Object.values(layout).filter((index): index is number => index !== null);
  return { ...layout, width: Math.max(...used) + 1 };
}

/**
 * A price or volume cell written other than as a plain decimal (an exponent, odd whitespace,
 * "Infinity"...): the general number syntax of Number(), as before the fast path existed.
 */
function parseOtherNumber(cell: string, column: string, line: number): number {
  const text = unquote(cell);
  if (text === '') throw new CsvFormatError(line, `${column} is empty`);
  const value = Number(text);
  if (!Number.isFinite(value)) throw new CsvFormatError(line, `${column} "${text}" is not a number`);
  return value;
}

function describeTime(time: number): string {
  return new Date(time).toISOString();
}

const NEWLINE = 10;
const CARRIAGE_RETURN = 13;
const QUOTE = 34;
const COMMA = 44;
const SEMICOLON = 59;
const BYTE_ORDER_MARK = [0xef, 0xbb, 0xbf];

const ZERO = 48;
const NINE = 57;
const DOT = 46;
const MINUS = 45;

const COLUMNS = ['t', 'o', 'h', 'l', 'c', 'v'] as const;

/** Column roles of the plain-line reader: skipped, time, time of day, then the five values. */
const ROLE_TIME = 1;
const ROLE_CLOCK = 2;
const ROLE_OPEN = 3;
const ROLE_VOLUME = ROLE_OPEN + 4;
const PLAIN_VALUES = 5;

const utf8 = new TextDecoder();

/**
 * The data rows of a CSV, line by line over its bytes. Each line's cells are found once (up to
 * the last column the layout uses; the rest are only counted) and read in place.
 */
class CsvRows {
  /** Start and end of each used cell of the current line, quotes and blanks trimmed. */
  private readonly cellStart: Int32Array;
  private readonly cellEnd: Int32Array;
  private readonly timestamps = new TimestampReader();
  line = 0;

  /** What each column up to the last used one holds (ROLE_*). */
  private readonly roles: Uint8Array;

  constructor(
    private readonly bytes: Uint8Array,
    private readonly separator: number,
    private readonly layout: ColumnLayout,
  ) {
    this.cellStart = new Int32Array(layout.width);
    this.cellEnd = new Int32Array(layout.width);
    this.roles = new Uint8Array(layout.width);
    this.roles[layout.time] = ROLE_TIME;
    if (layout.timeOfDay !== null) this.roles[layout.timeOfDay] = ROLE_CLOCK;
    this.roles[layout.open] = ROLE_OPEN;
    this.roles[layout.high] = ROLE_OPEN + 1;
    this.roles[layout.low] = ROLE_OPEN + 2;
    this.roles[layout.close] = ROLE_OPEN + 3;
    if (layout.volume !== null) this.roles[layout.volume] = ROLE_VOLUME;
  }

  /** What the plain-line reader found: the timestamp, then open, high, low, close, volume. */
  plainTime = 0;
  /** Width of the last plain line's time cell: most files write every timestamp alike. */
  private timeWidth = 0;
  readonly plainValues = new Float64Array(PLAIN_VALUES);

  /**
   * Reads the line at `start` in one pass when it is written the plain way: cells with no
   * blanks or quotes, prices as `[-]digits[.digits]` (full-precision ones through
   * parseLongDecimal), a valid timestamp. Returns the index just after the last used cell, or
   * -1 for any other line (then the general path reads it, and raises the error if there is one).
   */
  readPlainLine(start: number): number {
    const { bytes, separator, roles, plainValues } = this;
    const length = bytes.length;
    const width = roles.length;
    let index = start;
    let timeStart = 0;
    let timeEnd = 0;
    let clockStart = -1;
    let clockEnd = -1;
    let time = Number.NaN;
    for (let column = 0; column < width; column++) {
      const role = roles[column]!;
      let byte = bytes[index];
      if (role >= ROLE_OPEN) {
        const cellStart = index;
        const negative = byte === MINUS;
        if (negative) byte = bytes[++index];
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
        const blankVolume = role === ROLE_VOLUME && index === cellStart;
        if (!blankVolume && (digits === 0 || decimals > 22)) return -1;
        const value =
          mantissa > Number.MAX_SAFE_INTEGER
            ? parseLongDecimal(bytes, negative ? cellStart + 1 : cellStart, index)
            : mantissa / POWERS_OF_TEN[decimals]!;
        if (Number.isNaN(value)) return -1;
        plainValues[role - ROLE_OPEN] = negative ? -value : value;
      } else {
        const cellStart = index;
        // A time cell as wide as the last line's, then a separator, is read at once: the reader
        // takes only timestamp characters, so a cell it reads whole holds no separator.
        const width = this.timeWidth;
        let readWhole = false;
        if (role === ROLE_TIME && width > 0 && bytes[index + width] === separator) {
          time = this.timestamps.read(bytes, index, index + width);
          readWhole = time === time;
          if (readWhole) {
            index += width;
            byte = separator;
          }
        }
        if (!readWhole) {
          while (index < length && byte !== separator && byte !== NEWLINE && byte !== CARRIAGE_RETURN) {
            byte = bytes[++index];
          }
        }
        if (role === ROLE_TIME) {
          timeStart = cellStart;
          timeEnd = index;
        } else if (role === ROLE_CLOCK) {
          clockStart = cellStart;
          clockEnd = index;
        }
      }
      const last = column === width - 1;
      if (
        byte !== separator &&
        !(last && (index === length || byte === NEWLINE || byte === CARRIAGE_RETURN))
      ) {
        return -1;
      }
      if (!last) index++;
    }
    if (time !== time) {
      time =
        clockStart < 0
          ? this.timestamps.read(bytes, timeStart, timeEnd)
          : this.timestamps.readDateAndClock(bytes, timeStart, timeEnd, clockStart, clockEnd);
      if (time !== time) return -1;
      // Not with a separate time-of-day cell, which the timestamp is read with.
      this.timeWidth = this.layout.timeOfDay === null ? timeEnd - timeStart : 0;
    }
    this.plainTime = time;
    return index;
  }

  /** Finds the cells of the line [start, end); returns how many fields the line has. */
  splitLine(start: number, end: number): number {
    const { bytes, separator, layout, cellStart, cellEnd } = this;
    let fields = 0;
    let fieldStart = start;
    for (let index = start; index <= end; index++) {
      if (index < end && bytes[index] !== separator) continue;
      if (fields < layout.width) {
        let first = fieldStart;
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
      fieldStart = index + 1;
    }
    return fields;
  }

  cellText(column: number): string {
    return utf8.decode(this.bytes.subarray(this.cellStart[column], this.cellEnd[column]));
  }

  timestamp(): number {
    const { layout, cellStart, cellEnd } = this;
    const time = layout.time;
    const clock = layout.timeOfDay;
    const value =
      clock === null
        ? this.timestamps.read(this.bytes, cellStart[time]!, cellEnd[time]!)
        : this.timestamps.readDateAndClock(
            this.bytes,
            cellStart[time]!,
            cellEnd[time]!,
            cellStart[clock]!,
            cellEnd[clock]!,
          );
    if (Number.isNaN(value)) {
      const text = clock === null ? this.cellText(time) : `${this.cellText(time)} ${this.cellText(clock)}`;
      throw new CsvFormatError(
        this.line,
        `timestamp "${text}" is not a date (YYYY-MM-DD), a date-time (YYYY-MM-DD HH:MM:SS) or unix time`,
      );
    }
    return value;
  }

  number(column: number, name: string): number {
    const value = parseDecimal(this.bytes, this.cellStart[column]!, this.cellEnd[column]!);
    return Number.isNaN(value) ? parseOtherNumber(this.cellText(column), name, this.line) : value;
  }

  /** A volume cell: blank is 0. */
  volume(column: number | null): number {
    if (column === null || this.cellStart[column] === this.cellEnd[column]) return 0;
    return this.number(column, 'volume');
  }
}

function startsWithByteOrderMark(bytes: Uint8Array): boolean {
  return BYTE_ORDER_MARK.every((byte, index) => bytes[index] === byte);
}

/** End of the line starting at `start` (the newline's index, or the end of the bytes). */
function lineEnd(bytes: Uint8Array, start: number): number {
  const newline = bytes.indexOf(NEWLINE, start);
  return newline < 0 ? bytes.length : newline;
}

/** The line's end without the carriage return of a CRLF line end. */
function contentEnd(bytes: Uint8Array, start: number, end: number): number {
  return end > start && bytes[end - 1] === CARRIAGE_RETURN ? end - 1 : end;
}

function isBlankLine(bytes: Uint8Array, start: number, end: number): boolean {
  for (let index = start; index < end; index++) if (!isBlankByte(bytes[index]!)) return false;
  return true;
}

/** Bytes read from a part's start to estimate how many lines it holds. */
const LINE_SAMPLE_BYTES = 1 << 16;
/** Room over the sample's count: later lines may be a little shorter than the sample's. */
const LINE_ESTIMATE_SLACK = 1.05;

function newlinesIn(bytes: Uint8Array): number {
  let newlines = 0;
  for (let index = bytes.indexOf(NEWLINE); index >= 0; index = bytes.indexOf(NEWLINE, index + 1)) {
    newlines++;
  }
  return newlines;
}

/**
 * About how many lines `bytes` bytes of a CSV hold, rather more: the lines of `sample` (text
 * of the same file) scaled to that length, with some slack.
 */
export function linesAtSampleRate(sample: Uint8Array, bytes: number): number {
  return Math.ceil((bytes / sample.length) * Math.max(newlinesIn(sample), 1) * LINE_ESTIMATE_SLACK);
}

/**
 * About as many lines as `bytes` holds, rather more: exact when it is no longer than the
 * sample, else estimated from its first bytes. Counting every line first cost a call per
 * line, a fifth of the parse.
 */
function estimatedLines(bytes: Uint8Array): number {
  if (bytes.length <= LINE_SAMPLE_BYTES) return newlinesIn(bytes) + 1;
  return linesAtSampleRate(bytes.subarray(0, LINE_SAMPLE_BYTES), bytes.length);
}

/** `series`'s first `rows` bars in new arrays of `capacity` bars. */
function grownSeries(
  series: CandleSeries,
  rows: number,
  capacity: number,
  newColumn: NewColumn | undefined,
): CandleSeries {
  const grown = createSeries(capacity, newColumn);
  for (const field of COLUMNS) grown[field].set(series[field].subarray(0, rows));
  return grown;
}

/** What a CSV's header row says: the separator, the columns used, and where the data lines start. */
export interface CsvHeader {
  readonly separator: number;
  readonly layout: ColumnLayout;
  /** Byte index of the first line after the header. */
  readonly dataStart: number;
}

/** The header row at the start of `bytes` (after a byte-order mark, if any). */
export function readCsvHeader(bytes: Uint8Array): CsvHeader {
  const textStart = startsWithByteOrderMark(bytes) ? BYTE_ORDER_MARK.length : 0;
  const headerEnd = lineEnd(bytes, textStart);
  const header = utf8.decode(bytes.subarray(textStart, contentEnd(bytes, textStart, headerEnd)));
  if (header.trim() === '') throw new CsvFormatError(1, 'the header row is empty');
  const separator = header.split(';').length > header.split(',').length ? SEMICOLON : COMMA;
  const layout = columnLayout(
    header.split(String.fromCharCode(separator)).map((name) => unquote(name).toLowerCase()),
  );
  return { separator, layout, dataStart: headerEnd + 1 };
}

/** The rows of a run of whole lines of a CSV, read apart from the rest of the file (parseCsvPart). */
export interface CsvPart {
  readonly series: CandleSeries;
  /** Lines the part spans, blank ones included. */
  readonly lines: number;
  /** Blank lines before the part's first row. */
  readonly linesBeforeFirstRow: number;
}

function orderProblem(time: number, previous: number): string | null {
  if (time === previous) return `duplicate timestamp ${describeTime(time)}`;
  if (time < previous) {
    return `timestamps not increasing: ${describeTime(time)} comes after ${describeTime(previous)}`;
  }
  return null;
}

/** How parseCsvPart makes its columns. */
export interface CsvPartColumns {
  /**
   * Rows of room after the part's own: joinCsvParts writes the parts after this one there
   * instead of copying all of them into new arrays.
   */
  roomAfter?: number;
  /** Makes each column (createSeries's default: a plain Float64Array). */
  newColumn?: NewColumn;
}

/**
 * The data rows of `bytes`, whole lines of a CSV under `header`, `firstLine` being the number of
 * the first one (errors give line numbers). Rows are checked against the ones before them in
 * the part; joinCsvParts checks where parts meet. The columns are views of arrays that may be
 * longer (`columns.roomAfter`).
 */
export function parseCsvPart(
  bytes: Uint8Array,
  header: CsvHeader,
  firstLine: number,
  { roomAfter = 0, newColumn }: CsvPartColumns = {},
): CsvPart {
  const { separator, layout } = header;
  // Arrays for an estimate of the rows, grown when the rows pass it; a part's views of them.
  let capacity = estimatedLines(bytes);
  let series = createSeries(capacity + roomAfter, newColumn);
  let { t, o, h, l, c, v } = series;
  const rows = new CsvRows(bytes, separator, layout);
  let row = 0;
  let line = firstLine - 1;
  let firstRowLine = line;
  const checkOrder = (time: number) => {
    if (row === 0) {
      firstRowLine = line;
      return;
    }
    const problem = orderProblem(time, t[row - 1]!);
    if (problem !== null) throw new CsvFormatError(line, problem);
  };
  const checkRange = (high: number, low: number) => {
    if (high < low) throw new CsvFormatError(line, `high ${high} is below low ${low}`);
  };
  const values = rows.plainValues;
  for (let start = 0; start < bytes.length;) {
    line++;
    rows.line = line;
    if (row === capacity) {
      capacity = row + estimatedLines(bytes.subarray(start));
      series = grownSeries(series, row, capacity + roomAfter, newColumn);
      ({ t, o, h, l, c, v } = series);
    }
    const plainEnd = rows.readPlainLine(start);
    let end: number;
    if (plainEnd >= 0) {
      end = bytes[plainEnd] === NEWLINE ? plainEnd : lineEnd(bytes, plainEnd);
      const time = rows.plainTime;
      checkOrder(time);
      checkRange(values[1]!, values[2]!);
      t[row] = time;
      o[row] = values[0]!;
      h[row] = values[1]!;
      l[row] = values[2]!;
      c[row] = values[3]!;
      v[row] = values[4]!;
      row++;
    } else {
      // The general path, in the order of its checks: field count, time, order, high, low.
      end = lineEnd(bytes, start);
      const lastContent = contentEnd(bytes, start, end);
      const fields = rows.splitLine(start, lastContent);
      // A layout uses at least five columns, so a blank line (one empty field) is always short.
      if (fields >= layout.width || !isBlankLine(bytes, start, lastContent)) {
        if (fields < layout.width) {
          throw new CsvFormatError(line, `expected at least ${layout.width} fields, found ${fields}`);
        }
        const time = rows.timestamp();
        checkOrder(time);
        const high = rows.number(layout.high, 'high');
        const low = rows.number(layout.low, 'low');
        checkRange(high, low);
        t[row] = time;
        o[row] = rows.number(layout.open, 'open');
        h[row] = high;
        l[row] = low;
        c[row] = rows.number(layout.close, 'close');
        v[row] = rows.volume(layout.volume);
        row++;
      }
    }
    start = end + 1;
  }
  const lines = line - firstLine + 1;
  return {
    series: seriesHead(series, row),
    lines,
    linesBeforeFirstRow: row === 0 ? lines : firstRowLine - firstLine,
  };
}

/** The first `rows` bars of `series`, as views of its arrays. */
function seriesHead(series: CandleSeries, rows: number): CandleSeries {
  const head = { ...series };
  for (const field of COLUMNS) head[field] = series[field].subarray(0, rows);
  return head;
}

/** `series` grown to `rows` bars in the arrays it views, when they have room for them (else null). */
function grownInPlace(series: CandleSeries, rows: number): CandleSeries | null {
  const grown = { ...series };
  for (const field of COLUMNS) {
    const column = series[field];
    if (column.byteOffset + rows * column.BYTES_PER_ELEMENT > column.buffer.byteLength) return null;
    grown[field] = new Float64Array(column.buffer, column.byteOffset, rows);
  }
  return grown;
}

/**
 * The parts of one CSV, in file order from the line after the header, as one series: checks
 * the order of the rows where two parts meet, and that the file has a row at all.
 */
export function joinCsvParts(parts: readonly CsvPart[]): CandleSeries {
  const rows = parts.reduce((sum, part) => sum + part.series.t.length, 0);
  if (rows === 0) throw new CsvFormatError(0, 'the file has a header but no data rows');
  if (parts.length === 1) return parts[0]!.series;
  const inPlace = grownInPlace(parts[0]!.series, rows);
  const joined = inPlace ?? createSeries(rows);
  let row = 0;
  let firstLine = 2;
  for (const [index, { series, lines, linesBeforeFirstRow }] of parts.entries()) {
    if (row > 0 && series.t.length > 0) {
      const problem = orderProblem(series.t[0]!, joined.t[row - 1]!);
      if (problem !== null) throw new CsvFormatError(firstLine + linesBeforeFirstRow, problem);
    }
    if (index > 0 || inPlace === null) {
      for (const field of COLUMNS) joined[field].set(series[field], row);
    }
    row += series.t.length;
    firstLine += lines;
  }
  return joined;
}

/**
 * Parses CSV text (a string, or its UTF-8 bytes as read from a file) into a candle series (see
 * the module note for the accepted format).
 */
export function parseCandlesCsv(input: string | Uint8Array): CandleSeries {
  const bytes = typeof input === 'string' ? new TextEncoder().encode(input) : input;
  const header = readCsvHeader(bytes);
  return joinCsvParts([parseCsvPart(bytes.subarray(header.dataStart), header, 2)]);
}

/** Unix ms of one timestamp cell's text, or NaN when it is not one of the accepted forms. */
export function parseTimestamp(text: string): number {
  const bytes = new TextEncoder().encode(text);
  return new TimestampReader().read(bytes, 0, bytes.length);
}
