import { describe, expect, it } from 'vitest';
import { seriesFromRows, type CandleSeries } from '../../../src/engine/candles/series';
import { NO_LABEL, tripleBarrierLabels, type BarrierSettings } from '../../../src/engine/ml/labels';

/** Bars from [open, high, low, close]. */
function bars(rows: [number, number, number, number][]): CandleSeries {
  return seriesFromRows(rows.map(([o, h, l, c], t) => ({ t: t * 60_000, o, h, l, c, v: 1 })));
}

const points = (target: number, stop: number, horizonBars: number, side: 'long' | 'short' = 'long') =>
  ({
    side,
    horizonBars,
    targetDistance: () => target,
    stopDistance: () => stop,
  }) satisfies BarrierSettings;

describe('triple-barrier labels', () => {
  it('labels 1 when the target is reached before the stop, from the next bar’s open', () => {
    // Signal at bar 0; entry at bar 1's open 100; target 102, stop 99.
    const series = bars([
      [100, 100, 100, 100],
      [100, 101, 99.5, 100.5],
      [100.5, 102.5, 100, 102],
      [102, 102, 98, 98],
    ]);
    expect(tripleBarrierLabels(series, points(2, 1, 3))[0]).toBe(1);
  });

  it('labels 0 when the stop comes first, and takes the stop when one bar reaches both', () => {
    const stopFirst = bars([
      [100, 100, 100, 100],
      [100, 100.5, 98.9, 99],
      [99, 103, 99, 103],
    ]);
    expect(tripleBarrierLabels(stopFirst, points(2, 1, 2))[0]).toBe(0);
    const bothInOneBar = bars([
      [100, 100, 100, 100],
      [100, 103, 98, 100],
    ]);
    expect(tripleBarrierLabels(bothInOneBar, points(2, 1, 1))[0]).toBe(0);
  });

  it('at the time barrier labels by the sign of the trade’s profit at the close', () => {
    const up = bars([
      [100, 100, 100, 100],
      [100, 100.5, 99.5, 100.2],
      [100.2, 100.6, 99.8, 100.1],
    ]);
    expect(tripleBarrierLabels(up, points(2, 1, 2))[0]).toBe(1);
    const flat = bars([
      [100, 100, 100, 100],
      [100, 100.5, 99.5, 100],
    ]);
    expect(tripleBarrierLabels(flat, points(2, 1, 1))[0]).toBe(0);
  });

  it('mirrors the barriers for a short', () => {
    const falling = bars([
      [100, 100, 100, 100],
      [100, 100.5, 97.5, 98],
    ]);
    expect(tripleBarrierLabels(falling, points(2, 1, 1, 'short'))[0]).toBe(1);
    expect(tripleBarrierLabels(falling, points(2, 1, 1, 'long'))[0]).toBe(0);
  });

  it('leaves the rows whose window runs past the data unlabelled', () => {
    const series = bars([
      [100, 100, 100, 100],
      [100, 101, 99, 100],
      [100, 101, 99, 100],
    ]);
    expect(Array.from(tripleBarrierLabels(series, points(5, 5, 2)))).toEqual([0, NO_LABEL, NO_LABEL]);
  });

  it('leaves rows unlabelled where a distance is unknown (ATR warm-up)', () => {
    const series = bars([
      [100, 100, 100, 100],
      [100, 101, 99, 100],
    ]);
    const settings = { ...points(1, 1, 1), targetDistance: () => Number.NaN };
    expect(tripleBarrierLabels(series, settings)[0]).toBe(NO_LABEL);
  });
});
