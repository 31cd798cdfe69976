/**
 * No look-ahead: every pattern computed on bars 0..t gives, at every bar up to t, what it gives on
 * the whole series.
 */
import { describe, expect, it } from 'vitest';
import { sliceSeries, type CandleSeries } from '../../../src/engine/candles/series';
import { computeAllPatterns, patternLookback } from '../../../src/engine/patterns/registry';
import { CANDLESTICK_PATTERN_NAMES } from '../../../src/shared/candlestick-patterns';
import { mulberry32, syntheticCandles } from './pattern-fixtures';
import { loadSp500 } from '../data/sp500';
import { mismatchedBars } from './talib-patterns';

/** Cut points: random ones plus each side of every look-back. */
function cutPoints(length: number, seed: number, random: number): number[] {
  const rng = mulberry32(seed);
  const lookbacks = CANDLESTICK_PATTERN_NAMES.map(patternLookback);
  const edges = lookbacks.flatMap((lookback) => [lookback - 1, lookback, lookback + 1]);
  const randomCuts = Array.from({ length: random }, () => Math.floor(rng() * length));
  return [...new Set([0, ...edges, ...randomCuts, length - 1])].sort((a, b) => a - b);
}

function lookAheads(series: CandleSeries, cuts: number[]): Record<string, unknown> {
  const full = computeAllPatterns(series);
  const found: Record<string, unknown> = {};
  for (const t of cuts) {
    const prefix = computeAllPatterns(sliceSeries(series, 0, t + 1));
    for (const name of CANDLESTICK_PATTERN_NAMES) {
      const bars = mismatchedBars(full[name].subarray(0, t + 1), prefix[name]);
      if (bars.length > 0) found[`${name} cut at ${t}`] = bars;
    }
  }
  return found;
}

// Tens of thousands of bars through 61 patterns (and TA-Lib): generous time on a busy machine.
describe('prefix invariance', { timeout: 60_000 }, () => {
  it('holds on synthetic candles', () => {
    const series = syntheticCandles({ seed: 6, bars: 6000, tick: 0.01 });
    expect(lookAheads(series, cutPoints(6000, 6, 40))).toEqual({});
  });

  it('holds on the S&P 500', () => {
    const series = loadSp500();
    expect(lookAheads(series, cutPoints(series.c.length, 7, 25))).toEqual({});
  });
});
