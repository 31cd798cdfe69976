/**
 * The stages a queued ML job runs apart (prepare, one fold at a time, assemble) give exactly
 * runMlBacktest's result, even when each fold runs on its own preparation of the same bars.
 */
import { describe, expect, it } from 'vitest';
import {
  assembleMlBacktest,
  prepareMlBacktest,
  runMlBacktest,
  runMlFold,
} from '../../../src/engine/ml/ml-backtest';
import { backtestRequestSchema } from '../../../src/shared/backtest-request';
import { hourlyBars, nextBarRequest } from './planted-signal';

const bars = hourlyBars(3000, 11, true);
const request = backtestRequestSchema.parse(
  nextBarRequest({ model: 'gradient-boosting', walkForward: { trainBars: 600, testBars: 400 } }),
);

describe('ML run stages', () => {
  it('composes folds trained on separate preparations into runMlBacktest’s result', () => {
    const whole = runMlBacktest(request, bars);
    const outputs = prepareMlBacktest(request, bars).folds.map((_, index) =>
      runMlFold(prepareMlBacktest(request, bars), index),
    );
    expect(outputs).toHaveLength(whole.folds.length);
    expect(outputs.map((output) => output.fold)).toEqual(whole.folds);
    expect(assembleMlBacktest(prepareMlBacktest(request, bars), outputs)).toEqual(whole);
  });

  it('gives each fold the probabilities of its test rows only', () => {
    const run = prepareMlBacktest(request, bars);
    const output = runMlFold(run, 1);
    const fold = run.folds[1]!;
    expect(output.probabilities).toHaveLength(fold.testTo - fold.testFrom);
    expect(Array.from(output.probabilities)).toEqual(
      Array.from(runMlBacktest(request, bars).probabilities.subarray(fold.testFrom, fold.testTo)),
    );
  });

  it('refuses a fold the run does not have, and a wrong number of fold outputs', () => {
    const run = prepareMlBacktest(request, bars);
    expect(() => runMlFold(run, run.folds.length)).toThrow(RangeError);
    expect(() => assembleMlBacktest(run, [])).toThrow(RangeError);
  });
});
