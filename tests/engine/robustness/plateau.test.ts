import { describe, expect, it } from 'vitest';
import { findPlateau } from '../../../src/engine/robustness/plateau';

const STOP = { path: 'exitCriteria.stopLoss.value', values: ['1', '2', '3', '4', '5', '6', '7'] };
const PERIOD = {
  path: 'entry.parameters.0.additionalFields1.Timeframe',
  values: [5, 10, 15, 20, 25, 30, 35],
};

describe('findPlateau', () => {
  it('chooses the centre of a broad plateau over an isolated spike beside it', () => {
    // 7 x 7 grid (PERIOD rows, STOP columns): a 3 x 3 plateau of about 1.0 centred on (4, 4) and
    // a spike of 3.0 at (1, 1) among cells scoring 0.
    const scores = new Float64Array(49);
    for (let row = 3; row <= 5; row++)
      for (let column = 3; column <= 5; column++) scores[row * 7 + column] = 1;
    scores[4 * 7 + 4] = 1.05;
    scores[3 * 7 + 5] = 0.95;
    scores[1 * 7 + 1] = 3;
    const suggestion = findPlateau({ axes: [PERIOD, STOP], scores })!;
    expect(suggestion.settings).toEqual({ [PERIOD.path]: 25, [STOP.path]: '5' });
    expect(suggestion.index).toBe(4 * 7 + 4);
    expect(suggestion.score).toBe(1.05);
    expect(suggestion.neighbourScores).toEqual([1, 1, 0.95, 1, 1.05, 1, 1, 1, 1]);
    expect(suggestion.neighbourhoodMean).toBeCloseTo(9 / 9, 12);
    expect(suggestion.neighbourhoodMin).toBe(0.95);
    expect(suggestion.rankOfCell).toBe(2);
  });

  it('finds the middle of a flat plateau on a one-axis grid (ties broken two steps out)', () => {
    const scores = Float64Array.from([0, 0, 2.5, 0, 1, 1, 1, 1, 1, 0]);
    const axis = { path: 'exitCriteria.targetProfit.value', values: [1, 2, 3, 4, 5, 6, 7, 8, 9, 10] };
    const suggestion = findPlateau({ axes: [axis], scores })!;
    expect(suggestion.settings).toEqual({ [axis.path]: 7 });
    expect(suggestion.neighbourScores).toEqual([1, 1, 1]);
    expect(suggestion.stability).toBe(1);
  });

  it('counts a neighbour without trades as the worst score, and reports it as null', () => {
    const axis = { path: 'p', values: [1, 2, 3, 4, 5, 6, 7] };
    // Skipping the trade-less cells would leave the 2.0 spike a neighbourhood of itself alone.
    const scores = Float64Array.from([Number.NaN, 2, Number.NaN, 0.5, 0.6, 0.5, 0.3]);
    const suggestion = findPlateau({ axes: [axis], scores })!;
    expect(suggestion.settings).toEqual({ p: 5 });
    const withGap = findPlateau({
      axes: [{ path: 'p', values: [1, 2, 3] }],
      scores: Float64Array.from([1, Number.NaN, 1]),
    })!;
    expect(withGap.neighbourScores).toEqual([1, null]);
    expect(withGap.neighbourhoodMean).toBe(1);
  });

  it('returns null when no cell has a score', () => {
    expect(findPlateau({ axes: [STOP], scores: new Float64Array(7).fill(Number.NaN) })).toBeNull();
  });

  it('is deterministic on a constant grid: every cell ties, the lowest index wins', () => {
    const suggestion = findPlateau({ axes: [PERIOD, STOP], scores: new Float64Array(49).fill(0.3) })!;
    expect(suggestion.index).toBe(0);
  });

  it('rejects scores that do not match the grid', () => {
    expect(() => findPlateau({ axes: [STOP, PERIOD], scores: new Float64Array(48) })).toThrow(
      'a grid of 7 x 7 needs 49 scores, got 48',
    );
  });
});
