import { describe, expect, it } from 'vitest';
import {
  CsvFormatError,
  joinCsvParts,
  parseCandlesCsv,
  parseCsvPart,
  parseTimestamp,
  readCsvHeader,
} from '../../../src/engine/candles/csv';
import type { CandleSeries } from '../../../src/engine/candles/series';
import { thrownError } from '../thrown-error';

const rows = (series: ReturnType<typeof parseCandlesCsv>) =>
  Array.from(series.t, (t, i) => [
    new Date(t).toISOString(),
    series.o[i],
    series.h[i],
    series.l[i],
    series.c[i],
    series.v[i],
  ]);

const errorOf = (text: string) => thrownError(CsvFormatError, () => parseCandlesCsv(text));

describe('parseCandlesCsv: accepted formats', () => {
  it('reads a date column, OHLC and volume with case-insensitive names', () => {
    const series = parseCandlesCsv(
      'Date,Open,HIGH,low,Close,Volume\n2024-03-01,10,12,9,11,500\n2024-03-04,11,13,10.5,12.25,0\n',
    );
    expect(rows(series)).toEqual([
      ['2024-03-01T00:00:00.000Z', 10, 12, 9, 11, 500],
      ['2024-03-04T00:00:00.000Z', 11, 13, 10.5, 12.25, 0],
    ]);
  });

  it('reads an unnamed first column of date-times as UTC (backtesting.py sample files)', () => {
    const series = parseCandlesCsv(
      ',Open,High,Low,Close,Volume\n2017-04-19 09:00:00,1.0716,1.0722,1.07083,1.07219,1413\n2017-04-19 10:00:00,1.07214,1.07296,1.07214,1.0726,1241',
    );
    expect(rows(series)[1]).toEqual(['2017-04-19T10:00:00.000Z', 1.07214, 1.07296, 1.07214, 1.0726, 1241]);
  });

  it('accepts datetime, time and timestamp as the time column, in any position, and extra columns', () => {
    const text = 'close,high,low,open,adjclose,timestamp\n5,6,4,5,5,1700000000\n6,7,5,5,6,1700000060\n';
    const series = parseCandlesCsv(text);
    expect(rows(series)).toEqual([
      ['2023-11-14T22:13:20.000Z', 5, 6, 4, 5, 0],
      ['2023-11-14T22:14:20.000Z', 5, 7, 5, 6, 0],
    ]);
    expect(parseCandlesCsv('datetime,open,high,low,close\n2024-01-01T10:00,1,1,1,1').t[0]).toBe(
      Date.UTC(2024, 0, 1, 10),
    );
    expect(parseCandlesCsv('Time,open,high,low,close\n1704103200000,1,1,1,1').t[0]).toBe(
      Date.UTC(2024, 0, 1, 10),
    );
  });

  it('joins separate date and time columns', () => {
    const series = parseCandlesCsv(
      'Date,Time,Open,High,Low,Close\n2024-01-02,09:30,1,2,1,2\n2024-01-02,09:35,2,3,2,3',
    );
    expect(Array.from(series.t)).toEqual([Date.UTC(2024, 0, 2, 9, 30), Date.UTC(2024, 0, 2, 9, 35)]);
  });

  it('reads semicolons, quotes, CRLF line ends, a byte-order mark and blank lines', () => {
    const text =
      '\uFEFF"date";"open";"high";"low";"close";"volume"\r\n"2024-01-02";1;2;0.5;1.5;\r\n\r\n2024-01-03;1.5;2;1;2;7\r\n';
    expect(rows(parseCandlesCsv(text))).toEqual([
      ['2024-01-02T00:00:00.000Z', 1, 2, 0.5, 1.5, 0],
      ['2024-01-03T00:00:00.000Z', 1.5, 2, 1, 2, 7],
    ]);
  });

  it('honours an explicit offset in an ISO date-time', () => {
    expect(parseTimestamp('2024-01-02 09:30:00-05:00')).toBe(Date.UTC(2024, 0, 2, 14, 30));
    expect(parseTimestamp('2024-01-02T09:30:00Z')).toBe(Date.UTC(2024, 0, 2, 9, 30));
    expect(parseTimestamp('2024-01-02 09:30:00.123456')).toBe(Date.UTC(2024, 0, 2, 9, 30, 0, 123));
    expect(parseTimestamp('2024-01-02 09:30:00.5')).toBe(Date.UTC(2024, 0, 2, 9, 30, 0, 500));
    expect(parseTimestamp('2024-01-02 10:30+0100')).toBe(Date.UTC(2024, 0, 2, 9, 30));
  });

  it('reads unix seconds below 1e11 and milliseconds from 1e11 on', () => {
    expect(parseTimestamp('1700000000')).toBe(1_700_000_000_000);
    expect(parseTimestamp('1700000000.5')).toBe(1_700_000_000_500);
    expect(parseTimestamp('1700000000000')).toBe(1_700_000_000_000);
  });

  it('rejects dates that do not exist and other text', () => {
    expect(parseTimestamp('2023-02-30')).toBeNaN();
    expect(parseTimestamp('2023-02-30 10:00')).toBeNaN();
    expect(parseTimestamp('03/01/2024')).toBeNaN();
  });
});

describe('parseCandlesCsv: errors name the line and the problem', () => {
  it.each([
    ['date,open,high,close\n2024-01-01,1,2,1', 1, 'missing column low'],
    ['open,high,low,close\n1,2,1,1', 1, 'missing column date'],
    ['date,open,high,low,close\n2024-01-01,1,2,x,1', 2, 'low "x" is not a number'],
    ['date,open,high,low,close\n2024-01-01,1,2,1,1\n2024-01-02,1,,1,1', 3, 'high is empty'],
    ['date,open,high,low,close\n2024-01-01,1,2,1,1\n2024-01-02,1,1,2,1', 3, 'high 1 is below low 2'],
    ['date,open,high,low,close\n2024-01-02,1,2,1,1\n2024-01-01,1,2,1,1', 3, 'timestamps not increasing'],
    ['date,open,high,low,close\n2024-01-02,1,2,1,1\n2024-01-02,1,2,1,1', 3, 'duplicate timestamp'],
    ['date,open,high,low,close\n2024-01-02,1,2', 2, 'expected at least 5 fields, found 3'],
    ['date,open,high,low,close\nyesterday,1,2,1,1', 2, 'timestamp "yesterday" is not a date'],
    ['date,open,high,low,close,volume\n2024-01-02,1,2,1,1,many', 2, 'volume "many" is not a number'],
  ])('%j -> line %i: %s', (text, line, problem) => {
    const error = errorOf(text);
    expect(error.line).toBe(line);
    expect(error.message).toContain(`line ${line}: `);
    expect(error.message).toContain(problem);
  });

  it('rejects a file without data rows or without a header', () => {
    expect(errorOf('date,open,high,low,close\n\n').message).toBe('the file has a header but no data rows');
    expect(errorOf('').message).toBe('line 1: the header row is empty');
  });
});

/**
 * The CSV cut after every line and read as two parts (the second numbered from its own first
 * line, as a helper thread reads it), the second part's line numbers moved to the file's; the
 * first part leaves room for `roomAfter` rows after its own.
 */
function readInTwoParts(
  text: string,
  roomAfter = 0,
): { series: CandleSeries; cut: number; first: CandleSeries; secondRows: number }[] {
  const bytes = new TextEncoder().encode(text);
  const header = readCsvHeader(bytes);
  const cuts: number[] = [];
  for (let index = header.dataStart; index <= bytes.length; index++) {
    if (index === bytes.length || bytes[index - 1] === 10) cuts.push(index);
  }
  return cuts.map((cut) => {
    const first = parseCsvPart(bytes.subarray(header.dataStart, cut), header, 2, { roomAfter });
    const second = parseCsvPart(bytes.subarray(cut), header, 2 + first.lines);
    return {
      series: joinCsvParts([first, second]),
      cut,
      first: first.series,
      secondRows: second.series.t.length,
    };
  });
}

describe('timestamps of one width and then another in one file', () => {
  it('reads every cell as it reads it alone, whatever width and form came before', () => {
    // Increasing times written in turn as dates, date-times with a space or "T", with seconds,
    // fractions and zones, and unix seconds and milliseconds: cells of the same width as the
    // line before (read at once) and of another (found by the separator).
    const forms = [
      (ms: number) => new Date(ms).toISOString().slice(0, 10),
      (ms: number) => new Date(ms).toISOString().slice(0, 19).replace('T', ' '),
      (ms: number) => new Date(ms).toISOString().slice(0, 16),
      (ms: number) => new Date(ms).toISOString(),
      (ms: number) => `${new Date(ms + 3_600_000).toISOString().slice(0, 19)}+01:00`,
      (ms: number) => String(ms / 1000),
      (ms: number) => String(ms),
    ];
    const cells: string[] = [];
    let day = Date.UTC(2021, 0, 1);
    for (let line = 0; line < 400; line++) {
      day += 86_400_000;
      const form = forms[(line * 7 + (line >> 3)) % forms.length]!;
      cells.push(form(day));
    }
    const text = `time,open,high,low,close\n${cells.map((cell) => `${cell},1,2,1,1.5`).join('\n')}\n`;
    const series = parseCandlesCsv(text);
    expect(Array.from(series.t)).toEqual(cells.map((cell) => parseTimestamp(cell)));
    expect(series.t.every((time) => Number.isFinite(time))).toBe(true);
  });

  it('names a cell of the last line’s width that is no timestamp, and one with a separator inside', () => {
    const good = '2024-03-01 10:00:00,1,2,1,1';
    expect(errorOf(`date,open,high,low,close\n${good}\n2024-03-01 1O:01:00,1,2,1,1\n`).message).toBe(
      'line 3: timestamp "2024-03-01 1O:01:00" is not a date (YYYY-MM-DD), a date-time (YYYY-MM-DD HH:MM:SS) or unix time',
    );
    // As wide as the last cell with the next cell's start: the reader refuses the separator,
    // and the cells are the separator's.
    expect(errorOf(`date,open,high,low,close\n${good}\n2024-03-02,10:00:1,2,1,1\n`).message).toBe(
      'line 3: open "10:00:1" is not a number',
    );
  });
});

describe('a CSV read in parts, as the CLI reads a large file on two threads', () => {
  it('gives the series of the whole file wherever it is cut, blank lines and CRLF included', () => {
    const text =
      'date,open,high,low,close,volume\r\n\r\n2024-01-02,1,2,0.5,1.5,10\r\n2024-01-03,1.5,2,1,2,7\r\n\r\n' +
      '\r\n2024-01-04,2,3,1.5,2.5,\r\n"2024-01-05", 2.5,3,2,2.75,1\r\n2024-01-08,2.75,3,2.5,3,4';
    const whole = rows(parseCandlesCsv(text));
    expect(whole.length).toBe(5);
    const parts = readInTwoParts(text);
    expect(parts.map(({ cut }) => cut)).toHaveLength(9);
    for (const { series } of parts) expect(rows(series)).toEqual(whole);
  });

  it('writes the second part into the room the first left, and into new arrays when it is short', () => {
    const text =
      'date,open,high,low,close,volume\n2024-01-02,1,2,0.5,1.5,10\n\n2024-01-03,1.5,2,1,2,7\n' +
      '2024-01-04,2,3,1.5,2.5,\n2024-01-05,2.5,3,2,2.75,1\n2024-01-08,2.75,3,2.5,3,4\n';
    const whole = rows(parseCandlesCsv(text));
    const joinedInPlace: boolean[] = [];
    for (const room of [0, 1, 2, 3, 5, 10]) {
      for (const { series, first, secondRows } of readInTwoParts(text, room)) {
        expect(rows(series), `room ${room}`).toEqual(whole);
        expect(first.t.length + secondRows).toBe(whole.length);
        // In place exactly when the first part's arrays hold every row (the room counts the
        // first part's blank lines too, which leave room of their own).
        const inPlace = first.t.buffer.byteLength >= whole.length * 8;
        for (const field of ['t', 'o', 'h', 'l', 'c', 'v'] as const) {
          expect(series[field].buffer === first[field].buffer, `room ${room}, ${field}`).toBe(inPlace);
        }
        if (secondRows > 0) joinedInPlace.push(inPlace);
        // Room for every row of the file: always in place.
        if (room >= whole.length) expect(inPlace).toBe(true);
      }
    }
    // Both ways were taken with a second part to write.
    expect(new Set(joinedInPlace)).toEqual(new Set([true, false]));
  });

  it('finds rows out of order where the parts meet, with the line number the whole file gives', () => {
    const text = 'date,open,high,low,close\n2024-01-02,1,2,1,1\n\n\n2024-01-02,1,2,1,1\n2024-01-03,1,2,1,1\n';
    expect(errorOf(text).message).toBe('line 5: duplicate timestamp 2024-01-02T00:00:00.000Z');
    const cutsBetween = [3, 4, 5];
    for (const cutAfterLine of cutsBetween) {
      const bytes = new TextEncoder().encode(text);
      const header = readCsvHeader(bytes);
      let cut = header.dataStart;
      for (let line = 2; line < cutAfterLine; line++) cut = bytes.indexOf(10, cut) + 1;
      const first = parseCsvPart(bytes.subarray(header.dataStart, cut), header, 2);
      const second = parseCsvPart(bytes.subarray(cut), header, 1);
      expect(second.linesBeforeFirstRow).toBe(5 - cutAfterLine);
      const error = thrownError(CsvFormatError, () => joinCsvParts([first, second]));
      expect(error.message).toBe('line 5: duplicate timestamp 2024-01-02T00:00:00.000Z');
    }
  });

  it('numbers the lines of a part from its first line and finds a file of blank lines empty', () => {
    const bytes = new TextEncoder().encode(
      'date,open,high,low,close\n2024-01-02,1,2,1,1\n2024-01-03,1,1,2,1\n',
    );
    const header = readCsvHeader(bytes);
    const second = bytes.subarray(bytes.indexOf(10, header.dataStart) + 1);
    expect(thrownError(CsvFormatError, () => parseCsvPart(second, header, 1)).message).toBe(
      'line 1: high 1 is below low 2',
    );
    const blank = new TextEncoder().encode('date,open,high,low,close\n\n\n');
    const blankHeader = readCsvHeader(blank);
    const empty = parseCsvPart(blank.subarray(blankHeader.dataStart), blankHeader, 2);
    expect(empty).toMatchObject({ lines: 2, linesBeforeFirstRow: 2 });
    expect(() => joinCsvParts([empty, empty])).toThrow('the file has a header but no data rows');
  });
});

describe('a long CSV whose lines get shorter after the first 64 kB', () => {
  // The parser sizes its arrays from the first 64 kB's lines and grows them when the rows pass
  // that estimate: here the later lines are a quarter as long, with blank lines among them.
  const LONG = 1_500;
  const SHORT = 30_000;
  const time = (row: number) => 1_600_000_000 + row * 60;
  const lines = ['date,open,high,low,close,volume'];
  for (let row = 0; row < LONG; row++) {
    lines.push(`${time(row)},100.123456789012,101.123456789012,99.123456789012,100.5,123456.789012`);
  }
  for (let row = LONG; row < LONG + SHORT; row++) {
    if (row % 1000 === 0) lines.push('');
    lines.push(`${time(row)},${row % 7},9,0,${row % 5},`);
  }

  it('grows its arrays past the estimate and keeps every row', () => {
    const series = parseCandlesCsv(lines.join('\n'));
    expect(series.t.length).toBe(LONG + SHORT);
    expect(series.h[LONG - 1]).toBe(101.123456789012);
    const wrong: number[] = [];
    for (let row = 0; row < LONG + SHORT; row++) {
      const [open, high, low, close] =
        row < LONG ? [100.123456789012, 101.123456789012, 99.123456789012, 100.5] : [row % 7, 9, 0, row % 5];
      const volume = row < LONG ? 123456.789012 : 0;
      const read = [series.t[row], series.o[row], series.h[row], series.l[row], series.c[row], series.v[row]];
      if (read.join() !== [time(row) * 1000, open, high, low, close, volume].join()) wrong.push(row);
    }
    expect(wrong).toEqual([]);
  });

  it('makes its first and its grown columns, and the room after them, with the column maker given', () => {
    const bytes = new TextEncoder().encode(lines.join('\n'));
    const header = readCsvHeader(bytes);
    const made: number[] = [];
    const sharedColumn = (length: number) => {
      made.push(length);
      return new Float64Array(new SharedArrayBuffer(length * Float64Array.BYTES_PER_ELEMENT));
    };
    const roomAfter = 10;
    const part = parseCsvPart(bytes.subarray(header.dataStart), header, 2, {
      roomAfter,
      newColumn: sharedColumn,
    });
    // Six columns for the estimate, and six more at least once the rows pass it.
    expect(made.length).toBeGreaterThanOrEqual(12);
    expect(made.length % 6).toBe(0);
    const { t, o, h, l, c, v } = part.series;
    for (const column of [t, o, h, l, c, v]) {
      expect(column.buffer).toBeInstanceOf(SharedArrayBuffer);
      expect(column.buffer.byteLength / Float64Array.BYTES_PER_ELEMENT).toBe(made.at(-1));
      expect(made.at(-1)! - column.length).toBeGreaterThanOrEqual(roomAfter);
    }
    expect(part.series.t.length).toBe(LONG + SHORT);
    expect(Array.from(part.series.c.subarray(-3))).toEqual(
      [LONG + SHORT - 3, LONG + SHORT - 2, LONG + SHORT - 1].map((row) => row % 5),
    );
  });

  it('numbers the lines past the estimate as the file does', () => {
    const text = `${lines.join('\n')}\n${time(LONG + SHORT)},1,1,2,1,`;
    const error = errorOf(text);
    expect(error.line).toBe(lines.length + 1);
    expect(error.message).toContain('high 1 is below low 2');
  });
});
