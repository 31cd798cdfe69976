import { describe, expect, it } from 'vitest';
import { MAX_PBO_BLOCKS } from '../../src/engine/robustness/pbo';
import { toFieldErrors } from '../../src/shared/validation-errors';
import { MAX_ANALYSIS_BLOCKS, robustnessRequestSchema } from '../../src/shared/robustness-jobs';

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
