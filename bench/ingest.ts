/**
 * CSV ingest against its floor, on the benchmarks' one-minute CSV: the floor is a tight loop
 * over the same bytes that only turns every price field into a number (digits and a power of
 * ten, no checks, no dates), the least any CSV reader must do. Both are timed in this run, on
 * this machine, so their ratio is what the engine's parser costs beyond that floor.
 */
import { readFileSync } from 'node:fs';
import { parseCandlesCsv } from '../src/engine/cli';

const COMMA = 44;
const NEWLINE = 10;
const DOT = 46;
const ZERO = 48;
const POWERS_OF_TEN = Array.from({ length: 23 }, (_, k) => 10 ** k);

/** Sums every field after the first on each line as a number; returns the sum (kept live). */
function byteLoopFloor(bytes: Uint8Array): number {
  let sum = 0;
  let mantissa = 0;
  let decimals = 0;
  let inFraction = false;
  let field = 0;
  for (let index = bytes.indexOf(NEWLINE) + 1; index < bytes.length; index++) {
    const byte = bytes[index]!;
    if (byte === COMMA || byte === NEWLINE) {
      if (field > 0) sum += mantissa / POWERS_OF_TEN[decimals]!;
      field = byte === NEWLINE ? 0 : field + 1;
      mantissa = 0;
      decimals = 0;
      inFraction = false;
    } else if (field > 0) {
      if (byte === DOT) inFraction = true;
      else {
        mantissa = mantissa * 10 + (byte - ZERO);
        if (inFraction) decimals++;
      }
    }
  }
  return sum;
}

function bestOf(runs: number, run: () => void): number {
  let best = Number.POSITIVE_INFINITY;
  for (let i = 0; i < runs; i++) {
    const start = performance.now();
    run();
    best = Math.min(best, performance.now() - start);
  }
  return best;
}

export function benchIngest(csvPath: string): { floorMs: number; parseMs: number; bars: number } {
  const bytes = readFileSync(csvPath);
  let sink = 0;
  let bars = 0;
  const floorMs = bestOf(7, () => (sink += byteLoopFloor(bytes)));
  const parseMs = bestOf(7, () => (bars = parseCandlesCsv(bytes).c.length));
  if (Number.isNaN(sink)) console.log('(floor sum)', sink);
  return { floorMs, parseMs, bars };
}
