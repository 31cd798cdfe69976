import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parseDecimal } from '../../../src/engine/candles/csv-cells';
import { parseCandlesCsv, parseTimestamp } from '../../../src/engine/candles/csv';
import { referenceTimestamp } from './reference-timestamp';

const bytesOf = (text: string) => new TextEncoder().encode(text);
const decimal = (text: string) => parseDecimal(bytesOf(text), 0, bytesOf(text).length);

const digits = (min: number, max: number) =>
  fc.array(fc.constantFrom(...'0123456789'), { minLength: min, maxLength: max }).map((d) => d.join(''));
const twoDigits = (max: number) => fc.integer({ min: 0, max }).map((n) => String(n).padStart(2, '0'));

/** Timestamps near the accepted forms: valid ones, impossible dates and times, and near misses. */
const timestampText = fc.oneof(
  fc
    .tuple(
      digits(4, 4),
      twoDigits(14),
      twoDigits(32),
      fc.constantFrom('', ' ', 'T', 'x'),
      twoDigits(25),
      twoDigits(61),
      fc.option(twoDigits(61), { nil: undefined }),
      fc.option(digits(0, 7), { nil: undefined }),
      fc.constantFrom('', 'Z', 'z', '+05:30', '-0800', '+24:00', '+23:59', '-00:00', '+1', '+05:60'),
    )
    .map(([year, month, day, separator, hour, minute, second, fraction, zone]) =>
      separator === ''
        ? `${year}-${month}-${day}`
        : `${year}-${month}-${day}${separator}${hour}:${minute}${second === undefined ? '' : `:${second}`}${fraction === undefined ? '' : `.${fraction}`}${zone}`,
    ),
  fc
    .tuple(digits(1, 14), fc.option(digits(0, 4), { nil: undefined }))
    .map(([whole, fraction]) => (fraction === undefined ? whole : `${whole}.${fraction}`)),
  fc.constantFrom(
    '2024-01-01T24:00',
    '2024-01-01 24:00:00.0001',
    '2024-01-01T24:00:01',
    '2024-02-29',
    '2023-02-29',
    '2000-02-29',
    '1900-02-29',
    '0000-01-01',
    '9999-12-31 23:59:59.999',
    '2024-01-01 10:00.5',
  ),
  fc.string({ maxLength: 30 }),
);

describe('parseTimestamp equals the regular-expression and Date.parse rules it replaced', () => {
  it('on generated timestamps, valid and invalid', () => {
    fc.assert(
      fc.property(timestampText, (text) => {
        expect(parseTimestamp(text)).toStrictEqual(referenceTimestamp(text));
      }),
      { numRuns: 20_000 },
    );
  });

  it('refuses days past the month and months past 12, leap years counted', () => {
    expect(parseTimestamp('2024-02-29')).toBe(Date.UTC(2024, 1, 29));
    for (const text of ['2023-02-29', '1900-02-29', '2023-04-31', '2023-13-01', '2023-01-00', '0000-00-00']) {
      expect(parseTimestamp(text), text).toBeNaN();
    }
  });

  it('takes 24:00 as the next midnight, as ISO 8601 does, and nothing past it', () => {
    expect(parseTimestamp('2024-01-01 24:00')).toBe(Date.UTC(2024, 0, 2));
    expect(parseTimestamp('2024-01-01 24:00:01')).toBeNaN();
    expect(parseTimestamp('2024-01-01 23:60')).toBeNaN();
  });
});

describe('parseDecimal', () => {
  it('gives the double nearest the written decimal, as Number() does', () => {
    expect(decimal('100.31')).toBe(100.31);
    expect(decimal('0.1')).toBe(0.1);
    expect(decimal('-32.002')).toBe(-32.002);
    expect(Object.is(decimal('-0'), -0)).toBe(true);
    fc.assert(
      fc.property(
        fc.constantFrom('', '-', '+'),
        digits(0, 16),
        fc.option(digits(0, 16), { nil: undefined }),
        (sign, whole, fraction) => {
          const text = `${sign}${whole}${fraction === undefined ? '' : `.${fraction}`}`;
          const parsed = decimal(text);
          // NaN hands the cell to Number(): the fast path may decline, never disagree.
          if (!Number.isNaN(parsed)) expect(parsed).toBe(Number(text));
          if (whole.length + (fraction?.length ?? 0) > 0 && whole.length + (fraction?.length ?? 0) <= 15) {
            expect(parsed).toBe(Number(text));
          }
        },
      ),
      { numRuns: 20_000 },
    );
  });

  it('declines exponents, hex, blanks and text', () => {
    for (const text of ['1e5', '0x10', ' 1', '1 ', 'Infinity', '.', '1.2.3', ''])
      expect(decimal(text), text).toBeNaN();
  });
});

describe('parseCandlesCsv reads plain and decorated lines alike', () => {
  const bar = fc.record({
    minute: fc.integer({ min: 1, max: 50 }),
    open: fc.integer({ min: 1, max: 99_999 }),
    spread: fc.integer({ min: 0, max: 500 }),
    close: fc.integer({ min: 1, max: 99_999 }),
    volume: fc.option(fc.integer({ min: 0, max: 10_000 }), { nil: undefined }),
    decoration: fc.constantFrom('plain', 'quoted', 'blanks', 'crlf'),
  });

  it('gives the same series whether cells carry quotes and blanks or not', () => {
    fc.assert(
      fc.property(
        fc.array(bar, { minLength: 1, maxLength: 40 }),
        fc.constantFrom(',', ';'),
        (bars, separator) => {
          let time = Date.UTC(2024, 0, 1, 9);
          const plain: string[] = [];
          const decorated: string[] = [];
          for (const { minute, open, spread, close, volume, decoration } of bars) {
            time += minute * 60_000;
            const stamp = new Date(time).toISOString().slice(0, 19).replace('T', ' ');
            const high = Math.max(open, close) + spread;
            const low = Math.max(Math.min(open, close) - spread, 0);
            const cells = [stamp, open / 100, high / 100, low / 100, close / 100, volume ?? ''].map(String);
            plain.push(cells.join(separator));
            const dressed =
              decoration === 'quoted'
                ? cells.map((cell) => `"${cell}"`)
                : decoration === 'blanks'
                  ? cells.map((cell) => ` ${cell}\t`)
                  : cells;
            decorated.push(dressed.join(separator) + (decoration === 'crlf' ? '\r' : ''));
          }
          const header = ['date', 'open', 'high', 'low', 'close', 'volume'].join(separator);
          const fromPlain = parseCandlesCsv(`${header}\n${plain.join('\n')}\n`);
          const fromDecorated = parseCandlesCsv(`${header}\n${decorated.join('\n\n')}`);
          expect(fromDecorated).toStrictEqual(fromPlain);
          expect(fromPlain.c.length).toBe(bars.length);
          expect(fromPlain.c[0]).toBe(bars[0]!.close / 100);
        },
      ),
      { numRuns: 300 },
    );
  });

  it('reads its UTF-8 bytes as it reads the text', () => {
    const text = 'date,open,high,low,close\n2024-01-02,1.5,2,1,1.75\n';
    expect(parseCandlesCsv(bytesOf(text))).toStrictEqual(parseCandlesCsv(text));
  });

  it('reads a blank volume cell as 0 and refuses a lone point', () => {
    expect(Array.from(parseCandlesCsv('date,open,high,low,close,volume\n2024-01-02,1,2,1,1,\n').v)).toEqual([
      0,
    ]);
    expect(() => parseCandlesCsv('date,open,high,low,close,volume\n2024-01-02,1,2,1,1,.\n')).toThrow(
      'line 2: volume "." is not a number',
    );
  });
});
