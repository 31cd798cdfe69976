import { describe, expect, it } from 'vitest';
import { seriesFromRows, type CandleRow } from '../../../src/engine/candles/series';
import { CANDLE_SETTINGS, lookbackOf } from '../../../src/engine/patterns/candle-settings';
import { Candles } from '../../../src/engine/patterns/candles';
import { computeAllPatterns } from '../../../src/engine/patterns/registry';
import { CANDLESTICK_PATTERN_NAMES } from '../../../src/shared/candlestick-patterns';
import { syntheticCandles } from './pattern-fixtures';
import { mismatchedBars, talibAllPatterns } from './talib-patterns';

const row = (o: number, h: number, l: number, c: number): CandleRow => ({ t: 0, o, h, l, c, v: 0 });

describe('candle geometry', () => {
  const k = new Candles(seriesFromRows([row(10, 12, 9, 11), row(11, 11.5, 8, 9), row(5, 6, 4, 5)]));

  it('measures bodies, shadows and colours as TA-Lib does', () => {
    expect([k.body(0), k.upperShadow(0), k.lowerShadow(0), k.highLow(0)]).toEqual([1, 1, 1, 3]);
    expect([k.body(1), k.upperShadow(1), k.lowerShadow(1)]).toEqual([2, 0.5, 1]);
    expect([k.color(0), k.color(1), k.color(2)]).toEqual([1, -1, 1]); // a flat doji is white
    expect([k.bodyGapDown(2, 1), k.gapDown(2, 1), k.bodyGapUp(1, 0)]).toEqual([true, true, false]);
  });

  it('averages long and short bodies over the same candles, as the star scan assumes', () => {
    // scanStarChunk carries the body leaving BodyShort's window into BodyLong's two bars later.
    expect(CANDLE_SETTINGS.BodyLong.period).toBe(CANDLE_SETTINGS.BodyShort.period);
  });

  it('computes look-backs from the settings as TA-Lib does', () => {
    expect(lookbackOf(2, 'BodyLong', 'Near')).toBe(12);
    expect(lookbackOf(0, 'ShadowLong')).toBe(0);
    expect(lookbackOf(3)).toBe(3);
  });
});

describe('candle averages', () => {
  const series = syntheticCandles({ seed: 11, bars: 2000, tick: 0.01 });
  const k = new Candles(series);

  it('are factor x the mean of the previous candles (Shadows halved), or of the candle itself for period 0', () => {
    for (const [name, { rangeType, period, factor }] of Object.entries(CANDLE_SETTINGS)) {
      const average = k.average(name as keyof typeof CANDLE_SETTINGS, 20);
      const range = (j: number): number =>
        rangeType === 'RealBody'
          ? k.body(j)
          : rangeType === 'HighLow'
            ? k.highLow(j)
            : k.upperShadow(j) + k.lowerShadow(j);
      for (let j = 20; j < 2000; j += 37) {
        let sum = 0;
        for (let x = j - period; x < j; x++) sum += range(x);
        const expected =
          (factor * (period === 0 ? range(j) : sum / period)) / (rangeType === 'Shadows' ? 2 : 1);
        expect(average[j]).toBeCloseTo(expected, 9);
      }
    }
  });

  it('depend on where the running total starts, as in TA-Lib, and the patterns follow TA-Lib there', () => {
    // One huge body, then a staircase of equal small white candles, each gapping down with a long
    // upper shadow: inverted hammers if their body is "short", i.e. strictly below the average
    // body of the 10 candles before. Every open is a multiple of 0.25 in [64, 128), so every body
    // (open + 0.1) - open is the same double.
    const step = (j: number): CandleRow => {
      const open = 90 - 0.25 * j;
      return row(open, open + 0.7, open, open + 0.1);
    };
    const rows = [row(100, 1100.1, 100, 1100.1), ...Array.from({ length: 20 }, (_, j) => step(j))];
    const staircase = new Candles(seriesFromRows(rows));
    // InvertedHammer (look-back 11) starts its BodyShort total at candle 11, after the spike: the
    // average there is exactly the body. A total started at candle 10 carries the spike's residue.
    const fromEleven = staircase.average('BodyShort', 11);
    const fromTen = staircase.average('BodyShort', 10);
    expect(fromEleven[11]).toBe(staircase.body(11));
    expect(staircase.body(11)).toBeLessThan(fromTen[11]!);

    const talib = talibAllPatterns(seriesFromRows(rows));
    const ours = computeAllPatterns(seriesFromRows(rows));
    expect(Array.from(talib.InvertedHammer.subarray(11))).toEqual(Array(10).fill(0));
    for (const name of CANDLESTICK_PATTERN_NAMES) expect(mismatchedBars(talib[name], ours[name])).toEqual([]);
  });
});
