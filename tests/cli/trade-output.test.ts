/**
 * The CLI's streamed JSON (src/cli/trade-output.ts) is byte for byte what JSON.stringify gives
 * for the whole list: across chunk boundaries, with NaN and the infinities (null), -0, negative
 * numbers and numbers JSON writes with an exponent; and the output sink writes every piece, of
 * any size, as UTF-8 in order.
 */
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { listTrades } from '../../src/engine/index';
import { type TradeColumns } from '../../src/engine/simulate/trade-columns';
import { OutputSink } from '../../src/cli/output-sink';
import { mulberry32 } from '../../src/engine/robustness/random';
import { seriesJsonBytes, writeSeriesJson } from '../../src/cli/series-json';
import { writeTradesJson } from '../../src/cli/trade-json';

const SPECIAL = [
  Number.NaN,
  Number.POSITIVE_INFINITY,
  Number.NEGATIVE_INFINITY,
  -0,
  -12.5,
  1e-7,
  -2.5e-8,
  1.5e21,
  -1e300,
  5e-324,
  0.1 + 0.2,
  123456789.123,
  Number.MAX_SAFE_INTEGER,
];

/** `count` values cycling through the special cases and ordinary prices. */
function values(count: number, offset: number): Float64Array {
  return Float64Array.from({ length: count }, (_, i) =>
    i % 3 === 0 ? SPECIAL[(i + offset) % SPECIAL.length]! : 100 + Math.sin(i + offset) * 7,
  );
}

/** What `write` sends through a real sink (a file), as text. */
function written(write: (out: OutputSink) => void): string {
  const path = join(mkdtempSync(join(tmpdir(), 'trade-output-')), 'out.json');
  const sink = OutputSink.file(path);
  write(sink);
  sink.close();
  return readFileSync(path, 'utf8');
}

function tradeColumns(count: number): { trades: TradeColumns; openTimes: Float64Array } {
  const openTimes = Float64Array.from({ length: count * 3 + 2 }, (_, i) => Date.UTC(2020, 0, 1) + i * 60_000);
  const trades: TradeColumns = {
    side: 'short',
    count,
    entryIndex: Int32Array.from({ length: count }, (_, i) => i * 3),
    exitIndex: Int32Array.from({ length: count }, (_, i) => i * 3 + 2),
    entryPrice: values(count, 0),
    exitPrice: values(count, 1),
    quantity: values(count, 2),
    pnl: values(count, 3),
    returnPct: values(count, 4),
    exitReason: Uint8Array.from({ length: count }, (_, i) => i % 6),
    mfePct: values(count, 5),
    maePct: values(count, 6),
    costs: values(count, 7),
  };
  return { trades, openTimes };
}

describe('the CLI’s streamed JSON', () => {
  it('writes the trade list exactly as JSON.stringify of the engine’s trades', () => {
    for (const count of [0, 1, 5000]) {
      const { trades, openTimes } = tradeColumns(count);
      const text = written((out) => writeTradesJson(trades, openTimes, out));
      expect(text).toBe(JSON.stringify(listTrades(trades, openTimes)));
    }
    const { trades, openTimes } = tradeColumns(13);
    const [first] = JSON.parse(written((out) => writeTradesJson(trades, openTimes, out))) as unknown[];
    // NaN and the infinities as null, -0 as 0, the rest as written.
    expect(first).toMatchObject({
      entryPrice: null,
      exitPrice: null,
      quantity: null,
      pnl: 0,
      returnPct: -12.5,
      mfePct: 1e-7,
      maePct: -2.5e-8,
    });
  });

  it('writes a per-bar series exactly as JSON.stringify of its values, NaN as null', () => {
    for (const count of [0, 1, 2048, 2049, 10_000]) {
      const series = values(count, 0);
      expect(written((out) => writeSeriesJson(series, out))).toBe(JSON.stringify(Array.from(series)));
    }
    expect(written((out) => writeSeriesJson(Float64Array.from([Number.NaN, -0, 1e21, 1e-7, -3]), out))).toBe(
      '[null,0,1e+21,1e-7,-3]',
    );
  });

  it('writes repeated values (an equity curve out of the market) exactly as JSON.stringify does', () => {
    // Stretches of one value of every length, across the 2,048-value chunks, between NaN runs,
    // and -0 beside 0 (one text, "0").
    const random = mulberry32(17);
    const series = new Float64Array(20_000);
    for (let bar = 0; bar < series.length;) {
      const kind = random();
      const value = kind < 0.1 ? Number.NaN : kind < 0.15 ? -0 : kind < 0.2 ? 0 : 1e5 * (1 + random());
      const stretch = 1 + Math.floor(random() ** 3 * 3000);
      series.fill(value, bar, Math.min(series.length, bar + stretch));
      bar += stretch;
    }
    const expected = JSON.stringify(Array.from(series));
    expect(written((out) => writeSeriesJson(series, out))).toBe(expected);
    expect(new TextDecoder().decode(seriesJsonBytes(series).value)).toBe(expected);
    expect(written((out) => writeSeriesJson(new Float64Array(5000).fill(7.25), out))).toBe(
      JSON.stringify(Array(5000).fill(7.25)),
    );
  });

  it('writes pieces of any size and script in order: small ones, ones past its buffer, and non-ASCII text', () => {
    // The sink encodes pieces into a buffer of 1 MiB: these fill it, pass it, end near it, and
    // come as text shorter than the room left but longer in UTF-8 (three bytes a character).
    const pieces = [
      '{"a":"',
      'x'.repeat(300_000),
      'é€😀'.repeat(50_000),
      '"}',
      'y'.repeat(1 << 20),
      'z'.repeat(3 << 20),
      'w'.repeat(900_000),
      '€'.repeat(100_000),
      '\ud800',
      ...Array.from({ length: 5000 }, (_, i) => `,${i}`),
    ];
    const text = written((out) => {
      for (const piece of pieces) out.write(piece);
      out.writeBytes(new TextEncoder().encode('€ bytes'));
      out.write('end');
    });
    expect(text).toBe(`${pieces.join('').replace('\ud800', '\ufffd')}€ bytesend`);
  });

  it('gives the same text as UTF-8 bytes for the helper thread, which the sink writes in order', () => {
    const series = values(5000, 3);
    const { value: bytes, transfer } = seriesJsonBytes(series);
    expect(transfer).toEqual([bytes.buffer]);
    const text = written((out) => {
      out.write('{"equity":');
      out.writeBytes(bytes);
      out.write('}');
    });
    expect(text).toBe(`{"equity":${JSON.stringify(Array.from(series))}}`);
  });
});
