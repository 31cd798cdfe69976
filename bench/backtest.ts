/**
 * Times a full backtest of a rich request (8 crossover rows of different indicators, 5 value
 * rows, 3 candlestick patterns, target profit, stop loss, trailing stop and a daily exit time)
 * on synthetic 15-minute bars: one warm-up run, then the best of 3. Entry rows combine with
 * 'any', so the simulator opens and closes many positions (tens of thousands on 1M bars).
 */
import { runBacktest } from '../src/engine/backtest';
import { mulberry32 } from '../src/engine/robustness/random';
import { createSeries, type CandleSeries } from '../src/engine/candles/series';
import { compileStrategy } from '../src/engine/strategy/compile';
import { backtestRequestSchema } from '../src/shared/backtest-request';
import type { BenchResult } from './indicators';

const RUNS = 3;
const BAR_MS = 15 * 60_000;

/** A seeded random walk of 15-minute bars (mulberry32) with occasional opening gaps. */
function benchSeries(bars: number): CandleSeries {
  const series = createSeries(bars);
  const random = mulberry32(0x5eed);
  let close = 100;
  for (let i = 0; i < bars; i++) {
    const open = random() < 0.02 ? close * (1 + (random() - 0.5) * 0.02) : close;
    close = Math.max(open * (1 + (random() - 0.5) * 0.006), 0.01);
    series.t[i] = Date.UTC(1995, 0, 2) + i * BAR_MS;
    series.o[i] = open;
    series.c[i] = close;
    series.h[i] = Math.max(open, close) * (1 + random() * 0.002);
    series.l[i] = Math.min(open, close) * (1 - random() * 0.002);
    series.v[i] = Math.round(random() * 1_000_000);
  }
  return series;
}

export const RICH_REQUEST = backtestRequestSchema.parse({
  exchange: 'BENCH',
  stock: 'SYNTH',
  timeframe: '15 min',
  fromDate: '1995-01-09',
  toDate: '2026-12-31',
  transactionType: 'buy',
  entry: {
    combine: 'any',
    parameters: [
      {
        indicator1: 'EMA',
        logic: 'Crosses Above',
        indicator2: 'SMA',
        additionalFields2: { Timeframe: '50' },
      },
      { indicator1: 'Close Price', logic: 'Crosses Above', indicator2: 'Bollinger Upper' },
      { indicator1: 'MACD macd line', logic: 'Crosses Above', indicator2: 'MACD green line' },
      { indicator1: 'Ichimoku tenkan_sen', logic: 'Crosses Above', indicator2: 'Ichimoku kijun_sen' },
      { indicator1: 'Ichimoku chikou_span', logic: 'Crosses Above', indicator2: 'Ichimoku senkou_span_b' },
      { indicator1: 'Parabolic SAR', logic: 'Crosses Below', indicator2: 'Low Price' },
      { indicator1: 'Close Price', logic: 'Crosses Above', indicator2: 'VWAP' },
      { indicator1: 'Elder-Ray Bull Power', logic: 'Crosses Above', indicator2: 'Chaikin Oscillator' },
    ],
    valueBased: [
      { indicator: 'RSI', logic: 'Less Than', number: 25 },
      { indicator: 'Stochastic %K', logic: 'Less Than', number: 5 },
      { indicator: 'Stochastic %D', logic: 'Greater Than', number: 97 },
      { indicator: 'MFI', logic: 'Less Than', number: 15 },
      { indicator: 'MACD histogram', logic: 'Greater Than', number: 0.2 },
    ],
    candleStick: [{ pattern1: 'Hammer' }, { pattern1: 'EngulfingPattern' }, { pattern1: 'MorningStar' }],
  },
  exit: {
    parameters: [{ indicator1: 'Close Price', logic: 'Crosses Below', indicator2: 'EMA' }],
    valueBased: [{ indicator: 'RSI', logic: 'Greater Than', number: 75 }],
    combine: 'any',
  },
  exitCriteria: {
    targetProfit: { type: 'percentage', value: 1.5 },
    stopLoss: { type: 'percentage', value: 1 },
    trailingStopLoss: { type: 'points', value: 0.8 },
    timing: { time: '15:45', timezone: 'EST' },
  },
  commission: 0.05,
  slippage: 0.01,
});

/**
 * A plain SMA 10/20 cross: long when SMA(10) crosses above SMA(20), out when it crosses below.
 * Run on the bench's one-minute bars (minute-csv.ts), so its timeframe is 1 min.
 */
export const SMA_CROSS_REQUEST = backtestRequestSchema.parse({
  exchange: 'BENCH',
  stock: 'SYNTH',
  timeframe: '1 min',
  fromDate: '1995-01-01',
  toDate: '2026-12-31',
  transactionType: 'buy',
  entry: {
    parameters: [
      {
        indicator1: 'SMA',
        logic: 'Crosses Above',
        indicator2: 'SMA',
        additionalFields1: { Timeframe: '10' },
        additionalFields2: { Timeframe: '20' },
      },
    ],
  },
  exit: {
    parameters: [
      {
        indicator1: 'SMA',
        logic: 'Crosses Below',
        indicator2: 'SMA',
        additionalFields1: { Timeframe: '10' },
        additionalFields2: { Timeframe: '20' },
      },
    ],
  },
});

function bestOf(run: () => void): number {
  run();
  let best = Number.POSITIVE_INFINITY;
  for (let i = 0; i < RUNS; i++) {
    const start = performance.now();
    run();
    best = Math.min(best, performance.now() - start);
  }
  return best;
}

/**
 * The full backtest, and its first step alone (indicators, patterns and the rows evaluated into
 * entry/exit signals) to show how the time splits; `trades` is the full run's trade count.
 */
export function benchBacktest(bars: number): { results: BenchResult[]; trades: number } {
  const series = benchSeries(bars);
  const timed = (name: string, run: () => void): BenchResult => {
    const ms = bestOf(run);
    return { name, ms, barsPerSecond: bars / (ms / 1000) };
  };
  return {
    results: [
      timed('Signals only (indicators, rules)', () => compileStrategy(RICH_REQUEST, series)),
      timed('Full backtest', () => runBacktest(RICH_REQUEST, series)),
    ],
    trades: runBacktest(RICH_REQUEST, series).trades.count,
  };
}
