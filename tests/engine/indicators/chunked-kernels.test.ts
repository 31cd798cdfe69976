/**
 * The kernels that run their main loop chunk by chunk (chunkEnd in
 * src/engine/indicators/output.ts) carry their running values from one chunk to the next
 * unchanged: over a series spanning many chunks they give exactly TA-Lib's values, and session
 * VWAP exactly the sums of one plain pass over each day.
 */
import { describe, expect, it } from 'vitest';
import { computeIndicator, resolveSettings } from '../../../src/engine/indicators/registry';
import { syntheticSeries } from '../data/synthetic';
import { INDICATOR_CASES, describeSettings, firstMismatch } from './cases';

// 6,000 hourly bars: several chunks of every kernel, and trading days that straddle them.
const series = syntheticSeries(6000, 3, { intervalMs: 3_600_000 });

const CHUNKED_LABELS = [
  'EMA',
  'SMA',
  'Bollinger Upper',
  'Bollinger Lower',
  'Elder-Ray Bull Power',
  'Chaikin Oscillator',
  'Parabolic SAR',
  'MACD macd line',
  'MACD green line',
  'MACD histogram',
  'RSI',
  'Stochastic %K',
  'Stochastic %D',
  'MFI',
];

describe.each(CHUNKED_LABELS)('%s over 6,000 bars', (label) => {
  const { settings, oracle } = INDICATOR_CASES[label]!;
  const runs = settings.flatMap((input) => {
    const talib = oracle!(resolveSettings(label, input));
    return talib ? [[describeSettings(input), { input, talib }] as const] : [];
  });
  it.each(runs)('equals TA-Lib exactly with %s', (_, { input, talib }) => {
    const actual = computeIndicator(label, series, input);
    const expected = talib(series);
    const at = firstMismatch(actual, expected);
    expect(at, `first difference at bar ${at}: ${actual[at]} vs TA-Lib ${expected[at]}`).toBe(-1);
  });
});

it('session VWAP over 6,000 hourly bars equals one pass of sums over each UTC day', () => {
  const actual = computeIndicator('VWAP', series);
  const DAY_MS = 86_400_000;
  let day = Number.NaN;
  let priceVolume = 0;
  let totalVolume = 0;
  series.t.forEach((time, i) => {
    if (Math.floor(time / DAY_MS) !== day) {
      day = Math.floor(time / DAY_MS);
      priceVolume = 0;
      totalVolume = 0;
    }
    const typical = (series.h[i]! + series.l[i]! + series.c[i]!) / 3;
    priceVolume += typical * series.v[i]!;
    totalVolume += series.v[i]!;
    expect(actual[i]).toBe(totalVolume > 0 ? priceVolume / totalVolume : typical);
  });
});
