/**
 * The overfitting check of an ML run: the out-of-sample bars traded at a grid of thresholds,
 * PBO on their per-bar returns and the deflated Sharpe ratio of the run's own threshold.
 */
import { describe, expect, it } from 'vitest';
import { runMlBacktest } from '../../../src/engine/ml/ml-backtest';
import { mlReport } from '../../../src/engine/ml/report';
import { ML_THRESHOLD_GRID, perBarReturns } from '../../../src/engine/ml/threshold-sweep';
import { deflatedSharpeRatio } from '../../../src/engine/robustness/deflated-sharpe';
import { probabilityOfBacktestOverfitting } from '../../../src/engine/robustness/pbo';
import { returnMoments, sharpeVariance } from '../../../src/engine/stats/return-moments';
import { returnsMatrixFromColumns } from '../../../src/engine/robustness/returns-matrix';
import { backtestRequestSchema } from '../../../src/shared/backtest-request';
import { mlReportSchema } from '../../../src/shared/ml-result';
import { hourlyBars, nextBarRequest } from './planted-signal';

const bars = hourlyBars(4000, 11, true);
const requestAt = (threshold: number) =>
  backtestRequestSchema.parse(
    nextBarRequest({
      label: { horizonBars: 3 },
      walkForward: { trainBars: 1000, testBars: 1000 },
      threshold,
    }),
  );

const CAPITAL = requestAt(0.5).initialCapital;

describe('ML threshold sweep', () => {
  it('tries the grid plus the run threshold, in order, and trades each as a run at that threshold would', () => {
    const result = runMlBacktest(requestAt(0.52), bars);
    const sweep = result.thresholdSweep;
    expect(sweep.thresholds).toEqual([0.5, 0.52, ...ML_THRESHOLD_GRID.slice(1)]);
    expect(sweep.chosen).toBe(1);
    expect(sweep.returns).toHaveLength(ML_THRESHOLD_GRID.length + 1);
    // The run's own threshold is the run's own trading.
    const own = perBarReturns(result.strategy.equity, result.outOfSampleFrom, bars.c.length, CAPITAL);
    expect(sweep.returns[1]).toEqual(own);
    expect(own.length).toBe(bars.c.length - result.outOfSampleFrom);
    const compounded = own.reduce((growth, value) => growth * (1 + value), 1);
    expect((compounded - 1) * 100).toBeCloseTo(result.strategy.metrics.totalReturnPct, 9);
    // Another threshold of the grid trades exactly as a run asking for it (same folds, same model).
    const at60 = runMlBacktest(requestAt(0.6), bars);
    expect(at60.thresholdSweep.thresholds).toEqual([...ML_THRESHOLD_GRID]);
    expect(sweep.returns[sweep.thresholds.indexOf(0.6)]).toEqual(
      perBarReturns(at60.strategy.equity, at60.outOfSampleFrom, bars.c.length, CAPITAL),
    );
    expect(at60.strategy.metrics.tradeCount).toBeLessThan(result.strategy.metrics.tradeCount);
  });

  it('reports the PBO and DSR the robustness lab computes on the same return matrix', () => {
    const result = runMlBacktest(requestAt(0.55), bars);
    const { returns, chosen, pbo, dsr } = result.thresholdSweep;
    expect(chosen).toBe(ML_THRESHOLD_GRID.indexOf(0.55));
    expect(pbo).toEqual(probabilityOfBacktestOverfitting(returnsMatrixFromColumns(returns), { blocks: 16 }));
    expect(pbo!.splits).toBe(12_870);
    const moments = returns.map((series) => returnMoments(series));
    const trialsSharpeVariance = sharpeVariance(moments.map((moment) => moment.sharpe));
    expect(trialsSharpeVariance).toBeGreaterThan(0);
    const { sharpe, observations, skewness, kurtosis } = moments[chosen]!;
    const judged = {
      sharpe,
      observations,
      skewness,
      kurtosis,
      trials: ML_THRESHOLD_GRID.length,
      trialsSharpeVariance,
    };
    expect(dsr).toEqual({ ...deflatedSharpeRatio(judged), configuration: chosen, ...judged });
    expect(result.thresholdSweep.pboReason).toBeNull();
    expect(result.thresholdSweep.dsrReason).toBeNull();

    const report = mlReportSchema.parse(JSON.parse(JSON.stringify(mlReport(result, bars))));
    expect(report.thresholdSweep.thresholds).toEqual([...ML_THRESHOLD_GRID]);
    expect(report.thresholdSweep.pbo!.pbo).toBe(pbo!.pbo);
    expect(report.thresholdSweep.dsr!.dsr).toBe(dsr!.dsr);
  });

  it("judges the strategy's per-bar Sharpe ratio against 0 by its PSR over the out-of-sample bars", () => {
    const result = runMlBacktest(requestAt(0.55), bars);
    const returns = result.thresholdSweep.returns[result.thresholdSweep.chosen]!;
    const moments = returnMoments(returns);
    expect(result.sharpePsr).toEqual({
      psr: deflatedSharpeRatio({ ...moments, trials: 1, trialsSharpeVariance: 0 }).psr,
      sharpe: moments.sharpe,
      observations: bars.c.length - result.outOfSampleFrom,
    });
    expect(result.sharpePsr!.psr).toBeGreaterThan(0);
    expect(result.sharpePsr!.psr).toBeLessThan(1);
  });

  it('gives the same check for the same request', () => {
    const first = mlReport(runMlBacktest(requestAt(0.55), bars), bars).thresholdSweep;
    const second = mlReport(runMlBacktest(requestAt(0.55), bars), bars).thresholdSweep;
    expect(second).toEqual(first);
  });

  it('gives no PBO, with the reason, below 8 out-of-sample bars a block (53 bars: 16 blocks of 3)', () => {
    const short = hourlyBars(1073, 11, true);
    const result = runMlBacktest(requestAt(0.5), short);
    const periods = short.c.length - result.outOfSampleFrom;
    expect(periods).toBe(53);
    expect(result.thresholdSweep.pbo).toBeNull();
    expect(result.thresholdSweep.pboReason).toBe(
      '53 out-of-sample bars are too few for PBO: its 16 blocks need 8 bars each (128 bars)',
    );
    const report = mlReportSchema.parse(JSON.parse(JSON.stringify(mlReport(result, short))));
    expect(report.thresholdSweep.pbo).toBeNull();
    expect(report.thresholdSweep.pboReason).toBe(result.thresholdSweep.pboReason);
  });

  it('warns on a DSR measured on fewer than 100 out-of-sample bars, and not from 100 on', () => {
    const at = (length: number) => runMlBacktest(requestAt(0.5), hourlyBars(length, 11, true)).thresholdSweep;
    const short = at(1073);
    expect(short.dsr!.observations).toBe(53);
    expect(short.dsrWarning).toBe(
      'Only 53 out-of-sample bars: the deflated Sharpe ratio needs at least 100 to be reliable',
    );
    const enough = at(1120);
    expect(enough.dsr!.observations).toBe(100);
    expect(enough.dsrWarning).toBeNull();
  });
});
