/**
 * Walk-forward over a sweep: each window is chosen on its training bars only and trades only
 * its test bars, exactly as runBacktest of the chosen configuration on those bars.
 */
import { describe, expect, it } from 'vitest';
import { runBacktest } from '../../../src/engine/backtest';
import { sliceSeries, type CandleSeries } from '../../../src/engine/candles/series';
import { applySettings } from '../../../src/engine/sweep/grid';
import { runSweep } from '../../../src/engine/sweep/sweep';
import { runWalkForward } from '../../../src/engine/sweep/walk-forward';
import { backtestRequestSchema } from '../../../src/shared/backtest-request';
import { backtestRequest } from '../../fixtures/requests';
import { syntheticSeries } from '../data/synthetic';

const cross = (logic: 'Crosses Above' | 'Crosses Below') => ({
  indicator1: 'EMA' as const,
  logic,
  indicator2: 'SMA' as const,
  additionalFields1: { Timeframe: '5' },
  additionalFields2: { Timeframe: '20' },
});
const REQUEST = backtestRequestSchema.parse(
  backtestRequest({
    timeframe: '1 day',
    fromDate: '2020-04-01',
    toDate: '2022-12-31',
    entry: { parameters: [cross('Crosses Above')] },
    exit: { parameters: [cross('Crosses Below')] },
    exitCriteria: { stopLoss: { type: 'percentage', value: 3 } },
  }),
);
const GRID = {
  'entry.parameters.0.additionalFields1.Timeframe': [3, 5, 8],
  'entry.parameters.0.additionalFields2.Timeframe': [15, 25],
  'exitCriteria.stopLoss.value': [2, 5],
};
const series = syntheticSeries(1100, 21);

describe('runWalkForward', () => {
  const result = runWalkForward(REQUEST, series, GRID, { windows: 4 });

  it('never trades a bar it optimised on: each test window follows its training window and trades only its own bars', () => {
    expect(result.windows).toHaveLength(4);
    let tradesSeen = 0;
    for (const window of result.windows) {
      expect(window.trainTo).toBeLessThanOrEqual(window.testFrom);
      const trades = window.outOfSampleTrades;
      for (let row = 0; row < trades.count; row++) {
        expect(trades.entryIndex[row]! - 1).toBeGreaterThanOrEqual(window.testFrom);
        expect(trades.exitIndex[row]).toBeLessThan(window.testTo);
      }
      tradesSeen += trades.count;
    }
    expect(tradesSeen).toBeGreaterThan(5);
    // Rolling windows tile the traded bars' last part; the first trains from fromDate's bar on.
    const firstTraded = Array.from(series.t).findIndex((time) => time >= Date.UTC(2020, 3, 1));
    const lastTraded = Array.from(series.t).findIndex((time) => time >= Date.UTC(2023, 0, 1));
    expect(result.windows[0]!.trainFrom).toBeGreaterThanOrEqual(firstTraded);
    expect(result.windows[3]!.testTo).toBe(lastTraded);
  });

  it('chooses each window on its training bars only: changing every later bar changes no choice', () => {
    const testFrom = result.windows[1]!.testFrom;
    const other = syntheticSeries(1100, 99);
    const changed: CandleSeries = {
      t: series.t,
      o: Float64Array.from(series.o, (value, bar) => (bar < testFrom ? value : other.o[bar]!)),
      h: Float64Array.from(series.h, (value, bar) => (bar < testFrom ? value : other.h[bar]!)),
      l: Float64Array.from(series.l, (value, bar) => (bar < testFrom ? value : other.l[bar]!)),
      c: Float64Array.from(series.c, (value, bar) => (bar < testFrom ? value : other.c[bar]!)),
      v: Float64Array.from(series.v, (value, bar) => (bar < testFrom ? value : other.v[bar]!)),
    };
    const rerun = runWalkForward(REQUEST, changed, GRID, { windows: 4 });
    for (const w of [0, 1]) {
      expect(rerun.windows[w]!.chosen).toEqual(result.windows[w]!.chosen);
      expect(rerun.windows[w]!.inSampleScore).toBe(result.windows[w]!.inSampleScore);
    }
    expect(rerun.windows[0]!.outOfSampleMetrics).toEqual(result.windows[0]!.outOfSampleMetrics);
  });

  it('picks the best-scoring configuration of the training bars and trades it as runBacktest would', () => {
    for (const window of result.windows) {
      const training = sliceSeries(series, 0, window.trainTo);
      const trainingSweep = runSweep(REQUEST, training, GRID, { warmupBars: window.trainFrom });
      const sharpes = trainingSweep.configurations.map(
        (configuration) => configuration.metrics.sharpe ?? -Infinity,
      );
      const bestIndex = sharpes.indexOf(Math.max(...sharpes));
      expect(window.chosen.index).toBe(bestIndex);
      expect(window.inSampleScore).toBe(sharpes[bestIndex]);
      const expected = runBacktest(
        applySettings(REQUEST, window.chosen.settings),
        sliceSeries(series, 0, window.testTo),
        {
          warmupBars: window.testFrom,
        },
      );
      expect(window.outOfSampleMetrics).toEqual(expected.metrics);
    }
  });

  it('stitches the out-of-sample equity and reports the efficiency of the windows', () => {
    const testBars = result.windows.reduce((sum, window) => sum + window.testTo - window.testFrom, 0);
    expect(result.equity.equity).toHaveLength(testBars);
    const compounded = result.windows.reduce(
      (capital, window) => capital * (1 + window.outOfSampleMetrics.totalReturnPct / 100),
      REQUEST.initialCapital,
    );
    expect(result.equity.equity.at(-1)).toBeCloseTo(compounded, 6);
    expect(result.efficiency.windows).toHaveLength(4);
  });

  it('trades the first configuration when no configuration has a score on the training bars', () => {
    // 24-day training windows: too short for an annualised Sharpe ratio (30 days).
    const short = runWalkForward(REQUEST, series, GRID, { windows: 20, trainToTestRatio: 0.5 });
    for (const window of short.windows) {
      expect(window.trainTo - window.trainFrom).toBeLessThan(30);
      expect(window.inSampleMetrics.sharpe).toBeNull();
      expect(window.chosen.index).toBe(0);
      expect(window.inSampleScore).toBeNull();
    }
    const byReturn = runWalkForward(REQUEST, series, GRID, {
      windows: 20,
      trainToTestRatio: 0.5,
      score: 'totalReturnPct',
    });
    expect(byReturn.windows.some((window) => window.chosen.index !== 0)).toBe(true);
    expect(
      byReturn.windows.every((window) => window.inSampleScore === window.inSampleMetrics.totalReturnPct),
    ).toBe(true);
  });

  it('anchors every training window at the first traded bar when asked', () => {
    const anchored = runWalkForward(REQUEST, series, GRID, { windows: 3, anchored: true });
    const starts = new Set(anchored.windows.map((window) => window.trainFrom));
    expect(starts.size).toBe(1);
    expect(anchored.windows[2]!.trainTo).toBe(anchored.windows[2]!.testFrom);
  });
});
