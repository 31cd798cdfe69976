/**
 * TA-Lib (the C library through the `talib` npm addon) as a test oracle. Outputs are aligned
 * to the input, NaN before TA-Lib's begIndex. TA-Lib's unstable period is never changed (it is
 * global to the process), so results do not depend on test order.
 */
import { createRequire } from 'node:module';
import type { CandleSeries } from '../../src/engine/candles/series';

interface TalibResult {
  begIndex: number;
  nbElement: number;
  result: Record<string, number[]>;
}

interface Talib {
  execute(request: Record<string, unknown>): TalibResult;
  explain(name: string): { optInputs: { name: string; defaultValue: number }[] };
}

const talib = createRequire(import.meta.url)('talib') as Talib;

/** Input arrays by TA-Lib's names: inReal, open, high, low, close, volume (inReal0, inPeriods, ...). */
export type OracleInputs = Readonly<Record<string, Float64Array>>;

/** TA-Lib's default for every optional input of `name` (the addon aborts when one is missing). */
function defaultOptions(name: string): Record<string, number> {
  return Object.fromEntries(talib.explain(name).optInputs.map((input) => [input.name, input.defaultValue]));
}

/**
 * Runs TA-Lib function `name` over all bars with optional inputs such as
 * { optInTimePeriod: 14 } (TA-Lib's defaults for the others); returns each output (outReal,
 * outMACD, ...) aligned to the input.
 */
export function talibAligned(
  name: string,
  inputs: OracleInputs,
  options: Record<string, number> = {},
): Record<string, Float64Array> {
  const arrays = Object.values(inputs);
  const length = arrays[0]?.length ?? 0;
  const request: Record<string, unknown> = {
    name,
    startIdx: 0,
    endIdx: length - 1,
    ...defaultOptions(name),
    ...options,
  };
  for (const [key, values] of Object.entries(inputs)) request[key] = Array.from(values);
  const { begIndex, nbElement, result } = talib.execute(request);
  const aligned: Record<string, Float64Array> = {};
  for (const [output, values] of Object.entries(result)) {
    const out = new Float64Array(length).fill(Number.NaN);
    for (let i = 0; i < nbElement; i++) out[begIndex + i] = values[i]!;
    aligned[output] = out;
  }
  return aligned;
}

/** TA-Lib over a candle series: open/high/low/close/volume, with inReal = the closes. */
export function talibOnSeries(
  name: string,
  series: CandleSeries,
  options: Record<string, number> = {},
): Record<string, Float64Array> {
  return talibAligned(
    name,
    { inReal: series.c, open: series.o, high: series.h, low: series.l, close: series.c, volume: series.v },
    options,
  );
}
