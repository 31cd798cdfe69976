import { describe, expect, it } from 'vitest';
import { thinRowsKeepingExtremes } from '../../../src/worker/backtests/thin-curve';

/** A seeded random walk, so the extremes fall anywhere inside the buckets. */
function randomWalk(length: number, seed: number): Float64Array {
  const values = new Float64Array(length);
  let state = seed;
  let value = 100;
  for (let i = 0; i < length; i++) {
    state = (state * 1103515245 + 12345) % 2147483648;
    value += state / 2147483648 - 0.5;
    values[i] = value;
  }
  return values;
}

function extremeRow(values: Float64Array, from: number, to: number, pick: 'min' | 'max'): number {
  let best = from;
  for (let i = from + 1; i < to; i++)
    if (pick === 'min' ? values[i]! < values[best]! : values[i]! > values[best]!) best = i;
  return best;
}

describe('thinning a curve with min/max per bucket', () => {
  it('keeps every row when the series already fits', () => {
    expect(thinRowsKeepingExtremes([randomWalk(10, 1)], 3, 10, 2000)).toEqual([3, 4, 5, 6, 7, 8, 9]);
  });

  it('keeps the overall and every bucket extreme of each series, within the point budget', () => {
    const equity = randomWalk(5283, 7);
    const drawdown = randomWalk(5283, 99);
    const rows = thinRowsKeepingExtremes([equity, drawdown], 250, 5283, 2000);

    expect(rows.length).toBeLessThanOrEqual(2000);
    expect(rows.length).toBeGreaterThan(1000);
    expect(rows[0]).toBe(250);
    expect(rows[rows.length - 1]).toBe(5282);
    expect([...rows].sort((a, b) => a - b)).toEqual(rows);
    expect(new Set(rows).size).toBe(rows.length);
    for (const values of [equity, drawdown]) {
      expect(rows).toContain(extremeRow(values, 250, 5283, 'min'));
      expect(rows).toContain(extremeRow(values, 250, 5283, 'max'));
      const thinned = rows.map((row) => values[row]!);
      expect(Math.min(...thinned)).toBe(Math.min(...values.subarray(250)));
      expect(Math.max(...thinned)).toBe(Math.max(...values.subarray(250)));
    }
  });

  it('keeps a one-bar spike that an every-k-th-row sample would skip', () => {
    const drawdown = new Float64Array(100_000);
    drawdown[54_321] = 33.92;
    const rows = thinRowsKeepingExtremes([drawdown], 0, drawdown.length, 2000);
    expect(rows).toContain(54_321);
    expect(rows.length).toBeLessThanOrEqual(2000);
  });

  it('returns nothing for an empty range', () => {
    expect(thinRowsKeepingExtremes([randomWalk(5, 1)], 5, 5, 2000)).toEqual([]);
  });
});
