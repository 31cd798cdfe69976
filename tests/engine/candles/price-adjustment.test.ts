import { describe, expect, it } from 'vitest';
import {
  adjustForSplits,
  adjustWithAdjustedCloses,
  parseSplitRatio,
  type CandleRow,
} from '../../../src/engine/index';

const DAY = 86_400_000;
const t0 = Date.UTC(2020, 7, 26);
/** AAPL's raw closes around its 4:1 split of 2020-08-31 (the fourth bar) and its 0.82 dividend before. */
const raw: CandleRow[] = [
  { t: t0, o: 504, h: 508, l: 500, c: 506.09, v: 100 },
  { t: t0 + DAY, o: 508.57, h: 509.94, l: 495.33, c: 500.04, v: 110 },
  { t: t0 + 2 * DAY, o: 504.05, h: 505.77, l: 498.31, c: 499.23, v: 120 },
  { t: t0 + 5 * DAY, o: 127.58, h: 131, l: 126, c: 129.04, v: 900 },
  { t: t0 + 6 * DAY, o: 132.76, h: 134.8, l: 130.53, c: 134.18, v: 600 },
];
const split = [{ t: t0 + 5 * DAY, ratio: 4 }];

describe('price adjustment', () => {
  it('divides prices and multiplies volume of the bars before a split by its ratio', () => {
    const adjusted = adjustForSplits(raw, split);
    expect(adjusted.map((row) => row.c)).toEqual([506.09 / 4, 500.04 / 4, 499.23 / 4, 129.04, 134.18]);
    expect(adjusted.map((row) => row.v)).toEqual([400, 440, 480, 900, 600]);
    expect(adjusted[2]!.h).toBe(505.77 / 4);
    // The day of the split moves +3.4%, not -74%.
    expect(adjusted[3]!.c / adjusted[2]!.c - 1).toBeCloseTo(0.0339, 4);
  });

  it('keeps the volume when the source already adjusted it, and compounds two splits', () => {
    expect(adjustForSplits(raw, split, { volumeAdjusted: true }).map((row) => row.v)).toEqual([
      100, 110, 120, 900, 600,
    ]);
    const twice = adjustForSplits(raw, [...split, { t: t0 + 2 * DAY, ratio: 2 }]);
    expect(twice.map((row) => row.c)).toEqual([506.09 / 8, 500.04 / 8, 499.23 / 4, 129.04, 134.18]);
  });

  it('scales open, high, low and close by adjusted close / close, volume by the splits only', () => {
    const dividend = 1 - 0.82 / 506.09;
    const adjustedCloses = [(506.09 / 4) * dividend, 500.04 / 4, 499.23 / 4, 129.04, null];
    const adjusted = adjustWithAdjustedCloses(raw, adjustedCloses, split);
    expect(adjusted[0]!.c).toBeCloseTo((506.09 / 4) * dividend, 10);
    expect(adjusted[0]!.o).toBeCloseTo((504 / 4) * dividend, 10);
    expect(adjusted[0]!.l).toBeCloseTo((500 / 4) * dividend, 10);
    expect(adjusted.map((row) => row.v)).toEqual([400, 440, 480, 900, 600]);
    // A bar without an adjusted close keeps its prices.
    expect(adjusted[4]).toEqual(raw[4]);
  });

  it('reads the provider’s split notation', () => {
    expect(parseSplitRatio('4.000000/1.000000')).toBe(4);
    expect(parseSplitRatio('1/10')).toBe(0.1);
    expect(parseSplitRatio('3:2')).toBe(1.5);
    expect(parseSplitRatio('0/1')).toBeNull();
    expect(parseSplitRatio('four')).toBeNull();
  });
});
