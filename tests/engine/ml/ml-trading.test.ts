/**
 * How an ML run trades: only out-of-sample bars, an entry where the probability reaches the
 * threshold and the entry rules hold, filled at the next bar's open, closed at the label's time
 * barrier at the latest; baselines over the same bars.
 */
import { describe, expect, it } from 'vitest';
import { listTrades } from '../../../src/engine/simulate/trade-columns';
import { compileStrategy } from '../../../src/engine/strategy/compile';
import { runMlBacktest } from '../../../src/engine/ml/ml-backtest';
import { mlReport } from '../../../src/engine/ml/report';
import { backtestRequestSchema } from '../../../src/shared/backtest-request';
import { mlReportSchema } from '../../../src/shared/ml-result';
import { hourlyBars, nextBarRequest } from './planted-signal';

const bars = hourlyBars(6000, 11, true);
const modelOnly = backtestRequestSchema.parse(
  nextBarRequest({
    label: { horizonBars: 3 },
    walkForward: { trainBars: 1000, testBars: 1000 },
    threshold: 0.52,
  }),
);
const withRules = backtestRequestSchema.parse({
  ...nextBarRequest({
    label: { horizonBars: 3 },
    walkForward: { trainBars: 1000, testBars: 1000 },
    threshold: 0.52,
  }),
  entry: { valueBased: [{ indicator: 'RSI', logic: 'Less Than', number: 50 }] },
});

describe('ML trading', () => {
  it('enters at the next open after an out-of-sample bar whose probability reaches the threshold', () => {
    const result = runMlBacktest(modelOnly, bars);
    const trades = listTrades(result.strategy.trades, bars.t);
    expect(trades.length).toBeGreaterThan(20);
    expect(result.outOfSampleFrom).toBe(20 + 1000);
    for (const trade of trades) {
      const signalBar = trade.entryIndex - 1;
      expect(signalBar).toBeGreaterThanOrEqual(result.outOfSampleFrom);
      expect(result.probabilities[signalBar]).toBeGreaterThanOrEqual(0.52);
      expect(trade.entryPrice).toBe(bars.o[trade.entryIndex]);
      // The label's time barrier: out at the open 3 bars after the entry at the latest.
      expect(trade.exitIndex - trade.entryIndex).toBeLessThanOrEqual(3);
    }
    expect(result.probabilities.subarray(0, result.outOfSampleFrom).every(Number.isNaN)).toBe(true);
    expect(result.baselines.rulesOnly).toBeNull();
  });

  it('needs the entry rules to hold as well when the request has any, and compares with them alone', () => {
    const result = runMlBacktest(withRules, bars);
    const rules = compileStrategy(withRules, bars);
    const trades = listTrades(result.strategy.trades, bars.t);
    expect(trades.length).toBeGreaterThan(0);
    for (const trade of trades) expect(rules.entry[trade.entryIndex - 1]).toBe(1);
    const rulesOnly = result.baselines.rulesOnly!;
    expect(rulesOnly.metrics.tradeCount).toBeGreaterThan(result.strategy.metrics.tradeCount);
    expect(listTrades(rulesOnly.trades, bars.t)[0]!.entryIndex).toBeGreaterThan(result.outOfSampleFrom);
  });

  it('holds buy and hold from the first out-of-sample entry to the last bar', () => {
    const result = runMlBacktest(modelOnly, bars);
    const [hold] = listTrades(result.baselines.buyAndHold.trades, bars.t);
    expect(result.baselines.buyAndHold.metrics.tradeCount).toBe(1);
    expect(hold!.entryIndex).toBe(result.outOfSampleFrom + 1);
    expect(hold!.exitIndex).toBe(bars.c.length - 1);
    expect(hold!.exitReason).toBe('end');
    const expectedReturn = (bars.c[bars.c.length - 1]! / bars.o[result.outOfSampleFrom + 1]! - 1) * 100;
    expect(result.baselines.buyAndHold.metrics.totalReturnPct).toBeCloseTo(expectedReturn, 9);
    // Its months compound to the same return; its drawdown starts with the holding.
    const compounded = result.baselines.buyAndHold.monthlyReturns.reduce(
      (growth, month) => growth * (1 + month.returnPct / 100),
      1,
    );
    expect((compounded - 1) * 100).toBeCloseTo(expectedReturn, 9);
    expect(result.baselines.buyAndHold.drawdown[result.outOfSampleFrom]).toBe(0);
    // One buy-and-hold figure: the strategy's metrics report the baseline's return.
    expect(result.strategy.metrics.buyHoldReturnPct).toBe(result.baselines.buyAndHold.metrics.totalReturnPct);
  });

  it('reports per-fold scores, pooled scores, a calibration table and an importance per feature', () => {
    const result = runMlBacktest(modelOnly, bars);
    expect(result.folds).toHaveLength(5);
    const foldSamples = result.folds.reduce((sum, fold) => sum + fold.samples, 0);
    expect(result.outOfSample.samples).toBe(foldSamples);
    expect(result.calibration.reduce((sum, bin) => sum + bin.samples, 0)).toBe(foldSamples);
    expect(result.featureImportance.map((entry) => entry.feature).sort()).toEqual(
      [...result.features].sort(),
    );
    for (const fold of result.folds) {
      expect(fold.trainSamples).toBeGreaterThan(900);
      expect(fold.trainTo).toBe(fold.testFrom - 3 - 10);
    }
  });

  it('reports in the shared schema, with the training windows as bar times for the chart', () => {
    const result = runMlBacktest(withRules, bars);
    const report = mlReportSchema.parse(JSON.parse(JSON.stringify(mlReport(result, bars))));
    expect(report.trainingWindows[0]).toEqual({
      from: new Date(bars.t[result.folds[0]!.trainFrom]!).toISOString(),
      to: new Date(bars.t[result.folds[0]!.trainTo - 1]!).toISOString(),
    });
    expect(report.outOfSampleFrom).toEqual({
      row: result.outOfSampleFrom,
      time: new Date(bars.t[result.outOfSampleFrom]!).toISOString(),
    });
    expect(report.metrics.tradeCount).toBe(result.strategy.trades.count);
    expect(report.baselines.rulesOnly?.tradeCount).toBe(result.baselines.rulesOnly!.trades.count);
  });
});
