import { describe, expect, it } from 'vitest';
import { decodeSeries, encodeSeries } from '../../../src/engine/candles/series-binary';
import { syntheticSeries } from '../data/synthetic';

describe('stored candle columns', () => {
  it('read back bit for bit what was stored, in 16 + 48 bytes a bar', () => {
    const series = syntheticSeries(257, 7);
    const bytes = encodeSeries(series);
    expect(bytes.byteLength).toBe(16 + 48 * 257);
    const decoded = decodeSeries(bytes.slice().buffer);
    for (const field of ['t', 'o', 'h', 'l', 'c', 'v'] as const) {
      expect(decoded[field]).toEqual(series[field]);
    }
  });

  it('keep an empty series and refuse bytes that are not a stored series', () => {
    expect(decodeSeries(encodeSeries(syntheticSeries(0, 1)).slice().buffer).t).toHaveLength(0);
    expect(() => decodeSeries(new TextEncoder().encode('date,open,high,low,close\n').buffer)).toThrow(
      'Not a stored candle series',
    );
    const truncated = encodeSeries(syntheticSeries(10, 1)).slice(0, 100).buffer;
    expect(() => decodeSeries(truncated)).toThrow('Stored candle series of 10 bars has 100 bytes');
  });
});
