import { describe, expect, it } from 'vitest';
import { MAX_PBO_BLOCKS } from '../../../src/engine/robustness/pbo';
import { toFieldErrors } from '../../../src/shared/validation-errors';
import {
  anyJobAnswerSchema,
  MAX_ANALYSIS_BLOCKS,
  robustnessRequestSchema,
} from '../../../src/shared/api/robustness';

const fieldsOf = (body: unknown) => {
  const parsed = robustnessRequestSchema.safeParse(body);
  return parsed.success ? [] : toFieldErrors(parsed.error).map((field) => field.path);
};

describe('the body of POST /api/backtests/:id/robustness', () => {
  it('takes nothing (the default grid), or a grid, even blocks and walk-forward windows', () => {
    expect(fieldsOf({})).toEqual([]);
    expect(
      fieldsOf({
        grid: { 'exitCriteria.stopLoss.value': [1, '2', 3.5] },
        blocks: 8,
        walkForward: { windows: 4, anchored: true },
      }),
    ).toEqual([]);
  });

  it('names the fields at fault', () => {
    expect(fieldsOf({ blocks: 7 })).toEqual(['blocks']);
    expect(fieldsOf({ blocks: 18 })).toEqual(['blocks']);
    expect(fieldsOf({ walkForward: { windows: 21 } })).toEqual(['walkForward.windows']);
    expect(fieldsOf({ grid: { 'exitCriteria.stopLoss.value': [] } })).toEqual([
      'grid.exitCriteria.stopLoss.value',
    ]);
    expect(fieldsOf({ grid: {} })).toEqual(['grid']);
    expect(fieldsOf({ grid: { a: [1] }, extra: true })).toEqual(['']);
  });

  it('allows no more blocks than the engine computes', () => {
    expect(MAX_ANALYSIS_BLOCKS).toBeLessThanOrEqual(MAX_PBO_BLOCKS);
  });
});

describe('a job answer', () => {
  it('is read by its kind: an ML job has a nullable backtestId, an analysis its configurations', () => {
    const ml = { id: 'j1', kind: 'ml', state: 'running', done: 1, total: 3, backtestId: null };
    expect(anyJobAnswerSchema.parse(ml)).toEqual(ml);
    const analysis = {
      id: 'j2',
      kind: 'robustness',
      backtestId: 'b1',
      state: 'done',
      done: 2,
      total: 2,
      configurations: 36,
    };
    expect(anyJobAnswerSchema.parse(analysis)).toEqual(analysis);
    expect(anyJobAnswerSchema.safeParse({ ...ml, kind: 'robustness' }).success).toBe(false);
    expect(anyJobAnswerSchema.safeParse({ ...analysis, kind: 'ml', backtestId: 3 }).success).toBe(false);
  });
});
