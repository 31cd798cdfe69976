/**
 * The candlestick patterns through the TA-Lib oracle (tests/engine/talib-oracle.ts), each with
 * its optional inputs at TA-Lib's own defaults.
 */
import { createRequire } from 'node:module';
import { createSeries, type CandleSeries } from '../../../src/engine/candles/series';
import { CANDLESTICK_PATTERNS, type CandlestickPatternName } from '../../../src/shared/candlestick-patterns';
import { talibOnSeries } from '../talib-oracle';

interface TalibExplanation {
  optInputs: { name: string; defaultValue: number }[];
}

const talib = createRequire(import.meta.url)('talib') as { explain(name: string): TalibExplanation };

/**
 * TA-Lib's defaults for a function's optional inputs (penetration 0.3 or 0.5), as TA-Lib declares
 * them. They must be passed: node-talib aborts the whole process, not with a JS error, without.
 */
function defaultsOf(fn: string): Record<string, number> {
  let defaults = optionalDefaults.get(fn);
  if (defaults === undefined) {
    defaults = Object.fromEntries(talib.explain(fn).optInputs.map((opt) => [opt.name, opt.defaultValue]));
    optionalDefaults.set(fn, defaults);
  }
  return defaults;
}

const optionalDefaults = new Map<string, Record<string, number>>();

/** One CDL function over the series: TA-Lib's integers, NaN before its begIndex. */
export function talibPattern(fn: string, series: CandleSeries): Float64Array {
  if (series.c.length === 0) return new Float64Array(0);
  const { outInteger } = talibOnSeries(fn, series, defaultsOf(fn));
  if (outInteger === undefined) throw new Error(`${fn} gave no outInteger`);
  return outInteger;
}

/** Every pattern through TA-Lib. */
export function talibAllPatterns(series: CandleSeries): Record<CandlestickPatternName, Float64Array> {
  const entries = CANDLESTICK_PATTERNS.map(
    ({ name, talib: fn }) => [name, talibPattern(fn, series)] as const,
  );
  return Object.fromEntries(entries) as Record<CandlestickPatternName, Float64Array>;
}

/** TA-Lib's look-back of a CDL function: its first output index on a series long enough. */
export function talibLookback(fn: string): number {
  const flat = createSeries(64);
  for (const field of [flat.o, flat.h, flat.l, flat.c]) field.fill(1);
  return talibPattern(fn, flat).findIndex((value) => !Number.isNaN(value));
}

export interface BarMismatch {
  bar: number;
  talib: number;
  ours: number;
}

/** Bars where two outputs of the same length differ (NaN equals NaN), the first `limit` of them. */
export function mismatchedBars(talibValues: Float64Array, ours: Float64Array, limit = 5): BarMismatch[] {
  const found: BarMismatch[] = [];
  for (let bar = 0; bar < talibValues.length && found.length < limit; bar++) {
    if (!Object.is(talibValues[bar], ours[bar]))
      found.push({ bar, talib: talibValues[bar]!, ours: ours[bar]! });
  }
  return found;
}
