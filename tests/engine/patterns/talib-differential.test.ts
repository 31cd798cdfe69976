/**
 * All 61 patterns bar by bar against the real TA-Lib: exact integers, same NaN look-back, on the
 * daily S&P 500 and on the seeded synthetic candles.
 */
import { describe, expect, it } from 'vitest';
import { sliceSeries, type CandleSeries } from '../../../src/engine/candles/series';
import { computeAllPatterns } from '../../../src/engine/patterns/registry';
import { CANDLESTICK_PATTERN_NAMES } from '../../../src/shared/candlestick-patterns';
import { mulberry32, SYNTHETIC_SETS, syntheticCandles } from './pattern-fixtures';
import { loadSp500 } from '../data/sp500';
import { mismatchedBars, talibAllPatterns, type BarMismatch } from './talib-patterns';

/** Per pattern, the first bars where we differ from TA-Lib; only patterns with a difference. */
function differencesFromTalib(series: CandleSeries): Record<string, BarMismatch[]> {
  const talib = talibAllPatterns(series);
  const ours = computeAllPatterns(series);
  const differences: Record<string, BarMismatch[]> = {};
  for (const name of CANDLESTICK_PATTERN_NAMES) {
    expect(ours[name]).toHaveLength(talib[name].length);
    const bars = mismatchedBars(talib[name], ours[name]);
    if (bars.length > 0) differences[name] = bars;
  }
  return differences;
}

// Tens of thousands of bars through 61 patterns (and TA-Lib): generous time on a busy machine.
describe('candlestick patterns vs TA-Lib', { timeout: 60_000 }, () => {
  it('match on the daily S&P 500 2000-2020 (5,105 bars)', () => {
    const series = loadSp500();
    expect(series.c).toHaveLength(5105);
    expect(differencesFromTalib(series)).toEqual({});
  });

  it.each(SYNTHETIC_SETS)('match on synthetic candles (seed $seed, $bars bars, tick $tick)', (options) => {
    expect(differencesFromTalib(syntheticCandles(options))).toEqual({});
  });

  it('match on short series, from empty to just past the look-back, starting anywhere', () => {
    // Short windows put TA-Lib's running totals' start (and its rounding) right at the data start.
    const series = syntheticCandles({ seed: 5, bars: 20_000, tick: 0.05 });
    const rng = mulberry32(5);
    const differences: Record<string, unknown> = {};
    for (let window = 0; window < 300; window++) {
      const start = Math.floor(rng() * (series.c.length - 40));
      const length = Math.floor(rng() * 40);
      const found = differencesFromTalib(sliceSeries(series, start, start + length));
      if (Object.keys(found).length > 0) differences[`${start}+${length}`] = found;
    }
    expect(differences).toEqual({});
  });
});
