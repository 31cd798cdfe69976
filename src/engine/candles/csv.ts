/**
 * OHLCV candles from CSV text (the format users upload and the CLI reads).
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
import { createSeries, type CandleSeries } from './series';

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

/** Unix numbers below this are seconds, from it on milliseconds (1e11 s is the year 5138). */
const UNIX_MS_THRESHOLD = 1e11;
const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;
/** Date, time to the minute, optional seconds, fraction (digits beyond ms dropped) and zone. */
const ISO_DATE_TIME = /^(\d{4}-\d{2}-\d{2})[ T](\d{2}:\d{2}(?::\d{2})?)(?:\.(\d+))?(Z|[+-]\d{2}:?\d{2})?$/;
const UNIX_NUMBER = /^\d+(?:\.\d+)?$/;

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

/** Date.parse rolls impossible dates over (2023-02-30 -> 2 March); this rejects them. */
function isCalendarDate(date: string): boolean {
  const midnight = Date.parse(`${date}T00:00:00Z`);
  return !Number.isNaN(midnight) && new Date(midnight).toISOString().startsWith(date);
}

/** Unix ms of a timestamp cell, or NaN when it is not one of the accepted forms. */
export function parseTimestamp(text: string): number {
  if (ISO_DATE.test(text)) return isCalendarDate(text) ? Date.parse(`${text}T00:00:00Z`) : Number.NaN;
  const dateTime = ISO_DATE_TIME.exec(text);
  if (dateTime) {
    const [, date, clock, fraction, zone] = dateTime;
    // Normalised to the exact form ECMAScript defines: .sss and a ±HH:MM offset.
    const milliseconds = fraction === undefined ? '' : `.${fraction.slice(0, 3).padEnd(3, '0')}`;
    const offset = zone === undefined ? 'Z' : zone.replace(/^([+-]\d{2})(\d{2})$/, '$1:$2');
    return isCalendarDate(date!) ? Date.parse(`${date}T${clock}${milliseconds}${offset}`) : Number.NaN;
  }
  if (UNIX_NUMBER.test(text)) {
    const value = Number(text);
    return value < UNIX_MS_THRESHOLD ? Math.round(value * 1000) : Math.round(value);
  }
  return Number.NaN;
}

function parsePrice(cell: string | undefined, column: string, line: number): number {
  const text = unquote(cell ?? '');
  if (text === '') throw new CsvFormatError(line, `${column} is empty`);
  const value = Number(text);
  if (!Number.isFinite(value)) throw new CsvFormatError(line, `${column} "${text}" is not a number`);
  return value;
}

function describeTime(time: number): string {
  return new Date(time).toISOString();
}

/** Parses CSV text into a candle series (see the module note for the accepted format). */
export function parseCandlesCsv(text: string): CandleSeries {
  const lines = text.replace(/^\uFEFF/, '').split(/\r?\n/);
  const header = lines[0] ?? '';
  if (header.trim() === '') throw new CsvFormatError(1, 'the header row is empty');
  const separator = header.split(';').length > header.split(',').length ? ';' : ',';
  const layout = columnLayout(header.split(separator).map((name) => unquote(name).toLowerCase()));

  const dataLines: number[] = [];
  for (let index = 1; index < lines.length; index++) {
    if (lines[index]!.trim() !== '') dataLines.push(index);
  }
  if (dataLines.length === 0) throw new CsvFormatError(0, 'the file has a header but no data rows');

  const series = createSeries(dataLines.length);
  dataLines.forEach((index, row) => {
    const line = index + 1;
    const cells = lines[index]!.split(separator);
    if (cells.length < layout.width) {
      throw new CsvFormatError(line, `expected at least ${layout.width} fields, found ${cells.length}`);
    }
    const timeText =
      layout.timeOfDay === null
        ? unquote(cells[layout.time]!)
        : `${unquote(cells[layout.time]!)} ${unquote(cells[layout.timeOfDay]!)}`;
    const time = parseTimestamp(timeText);
    if (Number.isNaN(time)) {
      throw new CsvFormatError(
        line,
        `timestamp "${timeText}" is not a date (YYYY-MM-DD), a date-time (YYYY-MM-DD HH:MM:SS) or unix time`,
      );
    }
    if (row > 0) {
      const previous = series.t[row - 1]!;
      if (time === previous) throw new CsvFormatError(line, `duplicate timestamp ${describeTime(time)}`);
      if (time < previous) {
        throw new CsvFormatError(
          line,
          `timestamps not increasing: ${describeTime(time)} comes after ${describeTime(previous)}`,
        );
      }
    }
    const high = parsePrice(cells[layout.high], 'high', line);
    const low = parsePrice(cells[layout.low], 'low', line);
    if (high < low) throw new CsvFormatError(line, `high ${high} is below low ${low}`);
    const volumeText = layout.volume === null ? '' : unquote(cells[layout.volume]!);
    series.t[row] = time;
    series.o[row] = parsePrice(cells[layout.open], 'open', line);
    series.h[row] = high;
    series.l[row] = low;
    series.c[row] = parsePrice(cells[layout.close], 'close', line);
    series.v[row] = volumeText === '' ? 0 : parsePrice(volumeText, 'volume', line);
  });
  return series;
}
