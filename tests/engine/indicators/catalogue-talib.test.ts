/**
 * Every catalogue entry that names a TA-Lib function equals TA-Lib bar by bar: the same first
 * valid bar (NaN before it) and |a - b| <= 1e-9 * max(1, |b|), on the S&P 500 daily bars and on
 * seeded synthetic bars, with the default settings and non-default sets. Driven by the catalogue
 * alone: each setting's `talib` names the optional input it feeds, `talib.inputs` the inputs.
 */
import { describe, expect, it } from 'vitest';
import type { CandleSeries } from '../../../src/engine/candles/series';
import { computeIndicator, resolveSettings } from '../../../src/engine/indicators/registry';
import {
  INDICATOR_CATALOGUE,
  MA_TYPE_NAMES,
  type CatalogueEntry,
} from '../../../src/shared/indicator-catalogue';
import { loadSp500 } from '../data/sp500';
import { syntheticSeries } from '../data/synthetic';
import { talibAligned, type OracleInputs } from '../talib-oracle';
import { alternativeValue, describeSettings, firstMismatch } from './cases';

const TOLERANCE = 1e-9;

const sp500 = { name: 'S&P 500 2000-2020', series: loadSp500() };
const synthetic = { name: 'synthetic daily (seed 7)', series: syntheticSeries(2500, 7) };
/** The synthetic bars with every halted (constant-price) stretch given a small seeded wobble. */
const moving = { name: 'synthetic daily without halts (seed 7)', series: withoutHalts(synthetic.series) };

/**
 * Documented differences, each on data where the value is numerically undefined:
 * - HT_DCPHASE and HT_SINE take atan(real / imaginary) of a DFT of the smoothed price; over a
 *   constant price both parts are rounding noise (0/0), whose sign and size follow the last bit
 *   of the C library's sin and cos, which JavaScript's need not share. They are compared on the
 *   synthetic bars without halts.
 */
const HALT_SENSITIVE = new Set(['HT_DCPHASE', 'HT_SINE']);

function withoutHalts(series: CandleSeries): CandleSeries {
  const copy = {
    ...series,
    o: series.o.slice(),
    h: series.h.slice(),
    l: series.l.slice(),
    c: series.c.slice(),
  };
  let state = 7;
  for (let i = 1; i < copy.c.length; i++) {
    if (copy.c[i] !== copy.c[i - 1]) continue;
    state = (state * 1103515245 + 12345) % 2147483648;
    const wobble = 1 + (state / 2147483648 - 0.5) * 0.002;
    for (const field of ['o', 'h', 'l', 'c'] as const) copy[field][i] = copy[field][i]! * wobble;
  }
  return copy;
}

function datasetsFor(entry: CatalogueEntry) {
  return HALT_SENSITIVE.has(entry.talib!.function) ? [sp500, moving] : [sp500, synthetic];
}

/** Settings sets beyond the defaults that exercise paths the generic alternative misses. */
const EXTRA_SETS: Record<string, Record<string, string>[]> = {
  SAREXT: [
    { 'Start Value': '1200', 'Offset on Reverse': '0.01' },
    { 'Start Value': '-1500', 'Acceleration Init Short': '0.03', 'Acceleration Max Short': '0.25' },
  ],
  MACDEXT: [
    {
      'Fast Period': '26',
      'Slow Period': '12',
      'Fast MA Type': 'WMA',
      'Slow MA Type': 'KAMA',
      'Signal MA Type': 'T3',
    },
  ],
  ULTOSC: [{ 'Timeframe 1': '20', 'Timeframe 2': '5', 'Timeframe 3': '10' }],
  BBANDS: [{ 'Deviations Up': '1.5', 'Deviations Down': '2.5' }],
  APO: [{ 'Fast Period': '30', 'Slow Period': '10' }],
  PPO: [{ 'Fast Period': '30', 'Slow Period': '10' }],
};

/** Defaults, every setting changed at once, the smallest periods, each MA type, the extra sets. */
function settingSets(entry: CatalogueEntry): Record<string, string>[] {
  const settings = entry.settings.filter((setting) => setting.talib);
  const sets: Record<string, string>[] = [{}];
  const changed = Object.fromEntries(
    settings
      .filter((setting) => setting.kind !== 'maType')
      .map((setting) => [setting.label, alternativeValue(setting)]),
  );
  if (Object.keys(changed).length > 0) sets.push(changed);
  const periods = settings.filter((setting) => setting.kind === 'period');
  if (periods.length > 0 && entry.plan === 'pro') {
    // Every period at the smallest value the catalogue allows: TA-Lib must accept it too. (The
    // builder's settings allow 1 where TA-Lib refuses it; hand-computed.test.ts covers those.)
    sets.push(Object.fromEntries(periods.map((setting) => [setting.label, String(setting.min)])));
  }
  for (const setting of settings.filter((candidate) => candidate.kind === 'maType')) {
    for (const name of MA_TYPE_NAMES.slice(1)) sets.push({ [setting.label]: name });
  }
  const declared = (set: Record<string, string>) =>
    Object.keys(set).every((label) => settings.some((setting) => setting.label === label));
  return [...sets, ...(EXTRA_SETS[entry.talib!.function] ?? []).filter(declared)];
}

function oracleInputs(entry: CatalogueEntry, series: CandleSeries): OracleInputs {
  const prices = { open: series.o, high: series.h, low: series.l, close: series.c, volume: series.v };
  const named = entry.talib!.inputs;
  if (!named) return { inReal: series.c, ...prices };
  const inputs: Record<string, Float64Array> = {};
  for (const [input, source] of Object.entries(named)) {
    if (source in prices) inputs[input] = prices[source as keyof typeof prices];
    else if (input === 'inPeriods') {
      // MAVP: the dominant cycle period of the close, 0 before its first value.
      const cycle = talibAligned('HT_DCPERIOD', { inReal: series.c }).outReal!;
      inputs[input] = cycle.map((value) => (Number.isNaN(value) ? 0 : value));
    } else throw new Error(`unknown input source ${source}`);
  }
  return inputs;
}

function optionalInputs(entry: CatalogueEntry, input: Record<string, string>): Record<string, number> {
  const resolved = resolveSettings(entry.label, input);
  const options: Record<string, number> = {};
  for (const setting of entry.settings) {
    if (setting.talib) options[setting.talib] = resolved[setting.label] as number;
  }
  return options;
}

const talibEntries = INDICATOR_CATALOGUE.filter((entry) => entry.talib);

it('gives IMI no value where no bar of the window has a body, as TA-Lib (0 would read as oversold)', () => {
  // 20 bars with bodies, 20 bodiless bars at one price, 5 with bodies again.
  const opens = Array.from({ length: 45 }, (_, i) => (i < 20 || i >= 40 ? 100 + (i % 3) : 100));
  const closes = opens.map((open, i) => (i < 20 || i >= 40 ? open + (i % 2 === 0 ? 1 : -0.5) : open));
  const o = Float64Array.from(opens);
  const c = Float64Array.from(closes);
  const series = {
    ...synthetic.series,
    t: o.map((_, i) => i),
    o,
    h: c.map((v, i) => Math.max(v, o[i]!)),
    l: c.map((v, i) => Math.min(v, o[i]!)),
    c,
    v: o.map(() => 1),
  };
  const imi = computeIndicator('Intraday Momentum Index', series, {});
  const talib = talibAligned('IMI', { open: o, close: c }, { optInTimePeriod: 14 }).outReal!;
  // The windows of bars 33..39 hold bodiless bars only; bar 40 has a body again.
  const noValue = [...imi.keys()].filter((i) => i >= 13 && Number.isNaN(imi[i]!));
  expect(noValue).toEqual([33, 34, 35, 36, 37, 38, 39]);
  expect(firstMismatch(imi, talib, TOLERANCE)).toBe(-1);
  expect(imi[40]).toBeGreaterThan(0);
  // The synthetic data's halts hold such windows too, so the comparisons below cover them.
  const onSynthetic = computeIndicator('Intraday Momentum Index', synthetic.series, {});
  expect(onSynthetic.filter((value, i) => i >= 13 && Number.isNaN(value)).length).toBeGreaterThan(0);
});

it('covers at least 74 TA-Lib functions in a catalogue of at least 100 entries', () => {
  const functions = new Set(talibEntries.map((entry) => entry.talib!.function));
  expect(functions.size).toBeGreaterThanOrEqual(74);
  expect(INDICATOR_CATALOGUE.length).toBeGreaterThanOrEqual(100);
});

describe.each(
  talibEntries.map(
    (entry) => [`${entry.label} = ${entry.talib!.function}.${entry.talib!.output}`, entry] as const,
  ),
)('%s', (_, entry) => {
  const runs = settingSets(entry).flatMap((input) =>
    datasetsFor(entry).map((dataset) => ({ input, dataset })),
  );
  it.each(runs.map((run) => [`${describeSettings(run.input)} on ${run.dataset.name}`, run] as const))(
    '%s',
    (__, { input, dataset }) => {
      const talib = talibAligned(
        entry.talib!.function,
        oracleInputs(entry, dataset.series),
        optionalInputs(entry, input),
      )[entry.talib!.output]!;
      const actual = computeIndicator(entry.label, dataset.series, input);
      const at = firstMismatch(actual, talib, TOLERANCE);
      expect(at, `first mismatch at bar ${at}: ${actual[at]} vs TA-Lib ${talib[at]}`).toBe(-1);
    },
  );
});
