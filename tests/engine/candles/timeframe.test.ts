import { describe, expect, it } from 'vitest';
import { inferTimeframe, medianBarMinutes } from '../../../src/engine/candles/timeframe';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

describe('timeframe inference from bar spacing', () => {
  it('takes the median spacing, so weekends do not count', () => {
    // Mon..Fri, Mon, Tue: gaps 1,1,1,1,3,1 days.
    const times = Float64Array.from([0, 1, 2, 3, 4, 7, 8], (day) => Date.UTC(2024, 0, 1) + day * DAY);
    expect(medianBarMinutes(times)).toBe(1440);
    expect(inferTimeframe(times)).toBe('1 day');
  });

  it('recognises every request timeframe and nothing else', () => {
    const spaced = (minutes: number) => Float64Array.from({ length: 5 }, (_, i) => i * minutes * 60_000);
    expect([5, 15, 30, 60, 1440].map((minutes) => inferTimeframe(spaced(minutes)))).toEqual([
      '5 min',
      '15 min',
      '30 min',
      '1 hour',
      '1 day',
    ]);
    expect(inferTimeframe(spaced(240))).toBeNull();
    expect(medianBarMinutes(Float64Array.from([0, 2 * HOUR, 3 * HOUR, 7 * HOUR]))).toBe(120);
  });

  it('takes a gap that is more than half of all gaps wherever it occurs, and only then', () => {
    const fromGaps = (gaps: number[]) =>
      Float64Array.from([0, ...gaps], (_, i) => gaps.slice(0, i).reduce((sum, gap) => sum + gap, 0) * 60_000);
    expect(medianBarMinutes(fromGaps([7, 3, 5, 5, 5]))).toBe(5);
    expect(medianBarMinutes(fromGaps([1, 1, 5, 5]))).toBe(3);
    expect(medianBarMinutes(fromGaps([9, 2, 2, 9, 9]))).toBe(9);
  });

  it('averages the two middle gaps of an even count and needs two bars', () => {
    expect(medianBarMinutes(Float64Array.from([0, 60_000, 3 * 60_000]))).toBe(1.5);
    expect(medianBarMinutes(Float64Array.from([0]))).toBeNull();
  });
});
