/** computePatterns (one shared candle view for many patterns) against computePattern, bit for bit. */
import { describe, expect, it } from 'vitest';
import { Candles } from '../../../src/engine/patterns/candles';
import { computePattern, computePatterns } from '../../../src/engine/patterns/registry';
import { CANDLESTICK_PATTERN_NAMES } from '../../../src/shared/candlestick-patterns';
import { syntheticCandles } from './pattern-fixtures';

function sameBits(actual: Float64Array, expected: Float64Array): boolean {
  return actual.length === expected.length && actual.every((value, i) => Object.is(value, expected[i]));
}

describe('computePatterns', { timeout: 60_000 }, () => {
  const series = syntheticCandles({ seed: 17, bars: 3000, tick: 0.01 });
  const alone = new Map(CANDLESTICK_PATTERN_NAMES.map((name) => [name, computePattern(name, series)]));

  it('gives every pattern bit for bit as computePattern, all on one candle view', () => {
    const shared = computePatterns(CANDLESTICK_PATTERN_NAMES, series);
    expect([...shared.keys()]).toEqual([...CANDLESTICK_PATTERN_NAMES]);
    for (const name of CANDLESTICK_PATTERN_NAMES) {
      expect(sameBits(shared.get(name)!, alone.get(name)!), name).toBe(true);
    }
  });

  it('gives the same values one pattern at a time through a reused view, in reverse order', () => {
    const candles = new Candles(series);
    for (const name of [...CANDLESTICK_PATTERN_NAMES].reverse()) {
      const values = computePatterns([name], series, candles).get(name)!;
      expect(sameBits(values, alone.get(name)!), name).toBe(true);
    }
  });

  it('computes a name asked for twice once', () => {
    const shared = computePatterns(['Hammer', 'Hammer', 'MorningStar'], series);
    expect([...shared.keys()]).toEqual(['Hammer', 'MorningStar']);
  });
});
