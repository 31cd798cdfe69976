import { describe, expect, it } from 'vitest';
import { scoreDecay } from '../../../src/engine/robustness/decay';

describe('scoreDecay', () => {
  it('averages the chosen configurations’ scores and divides out-of-sample by in-sample', () => {
    expect(scoreDecay([2, 4], [1, 0])).toEqual({ meanInSample: 3, meanOutOfSample: 0.5, ratio: 0.5 / 3 });
  });

  it('leaves out pairs with a missing score, and has no ratio without an in-sample edge', () => {
    expect(scoreDecay([1, Number.NaN, 3], [0.5, 9, 0.5])).toEqual({
      meanInSample: 2,
      meanOutOfSample: 0.5,
      ratio: 0.25,
    });
    expect(scoreDecay([-1, 0], [1, 1]).ratio).toBeNull();
  });

  it('rejects score lists of different lengths', () => {
    expect(() => scoreDecay([1], [1, 2])).toThrow('1 in-sample scores but 2 out-of-sample scores');
  });
});
