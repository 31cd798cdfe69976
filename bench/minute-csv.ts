/**
 * The benchmarks' input files: 1,000,000 one-minute bars (about 52 MB) as a CSV in the shape
 * users upload (`Date,Open,High,Low,Close,Volume`, prices with 3 decimals), and the same count
 * as a random walk of unrounded prices with a unix-time minute column
 * (`timestamp,open,high,low,close,volume`). Each is written once to the system's temp folder and
 * reused by later runs; seeded random walks (mulberry32), so every run and machine reads the
 * same bytes.
 */
import { existsSync, renameSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { mulberry32 } from '../src/engine/robustness/random';

const START = Date.UTC(2020, 0, 1);
const MINUTE_MS = 60_000;

function csvText(bars: number): string {
  const random = mulberry32(0x1a2b3c);
  const rows: string[] = ['Date,Open,High,Low,Close,Volume'];
  // Prices in thousandths, so every printed price is exact with 3 decimals.
  let close = 32_000;
  for (let bar = 0; bar < bars; bar++) {
    const open = close;
    close = Math.max(open + Math.round((random() - 0.5) * 40), 1_000);
    const high = Math.max(open, close) + Math.round(random() * 10);
    const low = Math.min(open, close) - Math.round(random() * 10);
    const time = new Date(START + bar * MINUTE_MS).toISOString();
    rows.push(
      `${time.slice(0, 10)} ${time.slice(11, 19)},${open / 1000},${high / 1000},${low / 1000},${close / 1000},${Math.round(random() * 5000)}`,
    );
  }
  return `${rows.join('\n')}\n`;
}

/** A geometric random walk at full double precision, one row a minute in unix seconds. */
function timestampCsvText(bars: number): string {
  const random = mulberry32(0x7e57);
  const rows: string[] = ['timestamp,open,high,low,close,volume'];
  let close = 100;
  for (let bar = 0; bar < bars; bar++) {
    const open = close;
    close = Math.max(open * (1 + (random() - 0.5) * 0.004), 0.01);
    const high = Math.max(open, close) * (1 + random() * 0.001);
    const low = Math.min(open, close) * (1 - random() * 0.001);
    const time = (START + bar * MINUTE_MS) / 1000;
    rows.push(`${time},${open},${high},${low},${close},${Math.round(random() * 5000)}`);
  }
  return `${rows.join('\n')}\n`;
}

/** `name` in the temp folder, written from `text()` on first use (atomically, for runs at once). */
function cachedFile(name: string, text: () => string): string {
  const path = join(tmpdir(), name);
  if (!existsSync(path)) {
    const partial = `${path}.${process.pid}.part`;
    writeFileSync(partial, text());
    renameSync(partial, path);
  }
  return path;
}

/** Path of the CSV with `bars` one-minute bars, written on first use. */
export function minuteBarsCsv(bars: number): string {
  return cachedFile(`backtest-bench-${bars}-1m.csv`, () => csvText(bars));
}

/** Path of the CSV with `bars` one-minute bars of the unrounded walk with a unix-time column. */
export function minuteTimestampCsv(bars: number): string {
  return cachedFile(`backtest-bench-${bars}-1m-unix.csv`, () => timestampCsvText(bars));
}
