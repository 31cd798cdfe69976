/**
 * The contract every registry entry keeps, whatever its formula: its first valid bar is its
 * look-back (NaN before, finite from there on), and no value depends on a later bar (computing
 * on bars 0..t gives the same values as on the whole series).
 */
import { describe, expect, it } from 'vitest';
import { sliceSeries, type CandleSeries } from '../../../src/engine/candles/series';
import {
  INDICATOR_REGISTRY,
  computeIndicator,
  indicatorLookback,
  type IndicatorSettingsInput,
} from '../../../src/engine/indicators/registry';
import {
  CROSSOVER_INDICATOR_LABELS,
  VALUE_INDICATOR_LABELS,
  indicatorSettings,
} from '../../../src/shared/indicators';
import { INDICATOR_CATALOGUE } from '../../../src/shared/indicator-catalogue';
import { loadSp500 } from '../data/sp500';
import { syntheticSeries } from '../data/synthetic';
import { INDICATOR_CASES, describeSettings, firstMismatch } from './cases';

const HOUR_MS = 3_600_000;
const sp500 = loadSp500();
const daily = syntheticSeries(1500, 11);
/** Hourly bars starting mid-day, so the first UTC day is partial. */
const hourly = syntheticSeries(1500, 12, { intervalMs: HOUR_MS, startTime: Date.UTC(2021, 5, 1, 13) });
const FIRST_BAR_OF_SECOND_DAY = 11;
const PIVOT_LABELS = new Set(['Pivot Point', 'Support 1', 'Support 2', 'Resistance 1', 'Resistance 2']);

const runs = [...INDICATOR_REGISTRY.keys()].flatMap((label) =>
  INDICATOR_CASES[label]!.settings.map((input) => ({ label, input })),
);
const named = runs.map((run) => [`${run.label} with ${describeSettings(run.input)}`, run] as const);

/** Index of the first non-NaN value, or the length when there is none. */
function firstValid(values: Float64Array): number {
  const index = values.findIndex((value) => !Number.isNaN(value));
  return index === -1 ? values.length : index;
}

/**
 * IMI has no value (TA-Lib's 0 / 0) where no bar of its window has a body: the only values
 * missing after a look-back. Its look-back is its window's length - 1.
 */
function bodilessWindow(label: string, series: CandleSeries, lookback: number, bar: number): boolean {
  if (label !== 'Intraday Momentum Index') return false;
  for (let i = bar - lookback; i <= bar; i++) if (series.o[i] !== series.c[i]) return false;
  return true;
}

function expectNaNThenFinite(
  label: string,
  series: CandleSeries,
  input: IndicatorSettingsInput,
  first: number,
) {
  const values = computeIndicator(label, series, input);
  const lookback = indicatorLookback(label, input);
  expect(firstValid(values)).toBe(Math.min(first, values.length));
  const notFinite = values.findIndex(
    (value, i) => i >= first && !Number.isFinite(value) && !bodilessWindow(label, series, lookback, i),
  );
  expect(notFinite, `non-finite value at bar ${notFinite}`).toBe(-1);
}

/** Seeded cut points spread over the series, plus the bars around the look-back. */
function cutPoints(length: number, lookback: number, seed: number): number[] {
  let state = seed;
  const random = () => (state = (state * 1103515245 + 12345) % 2147483648) / 2147483648;
  const near = [lookback - 1, lookback, lookback + 1, lookback + 7];
  const spread = Array.from({ length: 6 }, () => Math.floor(random() * length));
  return [...near, ...spread].filter((t) => t >= 0 && t < length);
}

function expectPrefixInvariant(
  series: CandleSeries,
  label: string,
  input: IndicatorSettingsInput,
  seed: number,
) {
  const full = computeIndicator(label, series, input);
  for (const t of cutPoints(series.c.length, indicatorLookback(label, input), seed)) {
    const prefix = computeIndicator(label, sliceSeries(series, 0, t + 1), input);
    const at = firstMismatch(prefix, full.subarray(0, t + 1));
    expect(at, `cut at bar ${t}: bar ${at} is ${prefix[at]} on the prefix, ${full[at]} on all bars`).toBe(-1);
  }
}

describe('the registry', () => {
  it('holds the 31 crossover and 5 value-based labels first, with their declared settings, then the catalogue', () => {
    const labels = [...CROSSOVER_INDICATOR_LABELS, ...VALUE_INDICATOR_LABELS];
    expect(labels).toHaveLength(36);
    expect([...INDICATOR_REGISTRY.keys()].slice(0, 36)).toEqual(labels);
    expect([...INDICATOR_REGISTRY.keys()]).toEqual(INDICATOR_CATALOGUE.map((entry) => entry.label));
    for (const label of labels) {
      const entry = INDICATOR_REGISTRY.get(label)!;
      expect(entry.label).toBe(label);
      expect(entry.settings).toEqual(indicatorSettings(label));
    }
  });

  it('has test settings for every label, the defaults first', () => {
    for (const label of INDICATOR_REGISTRY.keys()) expect(INDICATOR_CASES[label]?.settings[0]).toEqual({});
  });
});

describe.each(named)('%s', (_, { label, input }) => {
  const lookback = indicatorLookback(label, input);

  it('is NaN before its look-back and finite from it on (S&P 500, synthetic daily)', () => {
    expectNaNThenFinite(label, sp500, input, lookback);
    expectNaNThenFinite(label, daily, input, lookback);
  });

  it('starts at its look-back on intraday bars (pivots: at the second UTC day)', () => {
    const first = PIVOT_LABELS.has(label) ? FIRST_BAR_OF_SECOND_DAY : lookback;
    expect(first).toBeGreaterThanOrEqual(lookback);
    expectNaNThenFinite(label, hourly, input, first);
  });

  it('is all NaN on a series shorter than its look-back, and empty on no bars', () => {
    const short = sliceSeries(daily, 0, lookback);
    expect(firstValid(computeIndicator(label, short, input))).toBe(lookback);
    expect(computeIndicator(label, sliceSeries(daily, 0, 0), input)).toHaveLength(0);
  });

  it('gives the same values on any prefix of the bars (no look-ahead)', () => {
    expectPrefixInvariant(daily, label, input, 1);
    expectPrefixInvariant(hourly, label, input, 2);
    expectPrefixInvariant(sp500, label, input, 3);
  });

  it('does not modify the series', () => {
    const copy = sliceSeries(daily, 0, daily.c.length);
    const values = computeIndicator(label, daily, input);
    values.fill(0);
    for (const field of ['t', 'o', 'h', 'l', 'c', 'v'] as const) {
      expect(firstMismatch(daily[field], copy[field]), field).toBe(-1);
    }
  });
});
