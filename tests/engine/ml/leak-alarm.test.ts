/**
 * The leak alarm: a feature that reads the next bar (planted in the volume column) makes the
 * run's first warning say that results this strong usually mean information from the future.
 */
import { describe, expect, it } from 'vitest';
import { runMlBacktest } from '../../../src/engine/ml/ml-backtest';
import { LEAK_WARNING } from '../../../src/engine/robustness/evidence';
import { mulberry32 } from '../../../src/engine/robustness/random';
import { backtestRequestSchema } from '../../../src/shared/backtest-request';
import { hourlyBars, nextBarRequest } from './planted-signal';

/** Random-walk bars whose volume is 1,500 before a rising bar and 1,000 before a falling one, except for `noise` of the bars. */
function leakyBars(noise: number) {
  const bars = hourlyBars(4000, 5, false);
  const random = mulberry32(9);
  for (let bar = 0; bar + 1 < bars.c.length; bar++) {
    const nextUp = bars.c[bar + 1]! > bars.o[bar + 1]!;
    const told = random() < noise ? !nextUp : nextUp;
    bars.v[bar] = told ? 1500 : 1000;
  }
  return bars;
}

const request = backtestRequestSchema.parse(
  nextBarRequest({ walkForward: { trainBars: 1000, testBars: 500 } }),
);

describe('leak alarm', () => {
  it('puts the warning first when the out-of-sample AUC is above 0.75', () => {
    const result = runMlBacktest(request, leakyBars(0));
    expect(result.outOfSample.auc).toBeGreaterThan(0.75);
    expect(result.warnings[0]).toBe(
      'Results this strong usually mean information from the future; check the data and the features',
    );
    expect(result.featureImportance[0]!.feature).toBe('volume_change');
  });

  it('warns when one feature carries over half of the importance, with an AUC of 0.75 or less', () => {
    const result = runMlBacktest(request, leakyBars(0.3));
    expect(result.outOfSample.auc).toBeLessThanOrEqual(0.75);
    const positive = result.featureImportance.reduce(
      (sum, { importance }) => sum + Math.max(0, importance),
      0,
    );
    expect(result.featureImportance[0]!.feature).toBe('volume_change');
    expect(result.featureImportance[0]!.importance).toBeGreaterThan(0.5 * positive);
    expect(result.warnings[0]).toBe(LEAK_WARNING);
  });

  it('stays quiet without the leak', () => {
    expect(runMlBacktest(request, hourlyBars(4000, 5, false)).warnings).not.toContain(LEAK_WARNING);
  });
});
