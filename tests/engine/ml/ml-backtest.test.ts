/**
 * The ML run end to end on seeded synthetic bars (planted-signal.ts): every model finds a
 * planted signal out of sample, none finds one in a random walk, the same request gives the same
 * result, and cutting the data short leaves every earlier prediction unchanged.
 */
import { describe, expect, it } from 'vitest';
import { sliceSeries } from '../../../src/engine/candles/series';
import { runMlBacktest } from '../../../src/engine/ml/ml-backtest';
import { backtestRequestSchema } from '../../../src/shared/backtest-request';
import { ML_MODELS } from '../../../src/shared/ml-request';
import { hourlyBars, nextBarRequest } from './planted-signal';

const BARS = 20_000;
const planted = hourlyBars(BARS, 7, true);
const randomWalk = hourlyBars(BARS, 8, false);
/** Anchored windows: the tree models need the longer training sets to see a signal this weak. */
const request = (ml: Parameters<typeof nextBarRequest>[0] = {}) =>
  backtestRequestSchema.parse(
    nextBarRequest({ walkForward: { trainBars: 4000, testBars: 2000, window: 'anchored' }, ...ml }),
  );

describe.each(ML_MODELS)('%s', (model) => {
  it('finds the planted signal out of sample (AUC above 0.52 over 15,979 test samples)', () => {
    // The best possible AUC here is 0.544: the signal fires on 1 bar in 8 and moves the odds
    // from 0.5 to 0.7. With 16,000 samples the AUC's standard error is about 0.0046, so 0.52
    // is over 4 standard errors above chance; the models reach 0.532 to 0.534.
    const result = runMlBacktest(request({ model }), planted);
    // Features start at bar 20 (20-bar return and volatility); tests from bar 4,020; the last
    // bar has no next bar to label it.
    expect(result.outOfSample.samples).toBe(BARS - 4020 - 1);
    expect(result.outOfSample.auc).toBeGreaterThan(0.52);
    expect(result.folds).toHaveLength(8);
    for (const fold of result.folds) expect(fold.auc).toBeGreaterThan(0.48);
  }, 60_000);

  it('finds nothing in a random walk (AUC within 0.5 +- 0.02, over 4 standard errors)', () => {
    const result = runMlBacktest(request({ model }), randomWalk);
    expect(Math.abs(result.outOfSample.auc! - 0.5)).toBeLessThan(0.02);
  }, 60_000);
});

describe('reproducibility', () => {
  it('gives the same result for the same request, and other draws for another seed', () => {
    const bars = sliceSeries(planted, 0, 8000);
    const first = runMlBacktest(request({ model: 'random-forest', seed: 42 }), bars);
    const again = runMlBacktest(request({ model: 'random-forest', seed: 42 }), bars);
    expect(again).toEqual(first);
    expect(first.strategy.trades.count).toBeGreaterThan(0);
    const otherSeed = runMlBacktest(request({ model: 'random-forest', seed: 43 }), bars);
    expect(otherSeed.probabilities).not.toEqual(first.probabilities);
  }, 60_000);
});

describe('no look-ahead', () => {
  it('leaves every prediction before a cut unchanged when the later bars are removed', () => {
    const cut = 9_137;
    const full = runMlBacktest(request({ model: 'gradient-boosting' }), planted);
    const short = runMlBacktest(request({ model: 'gradient-boosting' }), sliceSeries(planted, 0, cut));
    expect(short.probabilities.length).toBe(cut);
    expect(Array.from(short.probabilities)).toEqual(Array.from(full.probabilities.subarray(0, cut)));
    expect(short.folds.slice(0, -1)).toEqual(full.folds.slice(0, short.folds.length - 1));
  }, 60_000);
});
