/**
 * The sharing path (computeIndicatorShared with one IndicatorMemo per series, as the strategy's
 * SeriesCache uses it) against the per-label path (computeIndicator): bit for bit, for every
 * label and every test setting, whatever else the memo already holds. Also the building blocks
 * the memo shares: rollingExtremes / widenExtremes against the deque.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { CandleSeries } from '../../../src/engine/candles/series';
import {
  INDICATOR_REGISTRY,
  IndicatorMemo,
  computeIndicator,
  computeIndicatorShared,
  resolveSettings,
  type IndicatorSettingsInput,
} from '../../../src/engine/indicators/registry';
import {
  SlidingExtreme,
  rollingExtremes,
  widenExtremes,
} from '../../../src/engine/indicators/rolling-extremes';
import { loadSp500 } from '../data/sp500';
import { syntheticSeries } from '../data/synthetic';
import { INDICATOR_CASES, describeSettings } from './cases';

/** Index of the first element whose bits differ (NaN equals NaN, 0 differs from -0), or -1. */
function firstBitDifference(actual: Float64Array, expected: Float64Array): number {
  if (actual.length !== expected.length) return Math.min(actual.length, expected.length);
  for (let i = 0; i < actual.length; i++) if (!Object.is(actual[i], expected[i])) return i;
  return -1;
}

/** Settings where the shared pieces meet: coinciding or doubled periods, tiny and long ones. */
const EXTRA_SETTINGS: Record<string, readonly IndicatorSettingsInput[]> = {
  'Ichimoku tenkan_sen': [{ 'Timeframe 1': 26 }, { 'Timeframe 1': 13 }, { 'Timeframe 1': 1 }],
  'Ichimoku kijun_sen': [{ 'Timeframe 2': 9 }, { 'Timeframe 2': 18 }, { 'Timeframe 2': 52 }],
  'Ichimoku senkou_span_a': [
    { 'Timeframe 1': 26, 'Timeframe 2': 26 },
    { 'Timeframe 1': 9, 'Timeframe 2': 17 },
  ],
  'Ichimoku senkou_span_b': [
    { 'Timeframe 3': 18, 'Timeframe 2': 9 },
    { 'Timeframe 3': 35, 'Timeframe 2': 26 },
    { 'Timeframe 3': 27, 'Timeframe 2': 26 },
    { 'Timeframe 3': 1, 'Timeframe 2': 1 },
  ],
  'Williams %R': [{ Timeframe: 9 }, { Timeframe: 10 }, { Timeframe: 26 }, { Timeframe: 52 }],
  'Stochastic %K': [{ 'Fast K Period': 9 }, { 'Fast K Period': 26 }],
  'Stochastic %D': [{ 'Fast K Period': 9, 'Slow D Period': 1 }, { 'Fast K Period': 18 }],
  'Bollinger Upper': [{ Timeframe: 1 }],
  'Bollinger Middle': [{ Timeframe: 1 }],
  'Bollinger Lower': [{ Timeframe: 1 }],
  'Elder-Ray Bull Power': [{ Timeframe: 20 }],
  EMA: [{ Timeframe: 13 }],
};

const runs = [...INDICATOR_REGISTRY.keys()].flatMap((label) =>
  [...INDICATOR_CASES[label]!.settings, ...(EXTRA_SETTINGS[label] ?? [])].map((input) => ({
    label,
    input,
  })),
);

/** A series with NaN highs and lows, where rolling extremes fall back to the deque. */
function withGaps(series: CandleSeries): CandleSeries {
  const h = series.h.slice();
  const l = series.l.slice();
  for (let i = 37; i < h.length; i += 211) {
    h[i] = Number.NaN;
    l[i + 3] = Number.NaN;
  }
  return { ...series, h, l };
}

const SERIES: ReadonlyArray<readonly [string, CandleSeries]> = [
  ['S&P 500 daily', loadSp500()],
  ['synthetic with halts and ties', syntheticSeries(2500, 21)],
  ['synthetic with NaN highs and lows', withGaps(syntheticSeries(1200, 22))],
  ['shorter than most look-backs', syntheticSeries(30, 23)],
];

describe.each(SERIES)('computeIndicatorShared on %s', (_, series) => {
  const expectSame = (order: typeof runs) => {
    const memo = new IndicatorMemo(series);
    for (const { label, input } of order) {
      const settings = resolveSettings(label, input);
      const shared = computeIndicatorShared(label, memo, settings);
      const alone = computeIndicator(label, series, input);
      const at = firstBitDifference(shared, alone);
      expect(at, `${label} with ${describeSettings(input)}: first difference at bar ${at}`).toBe(-1);
    }
  };

  // Every indicator of the catalogue, shared and alone: seconds on a busy machine.
  it(
    'equals computeIndicator bit for bit for every label and setting, in registry order',
    { timeout: 60_000 },
    () => {
      expectSame(runs);
    },
  );

  it(
    'equals it in reverse order too (longer windows first, then the shorter ones)',
    { timeout: 60_000 },
    () => {
      expectSame([...runs].reverse());
    },
  );

  it('shares one computation between the lines of one indicator', () => {
    const memo = new IndicatorMemo(series);
    const k = computeIndicatorShared('Stochastic %K', memo, resolveSettings('Stochastic %K'));
    const d = computeIndicatorShared('Stochastic %D', memo, resolveSettings('Stochastic %D'));
    const stochastic = memo.stochastic(14, 3, 3);
    expect(stochastic.slowK).toBe(k);
    expect(stochastic.slowD).toBe(d);
    const line = computeIndicatorShared('MACD macd line', memo, resolveSettings('MACD macd line'));
    expect(memo.macd(12, 26, 9).macd).toBe(line);
  });
});

describe('rollingExtremes', () => {
  const deque = (values: Float64Array, period: number, sign: 1 | -1) => {
    const extreme = new SlidingExtreme(values, period, sign);
    return Float64Array.from(values, (_, i) => extreme.advance(i));
  };
  const element = fc.oneof(
    fc.integer({ min: -5, max: 5 }),
    fc.constantFrom(0, -0, 0.5, -0.5, Number.NaN, Number.POSITIVE_INFINITY),
  );

  it('equals the monotonic deque bit for bit (ties, 0 and -0, NaN, infinities)', () => {
    fc.assert(
      fc.property(fc.array(element, { maxLength: 90 }), fc.integer({ min: 1, max: 25 }), (list, period) => {
        const values = Float64Array.from(list);
        for (const sign of [1, -1] as const) {
          expect(firstBitDifference(rollingExtremes(values, period, sign), deque(values, period, sign))).toBe(
            -1,
          );
        }
      }),
      { numRuns: 500 },
    );
  });

  it('widens from any shorter window, bit for bit', () => {
    const noNaN = fc.oneof(fc.integer({ min: -5, max: 5 }), fc.constantFrom(0, -0, 0.5));
    fc.assert(
      fc.property(
        fc.array(noNaN, { maxLength: 90 }),
        fc.integer({ min: 1, max: 25 }),
        fc.integer({ min: 0, max: 25 }),
        (list, shorter, extra) => {
          const period = shorter + extra;
          const values = Float64Array.from(list);
          for (const sign of [1, -1] as const) {
            const widened = widenExtremes(rollingExtremes(values, shorter, sign), shorter, period, sign);
            expect(firstBitDifference(widened, deque(values, period, sign))).toBe(-1);
          }
        },
      ),
      { numRuns: 500 },
    );
  });

  it('widens through several windows with the latest of equal values winning (0 and -0)', () => {
    const zeros = fc.constantFrom(0, -0, -1);
    fc.assert(
      fc.property(
        fc.array(zeros, { minLength: 4, maxLength: 40 }),
        fc.integer({ min: 1, max: 4 }),
        fc.integer({ min: 1, max: 12 }),
        (list, shorter, extra) => {
          const values = Float64Array.from(list);
          for (const sign of [1, -1] as const) {
            const widened = widenExtremes(
              rollingExtremes(values, shorter, sign),
              shorter,
              shorter + extra,
              sign,
            );
            expect(firstBitDifference(widened, deque(values, shorter + extra, sign))).toBe(-1);
          }
        },
      ),
      { numRuns: 2000 },
    );
  });

  it('carries blocks and joins across chunks: 20,000 bars equal the deque bit for bit', () => {
    const values = syntheticSeries(20_000, 24).h;
    for (const period of [1, 9, 14, 26, 52, 100]) {
      for (const sign of [1, -1] as const) {
        const expected = deque(values, period, sign);
        expect(firstBitDifference(rollingExtremes(values, period, sign), expected)).toBe(-1);
        const shorter = Math.max(1, Math.ceil(period / 3));
        const widened = widenExtremes(rollingExtremes(values, shorter, sign), shorter, period, sign);
        expect(firstBitDifference(widened, expected)).toBe(-1);
      }
    }
  });

  it('refuses to widen to a shorter window', () => {
    expect(() => widenExtremes(new Float64Array(4), 5, 2, 1)).toThrow(RangeError);
    expect(() => widenExtremes(new Float64Array(4), 0, 2, 1)).toThrow(RangeError);
  });
});
