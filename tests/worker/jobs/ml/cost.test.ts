import { describe, expect, it } from 'vitest';
import {
  budgetMs,
  foldsPerChunk,
  MAX_CHUNK_TEST_BARS,
  MlTooLargeError,
  type MlCostEstimate,
} from '../../../../src/worker/jobs/ml/cost';

const estimate = (foldMs: number[], overheadMs = 10): MlCostEstimate => ({
  prepareMs: overheadMs / 2,
  assembleMs: overheadMs / 2,
  foldMs,
  totalMs: overheadMs + foldMs.reduce((sum, ms) => sum + ms, 0),
});

describe('the chunks of a queued ML run', () => {
  it('hold as many folds as the budget leaves after preparing and assembling, sized by the largest', () => {
    // (100 - 10) / 30 = 3 folds of the largest.
    expect(foldsPerChunk(estimate([20, 30, 25, 30, 10, 5, 30]), 100, 100)).toBe(3);
    // Never more than the run has.
    expect(foldsPerChunk(estimate([1, 1]), 5000, 100)).toBe(2);
  });

  it('store at most MAX_CHUNK_TEST_BARS test bars each', () => {
    const many = estimate(Array.from({ length: 500 }, () => 1));
    expect(foldsPerChunk(many, 5000, 1000)).toBe(MAX_CHUNK_TEST_BARS / 1000);
    // A test window over the cap still makes a chunk of its own.
    expect(foldsPerChunk(many, 5000, MAX_CHUNK_TEST_BARS * 2)).toBe(1);
  });

  it('refuse a fold that alone passes the budget', () => {
    expect(() => foldsPerChunk(estimate([20, 95]), 100, 100)).toThrow(MlTooLargeError);
    expect(() => foldsPerChunk(estimate([20, 95]), 100, 100)).toThrow(/about 1 s of computing/);
  });
});

describe('a budget variable', () => {
  it('takes a positive number of milliseconds, else the default', () => {
    expect(budgetMs('250', 50)).toBe(250);
    expect(budgetMs(undefined, 50)).toBe(50);
    expect(budgetMs('', 50)).toBe(50);
    expect(budgetMs('0', 50)).toBe(50);
    expect(budgetMs('fast', 50)).toBe(50);
  });
});
