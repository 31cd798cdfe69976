import { describe, expect, it } from 'vitest';
import {
  computeMetrics,
  computeMetricsAndMoments,
  type MetricsInput,
} from '../../../src/engine/metrics/metrics';
import { barReturns } from '../../../src/engine/metrics/returns';
import { returnMoments } from '../../../src/engine/stats/return-moments';
import { plainTrade as trade, tradeColumnsOf } from '../data/trade-columns';

const DAY = 86_400_000;
const YEAR = 365.25 * DAY;
const START = Date.UTC(2020, 0, 1);

describe('computeMetrics (hand-computed)', () => {
  // Two daily bars two years apart (minus the length of the last bar): years = 2 exactly.
  // Capital 100 -> 90 -> 121: +21%, CAGR = sqrt(1.21) - 1 = 10%, max drawdown 10%.
  const input: MetricsInput = {
    trades: tradeColumnsOf([trade(0, 1, 21)]),
    equity: Float64Array.from([90, 121]),
    openTimes: Float64Array.from([START, START + 2 * YEAR - DAY]),
    closes: Float64Array.from([50, 60]),
    firstBar: 0,
    initialCapital: 100,
    timeframe: '1 day',
  };
  const metrics = computeMetrics(input);

  it('net profit, total return, CAGR and buy-and-hold', () => {
    expect(metrics.netProfit).toBe(21);
    expect(metrics.totalReturnPct).toBeCloseTo(21, 12);
    expect(metrics.cagrPct).toBeCloseTo(10, 10);
    // Buy and hold from the first tradable close: 60 / 50 - 1.
    expect(metrics.buyHoldReturnPct).toBeCloseTo(20, 12);
  });

  it('max drawdown, Calmar = CAGR / max drawdown, exposure', () => {
    expect(metrics.maxDrawdownPct).toBeCloseTo(10, 12);
    expect(metrics.maxDrawdownDurationBars).toBe(1);
    expect(metrics.calmar).toBeCloseTo(1, 10);
    expect(metrics.exposurePct).toBe(100);
  });

  it('withholds Sharpe and Sortino from two returns: too few to annualise', () => {
    expect(metrics.sharpe).toBeNull();
    expect(metrics.sortino).toBeNull();
    expect(metrics.tooShortToAnnualise).toBe(true);
  });

  it('Sharpe and Sortino on 40 daily returns alternating -10% and +12%, annualised with 252 bars', () => {
    const returns = Array.from({ length: 40 }, (_, i) => (i % 2 === 0 ? -0.1 : 0.12));
    const equity = Float64Array.from(
      returns,
      (_, i) => 100 * returns.slice(0, i + 1).reduce((e, r) => e * (1 + r), 1),
    );
    const daily = computeMetrics({
      ...input,
      equity,
      openTimes: Float64Array.from(equity, (_, i) => START + i * DAY),
      closes: Float64Array.from(equity, () => 50),
    });
    const mean = returns.reduce((sum, r) => sum + r, 0) / 40;
    const std = Math.sqrt(returns.reduce((sum, r) => sum + (r - mean) ** 2, 0) / 39);
    expect(daily.sharpe).toBeCloseTo((mean / std) * Math.sqrt(252), 10);
    // Downside deviation: sqrt(mean of min(r, 0)^2) = sqrt(20 * 0.01 / 40).
    expect(daily.sortino).toBeCloseTo((mean / Math.sqrt((20 * 0.01) / 40)) * Math.sqrt(252), 10);
    expect(daily.tooShortToAnnualise).toBe(false);
  });

  it('withholds CAGR, Sharpe, Sortino and Calmar from a run under 30 days', () => {
    const days = 29;
    const short = computeMetrics({
      ...input,
      equity: Float64Array.from({ length: days }, (_, i) => 100 - i),
      openTimes: Float64Array.from({ length: days }, (_, i) => START + i * DAY),
      closes: Float64Array.from({ length: days }, () => 50),
    });
    expect(short).toMatchObject({
      cagrPct: null,
      sharpe: null,
      sortino: null,
      calmar: null,
      tooShortToAnnualise: true,
    });
    expect(short.totalReturnPct).toBeCloseTo(-28, 10);
    expect(short.maxDrawdownPct).toBeCloseTo(28, 10);
  });

  it('measures only the tradable bars after the warm-up', () => {
    const withWarmup = computeMetrics({
      ...input,
      trades: tradeColumnsOf([trade(2, 2, 21)]),
      equity: Float64Array.from([Number.NaN, Number.NaN, 90, 121, 121, 121]),
      openTimes: Float64Array.from([0, 1, 2, 3, 4, 5], (i) => START + i * DAY),
      closes: Float64Array.from([1, 1, 50, 55, 58, 60]),
      firstBar: 2,
    });
    expect(withWarmup.buyHoldReturnPct).toBeCloseTo(20, 12);
    // One bar held of four tradable bars.
    expect(withWarmup.exposurePct).toBe(25);
    expect(withWarmup.totalReturnPct).toBeCloseTo(21, 12);
  });

  it('CAGR is -100% when the equity is wiped out; ratios are null without bars', () => {
    expect(computeMetrics({ ...input, equity: Float64Array.from([50, -5]) }).cagrPct).toBe(-100);
    const empty = computeMetrics({
      ...input,
      trades: tradeColumnsOf([]),
      equity: new Float64Array(0),
      openTimes: new Float64Array(0),
      closes: new Float64Array(0),
    });
    expect(empty).toMatchObject({
      netProfit: 0,
      totalReturnPct: 0,
      cagrPct: null,
      buyHoldReturnPct: null,
      tradeCount: 0,
      maxDrawdownPct: 0,
      sharpe: null,
      sortino: null,
      calmar: null,
      exposurePct: 0,
    });
  });
});

describe('computeMetricsAndMoments', () => {
  // 60 daily bars after 3 warm-up bars, equity wandering up and down.
  const equity = Float64Array.from({ length: 63 }, (_, i) => 1000 + 40 * Math.sin(i * 0.7) + 2 * i);
  const input: MetricsInput = {
    trades: tradeColumnsOf([trade(5, 20, 30), trade(30, 50, -12)]),
    equity,
    openTimes: Float64Array.from(equity, (_, i) => START + i * DAY),
    closes: Float64Array.from(equity, (value) => value / 10),
    firstBar: 3,
    initialCapital: 1000,
    timeframe: '1 day',
  };

  it('gives the moments of the same per-bar returns as returnMoments, and the metrics unchanged', () => {
    const { metrics, returnMoments: moments } = computeMetricsAndMoments(input);
    expect(moments).toEqual(returnMoments(barReturns(equity, 3, 1000).values));
    expect(moments.observations).toBe(60);
    expect(metrics).toEqual(computeMetrics(input));
    // The annualised Sharpe ratio is the per-bar one times sqrt(252).
    expect(metrics.sharpe).toBeCloseTo(moments.sharpe * Math.sqrt(252), 10);
  });

  it('gives NaN ratios when the returns never vary', () => {
    const flat = Float64Array.from(equity, () => 1000);
    const { returnMoments: moments } = computeMetricsAndMoments({ ...input, equity: flat });
    expect(moments.observations).toBe(60);
    expect(moments.sharpe).toBeNaN();
    expect(moments.kurtosis).toBeNaN();
  });
});
