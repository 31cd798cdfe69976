/**
 * A DSR deflated over every strategy tried on the data: N and V[SR] are at least those the
 * configurations measured, the DSR falls as the trials rise, and PSR(0) stays.
 */
import { describe, expect, it } from 'vitest';
import { deflatedSharpeRatio } from '../../../src/engine/robustness/deflated-sharpe';
import { sharpeVariance } from '../../../src/engine/stats/return-moments';
import { deflateOverTried, perPeriodSharpeVariance } from '../../../src/engine/robustness/trials-deflation';

const ESTIMATE = { sharpe: 0.08, observations: 500, skewness: -0.3, kurtosis: 4.2 };
/** A threshold check of 9 configurations, as the ML report gives it. */
const JUDGED = {
  ...ESTIMATE,
  ...deflatedSharpeRatio({ ...ESTIMATE, trials: 9, trialsSharpeVariance: 0.0004 }),
  configuration: 3,
  trials: 9,
  trialsSharpeVariance: 0.0004,
};

describe('deflateOverTried', () => {
  it('changes nothing when the data saw no more trials than the configurations', () => {
    expect(deflateOverTried(JUDGED, { count: 9, sharpeVariance: null })).toEqual(JUDGED);
    expect(deflateOverTried(JUDGED, { count: 3, sharpeVariance: 0.0001 })).toEqual(JUDGED);
  });

  it('lowers the DSR as the strategies tried rise, with PSR(0) unchanged', () => {
    const dsrs = [9, 20, 100, 1000].map((count) => deflateOverTried(JUDGED, { count, sharpeVariance: null }));
    expect(dsrs.map((dsr) => dsr.trials)).toEqual([9, 20, 100, 1000]);
    for (let i = 1; i < dsrs.length; i++) {
      expect(dsrs[i]!.dsr).toBeLessThan(dsrs[i - 1]!.dsr);
      expect(dsrs[i]!.sr0).toBeGreaterThan(dsrs[i - 1]!.sr0);
    }
    expect(dsrs.every((dsr) => dsr.psr === JUDGED.psr)).toBe(true);
    expect(dsrs[2]).toEqual({
      ...JUDGED,
      ...deflatedSharpeRatio({ ...ESTIMATE, trials: 100, trialsSharpeVariance: 0.0004 }),
      trials: 100,
    });
  });

  it("takes the other trials' Sharpe variance when it is the larger, never a smaller one", () => {
    const wider = deflateOverTried(JUDGED, { count: 30, sharpeVariance: 0.0025 });
    expect(wider.trialsSharpeVariance).toBe(0.0025);
    expect(wider.dsr).toBeCloseTo(
      deflatedSharpeRatio({ ...ESTIMATE, trials: 30, trialsSharpeVariance: 0.0025 }).dsr,
      15,
    );
    const narrower = deflateOverTried(JUDGED, { count: 30, sharpeVariance: 0.0001 });
    expect(narrower.trialsSharpeVariance).toBe(0.0004);
    expect(wider.dsr).toBeLessThan(narrower.dsr);
  });
});

describe('perPeriodSharpeVariance', () => {
  it("turns annualised Sharpe ratios' variance into that of the per-period ratios", () => {
    const perBar = [0.05, -0.02, 0.11, 0.03];
    const barsAYear = 252 * 7;
    const annualised = perBar.map((sharpe) => sharpe * Math.sqrt(barsAYear));
    expect(perPeriodSharpeVariance(sharpeVariance(annualised), barsAYear)).toBeCloseTo(
      sharpeVariance(perBar),
      15,
    );
    expect(perPeriodSharpeVariance(null, 252)).toBeNull();
  });
});
