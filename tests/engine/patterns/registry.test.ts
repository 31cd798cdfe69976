import { describe, expect, it } from 'vitest';
import { createSeries, sliceSeries } from '../../../src/engine/candles/series';
import {
  computeAllPatterns,
  computePattern,
  patternDirectionality,
  patternLookback,
} from '../../../src/engine/patterns/registry';
import { CANDLESTICK_PATTERNS, CANDLESTICK_PATTERN_NAMES } from '../../../src/shared/candlestick-patterns';
import { syntheticCandles } from './pattern-fixtures';
import { talibLookback } from './talib-patterns';

describe('pattern registry', { timeout: 30_000 }, () => {
  const series = syntheticCandles({ seed: 9, bars: 3000, tick: 0.01 });
  const all = computeAllPatterns(series);

  it('has every pattern, in the shared list', () => {
    expect(Object.keys(all).sort()).toEqual([...CANDLESTICK_PATTERN_NAMES].sort());
  });

  it.each(CANDLESTICK_PATTERNS)('$name has TA-Lib $talib look-back', ({ name, talib }) => {
    expect(patternLookback(name)).toBe(talibLookback(talib));
  });

  it('gives NaN during the look-back and an integer TA-Lib value after it', () => {
    for (const name of CANDLESTICK_PATTERN_NAMES) {
      const values = all[name];
      const lookback = patternLookback(name);
      expect(values.subarray(0, lookback).every(Number.isNaN)).toBe(true);
      expect(values.subarray(lookback).every((v) => [0, 80, 100, 200].includes(Math.abs(v)))).toBe(true);
    }
  });

  it('computes one pattern as computeAllPatterns does', () => {
    for (const name of CANDLESTICK_PATTERN_NAMES) expect(computePattern(name, series)).toEqual(all[name]);
  });

  it('gives only NaN on a series no longer than the look-back, and empty arrays on an empty one', () => {
    for (const name of CANDLESTICK_PATTERN_NAMES) {
      const lookback = patternLookback(name);
      const short = computePattern(name, sliceSeries(series, 0, lookback));
      expect(short).toHaveLength(lookback);
      expect(short.every(Number.isNaN)).toBe(true);
      expect(computePattern(name, createSeries(0))).toHaveLength(0);
    }
  });

  it('leaves the series untouched', () => {
    const copy = sliceSeries(series, 0, series.c.length);
    computeAllPatterns(series);
    expect(series).toEqual(copy);
  });

  it('classifies every pattern as directional or undirected', () => {
    const kinds = new Set(CANDLESTICK_PATTERN_NAMES.map(patternDirectionality));
    expect(kinds).toEqual(new Set(['directional', 'undirected']));
    expect(patternDirectionality('DojiStar')).toBe('directional');
    expect(patternDirectionality('Doji')).toBe('undirected');
  });
});
