import { describe, expect, it } from 'vitest';
import {
  normalisedEquity,
  parseCompareIds,
} from '../../../../src/client/features/backtest-compare/compare-data';
import { strategySummary } from '../../../../src/client/lib/backtests/labels';
import { REQUEST } from '../backtest-results/fixtures';

describe('compare data', () => {
  it('reads 2 to 4 distinct ids from the query', () => {
    expect(parseCompareIds('?ids=a,b')).toEqual({ ids: ['a', 'b'] });
    expect(parseCompareIds('?ids=a,%20b,a,c')).toEqual({ ids: ['a', 'b', 'c'] });
    expect(parseCompareIds('?ids=a')).toHaveProperty('problem');
    expect(parseCompareIds('')).toHaveProperty('problem');
    expect(parseCompareIds('?ids=a,b,c,d,e')).toHaveProperty('problem');
  });

  it('normalises equity to 100 at the start', () => {
    const points = normalisedEquity({ t: [1, 2, 3], equity: [50_000, 55_000, 40_000], drawdownPct: [] });
    expect(points.map((point) => point.t)).toEqual([1, 2, 3]);
    expect(points[0]!.value).toBe(100);
    expect(points[1]!.value).toBeCloseTo(110, 10);
    expect(points[2]!.value).toBeCloseTo(80, 10);
  });

  it('sums up a strategy in one line', () => {
    expect(strategySummary(REQUEST)).toBe(
      'SMA (10) Crosses Above SMA (20) and RSI (14) Less Than 70 → SMA (10) Crosses Below SMA (20), Stop loss 5%',
    );
  });
});
