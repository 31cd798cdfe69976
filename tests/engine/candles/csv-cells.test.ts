import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parseDecimal, parseLongDecimal } from '../../../src/engine/candles/csv-cells';
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

/** Fixed, so a failure replays; the cases are drawn at random once and stay the same. */
const FULL_PRECISION_SEED = 0x5eed;

/** Every double of magnitude 1e-6 to 1e21: they print without an exponent, in 22 decimals at most. */
const plainDouble = fc
  .double({ min: 1e-6, max: 1e21, maxExcluded: true, noNaN: true })
  .chain((magnitude) => fc.constantFrom(magnitude, -magnitude));

/** The bits of a double as text, so a failure shows which double differed. */
const same = (parsed: number, text: string) => expect(Object.is(parsed, Number(text)), text).toBe(true);

describe('parseDecimal on full-precision decimals (more than 2^53 in the digits)', () => {
  it("reads a double's shortest text (up to 17 significant digits) as the same double, without Number()", () => {
    fc.assert(
      fc.property(plainDouble, (value) => {
        const text = String(value);
        expect(decimal(text), text).toBe(value);
        const unsigned = text.replace('-', '');
        if (!unsigned.includes('e'))
          expect(parseLongDecimal(bytesOf(unsigned), 0, unsigned.length)).toBe(Math.abs(value));
      }),
      { numRuns: 10_000, seed: FULL_PRECISION_SEED },
    );
  }, 60_000);

  it('equals Number() bit for bit on 16 to 21 significant digits, or declines', () => {
    let declined = 0;
    let runs = 0;
    fc.assert(
      fc.property(plainDouble, fc.integer({ min: 16, max: 21 }), (value, precision) => {
        const text = value.toPrecision(precision);
        if (text.includes('e')) return;
        runs++;
        const parsed = decimal(text);
        if (Number.isNaN(parsed)) declined++;
        else same(parsed, text);
      }),
      { numRuns: 10_000, seed: FULL_PRECISION_SEED },
    );
    // Declining is for the rare decimal next to a halfway point or with 23 decimals or more.
    expect(declined / runs).toBeLessThan(0.2);
  }, 60_000);

  it('equals Number() on random digit strings with the point anywhere, or declines', () => {
    fc.assert(
      fc.property(digits(16, 24), fc.nat(), fc.constantFrom('', '-'), (digitText, at, sign) => {
        const point = at % (digitText.length + 1);
        const text = `${sign}${digitText.slice(0, point)}.${digitText.slice(point)}`;
        const parsed = decimal(text);
        if (!Number.isNaN(parsed)) same(parsed, text);
      }),
      { numRuns: 10_000, seed: FULL_PRECISION_SEED },
    );
  }, 60_000);

  it('equals Number() on the decimals halfway between two doubles and just off them', () => {
    fc.assert(
      fc.property(plainDouble, fc.integer({ min: 16, max: 21 }), (value, precision) => {
        // The exact midpoint to the next double up, and the decimals nearest it.
        const midpoint = value + value * 2 ** -53;
        for (const text of [midpoint.toPrecision(precision), midpoint.toFixed(Math.min(precision, 22))]) {
          if (text.includes('e')) continue;
          const parsed = decimal(text);
          if (!Number.isNaN(parsed)) same(parsed, text);
        }
      }),
      { numRuns: 10_000, seed: FULL_PRECISION_SEED },
    );
  }, 60_000);

  it('breaks exact ties to the even double and reads near ties on their side', () => {
    // 2^53 + 1 and 2^53 + 3 lie halfway between doubles: Number() rounds them to even.
    for (const text of ['9007199254740993', '9007199254740995', '-9007199254740993', '18014398509481986']) {
      same(decimal(text), text);
    }
    expect(decimal('9007199254740993')).toBe(9007199254740992);
    expect(decimal('9007199254740995')).toBe(9007199254740996);
    // 2^52 + 0.5 is a tie with a point: declined, Number() breaks it.
    expect(decimal('4503599627370496.5')).toBeNaN();
    for (const text of [
      '9007199254740993.00001',
      '9007199254740992.99999',
      '18014398509481985',
      '0.30000000000000004',
      '99.83708221651614',
      '-4503599627370495.5',
      '123456789012345678901',
      '1000000000000000000000',
      '0.0000012345678901234567',
    ]) {
      same(decimal(text), text);
    }
    expect(decimal('9007199254740993.00001')).toBe(9007199254740994);
    // Past 6 digits beyond 2^53, or 22 decimals, the cell goes to Number().
    expect(decimal('9007199254740993.0000001')).toBeNaN();
    expect(decimal('0.10000000000000000555111')).toBeNaN();
  });

  it('declines an exponent, so the cell goes to Number()', () => {
    fc.assert(
      fc.property(plainDouble, fc.integer({ min: -300, max: 300 }), (value, exponent) => {
        const text = `${value.toPrecision(17)}e${exponent}`;
        expect(decimal(text), text).toBeNaN();
      }),
      { numRuns: 2_000, seed: FULL_PRECISION_SEED },
    );
  }, 60_000);
});

describe('parseCandlesCsv on full-precision prices', () => {
  it('reads every price as Number() reads its cell, on plain lines (up to 24 digits), decorated lines and exponents', () => {
    fc.assert(
      fc.property(
        fc.array(
          fc.record({
            prices: fc.array(fc.double({ min: 1e-3, max: 1e9, noNaN: true }), { minLength: 4, maxLength: 4 }),
            form: fc.constantFrom('shortest', 'precision 19', 'precision 24', 'exponent', 'quoted'),
          }),
          { minLength: 1, maxLength: 30 },
        ),
        (bars) => {
          const cellsOf = ({ prices, form }: (typeof bars)[number]) => {
            const sorted = [...prices].sort((a, b) => a - b);
            const [low, open, close, high] = sorted;
            return [open!, high!, low!, close!].map((price) =>
              form.startsWith('precision')
                ? price.toPrecision(Number(form.slice('precision '.length)))
                : form === 'exponent'
                  ? price.toExponential(16)
                  : form === 'quoted'
                    ? `"${price}"`
                    : String(price),
            );
          };
          const lines = bars.map((bar, index) => `${1_700_000_000 + index * 60},${cellsOf(bar).join(',')},7`);
          const series = parseCandlesCsv(`timestamp,open,high,low,close,volume\n${lines.join('\n')}\n`);
          bars.forEach((bar, index) => {
            const expected = cellsOf(bar).map((cell) => Number(cell.replaceAll('"', '')));
            const read = [series.o[index], series.h[index], series.l[index], series.c[index]];
            read.forEach((value, column) =>
              expect(Object.is(value, expected[column]), `bar ${index}`).toBe(true),
            );
          });
        },
      ),
      { numRuns: 500, seed: FULL_PRECISION_SEED },
    );
  }, 60_000);
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
