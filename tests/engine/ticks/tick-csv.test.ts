import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { CsvFormatError } from '../../../src/engine/candles/csv';
import { parseTicksCsv } from '../../../src/engine/ticks/tick-csv';
import { checkTicks } from '../../../src/engine/ticks/tick-series';
import { thrownError } from '../thrown-error';

const rows = (text: string) => {
  const ticks = parseTicksCsv(text);
  return Array.from(ticks.t, (t, i) => [
    new Date(t).toISOString(),
    ticks.p[i],
    ticks.q[i],
    ...(ticks.side ? [ticks.side[i]] : []),
  ]);
};

const errorOf = (text: string) => thrownError(CsvFormatError, () => parseTicksCsv(text));

describe('parseTicksCsv: accepted formats', () => {
  it('reads ISO times with and without a zone, and epoch milliseconds', () => {
    const text =
      'time,price,size\n' +
      '2024-01-02T09:30:00.125Z,100.25,3\n' +
      '2024-01-02 09:30:01,100.5,1.5\n' +
      '2024-01-02T04:30:02-05:00,100,2\n' +
      '1704187803004,99.75,10\n';
    expect(rows(text)).toEqual([
      ['2024-01-02T09:30:00.125Z', 100.25, 3],
      ['2024-01-02T09:30:01.000Z', 100.5, 1.5],
      ['2024-01-02T09:30:02.000Z', 100, 2],
      ['2024-01-02T09:30:03.004Z', 99.75, 10],
    ]);
  });

  it('keeps trades of the same millisecond in file order', () => {
    const ticks = parseTicksCsv('time,price,size\n1704187800000,1,1\n1704187800000,2,1\n1704187800000,3,1');
    expect(Array.from(ticks.p)).toEqual([1, 2, 3]);
    expect(() => checkTicks(ticks)).not.toThrow();
  });

  it('reads a side column, names in any case and order, aliases, extra columns, quotes and blanks', () => {
    const text =
      '\uFEFF"Side";ID;Qty;Timestamp;PRICE\r\n' +
      'buy;1;2;2024-01-02 09:30:00;10\r\n' +
      '\r\n' +
      ' S ;2;" 3 ";2024-01-02 09:30:01;10.5\r\n' +
      ';3;1e3;2024-01-02 09:30:02;11\r\n';
    expect(rows(text)).toEqual([
      ['2024-01-02T09:30:00.000Z', 10, 2, 1],
      ['2024-01-02T09:30:01.000Z', 10.5, 3, -1],
      ['2024-01-02T09:30:02.000Z', 11, 1000, 0],
    ]);
  });
});

describe('parseTicksCsv: errors name the line', () => {
  it('refuses trades out of order, with both times', () => {
    const error = errorOf('time,price,size\n2024-01-02 09:30:01,1,1\n2024-01-02 09:30:00.5,1,1\n');
    expect(error.line).toBe(3);
    expect(error.message).toBe(
      'line 3: trades out of order: 2024-01-02T09:30:00.500Z comes after 2024-01-02T09:30:01.000Z',
    );
  });

  it.each([
    ['time,price,size\nyesterday,1,1', 2, 'line 2: time "yesterday" is not a date-time'],
    ['time,price,size\n2024-01-02,1,1\n2024-01-02,abc,1', 3, 'line 3: price "abc" is not a number'],
    ['time,price,size\n2024-01-02,,1', 2, 'line 2: price is empty'],
    ['time,price,size\n2024-01-02,1,-4', 2, 'line 2: size -4 is negative'],
    ['time,price,size\n2024-01-02,1', 2, 'line 2: expected at least 3 fields, found 2'],
    ['time,price,size,side\n2024-01-02,1,1,hold', 2, 'line 2: side "hold" is not buy or sell'],
    ['time,price,size\n2024-02-30 10:00,1,1', 2, 'line 2: time "2024-02-30 10:00" is not a date-time'],
  ])('%s', (text, line, message) => {
    const error = errorOf(text);
    expect(error.line).toBe(line);
    expect(error.message.startsWith(message)).toBe(true);
  });

  it('names the missing columns and refuses a file without rows', () => {
    expect(errorOf('date,open,high,low,close\n2024-01-02,1,1,1,1').message).toBe(
      'line 1: missing columns price, size (header: date,open,high,low,close); a tick file has time, price, size and optionally side',
    );
    expect(errorOf('time,price,size\n\n').message).toBe('the file has a header but no data rows');
    expect(errorOf('').message).toBe('line 1: the header row is empty');
  });
});

describe('parseTicksCsv: every way of writing a row reads the same trade', () => {
  /** A row's cells written plainly, or with blanks, quotes, upper case and exponents. */
  const styled = (text: string, style: number) => [text, ` ${text} `, `"${text}"`, `" ${text}"`][style]!;

  it('equals the trades written, whatever the style of each cell and line end', () => {
    fc.assert(
      fc.property(
        fc.array(
          fc.record({
            step: fc.integer({ min: 0, max: 5_000 }),
            cents: fc.integer({ min: 1, max: 10_000_000 }),
            size: fc.oneof(
              fc.integer({ min: 0, max: 1_000 }),
              fc.double({ min: 0, max: 1e6, noNaN: true }).map((size) => size + 0),
            ),
            side: fc.constantFrom('', 'buy', 'sell', 'b', 's', 'BUY', 'Sell'),
            timeStyle: fc.constantFrom('ms', 'iso', 'isoSpace', 'offset'),
            cellStyle: fc.integer({ min: 0, max: 3 }),
            lineEnd: fc.constantFrom('\n', '\r\n'),
          }),
          { minLength: 1, maxLength: 40 },
        ),
        fc.constantFrom(',', ';'),
        fc.boolean(),
        (rows, separator, extraColumn) => {
          let time = Date.UTC(2024, 0, 2, 9, 30);
          const expected: [number, number, number, number][] = [];
          const lines = rows.map((row) => {
            time += row.step;
            const price = row.cents / 100;
            const sideCode = row.side === '' ? 0 : row.side.toLowerCase().startsWith('b') ? 1 : -1;
            expected.push([time, price, row.size, sideCode]);
            const iso = new Date(time).toISOString();
            const timeText = {
              ms: String(time),
              iso,
              isoSpace: iso.replace('T', ' ').replace('Z', ''),
              offset: new Date(time + 3_600_000).toISOString().replace('Z', '+01:00'),
            }[row.timeStyle];
            const cells = [
              styled(timeText, row.cellStyle),
              styled(String(price), row.cellStyle),
              String(row.size),
              row.side,
              ...(extraColumn ? ['x'] : []),
            ];
            return cells.join(separator) + row.lineEnd;
          });
          const header = ['time', 'price', 'size', 'side', ...(extraColumn ? ['note'] : [])].join(separator);
          const ticks = parseTicksCsv(`${header}\n${lines.join('')}`);
          expect(Array.from(ticks.t, (t, i) => [t, ticks.p[i], ticks.q[i], ticks.side![i]])).toEqual(
            expected,
          );
        },
      ),
      { numRuns: 300 },
    );
  });
});
