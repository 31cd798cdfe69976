/**
 * Every builder indicator (the spec's 36 labels) that TA-Lib has equals TA-Lib (|a - b| <= 1e-9 * max(1, |b|), NaN
 * at the same bars) on the S&P 500 daily bars and on synthetic daily and hourly bars, with the
 * default settings and several others.
 */
import { describe, expect, it } from 'vitest';
import { computeIndicator, resolveSettings } from '../../../src/engine/indicators/registry';
import { CROSSOVER_INDICATOR_LABELS, VALUE_INDICATOR_LABELS } from '../../../src/shared/indicators';
import { loadSp500 } from '../data/sp500';
import { syntheticSeries } from '../data/synthetic';
import { HAND_CHECKED_LABELS, INDICATOR_CASES, describeSettings, firstMismatch } from './cases';

const TOLERANCE = 1e-9;

const datasets = [
  { name: 'S&P 500 2000-2020', series: loadSp500() },
  { name: 'synthetic daily (seed 1)', series: syntheticSeries(3000, 1) },
  { name: 'synthetic hourly (seed 2)', series: syntheticSeries(3000, 2, { intervalMs: 3_600_000 }) },
];

/** The builder's labels; the pro catalogue's TA-Lib entries are checked in catalogue-talib.test.ts. */
const builderLabels = [...CROSSOVER_INDICATOR_LABELS, ...VALUE_INDICATOR_LABELS];
const talibLabels = builderLabels.filter((label) => INDICATOR_CASES[label]?.oracle);

it('covers every builder label with TA-Lib or with hand-computed values', () => {
  const handChecked: readonly string[] = HAND_CHECKED_LABELS;
  expect([...talibLabels, ...handChecked].sort()).toEqual([...builderLabels].sort());
  expect(talibLabels).toHaveLength(25);
});

describe.each(talibLabels)('%s equals TA-Lib', (label) => {
  const { settings, oracle } = INDICATOR_CASES[label]!;
  // Settings outside TA-Lib's ranges (period 1) are covered by the contract and hand tests.
  const runs = settings.flatMap((input) => {
    const talib = oracle!(resolveSettings(label, input));
    return talib ? datasets.map((dataset) => ({ input, dataset, talib })) : [];
  });
  it.each(runs.map((run) => [`${describeSettings(run.input)} on ${run.dataset.name}`, run] as const))(
    '%s',
    (_, { input, dataset, talib }) => {
      const expected = talib(dataset.series);
      const actual = computeIndicator(label, dataset.series, input);
      const at = firstMismatch(actual, expected, TOLERANCE);
      expect(at, `first mismatch at bar ${at}: ${actual[at]} vs TA-Lib ${expected[at]}`).toBe(-1);
    },
  );
});
