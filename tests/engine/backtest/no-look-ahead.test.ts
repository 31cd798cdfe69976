/**
 * No look-ahead (the freqtrade lookahead-analysis idea), for random cut points t:
 * - the entry and exit signals compiled from rows 0..t equal the full run's on those rows (a
 *   signal at t's close uses no bar after t);
 * - a backtest on rows 0..t+1 reproduces every trade of the full run closed by bar t+1, and
 *   the trade still open at t+1 (closed there as "end") entered exactly as in the full run.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { listTrades } from '../../../src/engine/simulate/trade-columns';
import { runBacktest, type BacktestResult } from '../../../src/engine/backtest';
import { sliceSeries } from '../../../src/engine/candles/series';
import { compileStrategy } from '../../../src/engine/strategy/compile';
import { backtestRequestSchema, type BacktestRequestInput } from '../../../src/shared/backtest-request';
import { loadSp500 } from '../data/sp500';

const sp500 = loadSp500();

const tenBars = { Timeframe: '10' };
const RICH_ENTRY: BacktestRequestInput['entry'] = {
  combine: 'any',
  parameters: [
    {
      indicator1: 'EMA',
      logic: 'Crosses Above',
      indicator2: 'SMA',
      additionalFields1: tenBars,
      additionalFields2: { Timeframe: '30' },
    },
    { indicator1: 'Close Price', logic: 'Greater Than', indicator2: 'Bollinger Upper' },
    { indicator1: 'MACD macd line', logic: 'Crosses Above', indicator2: 'MACD green line' },
    { indicator1: 'Ichimoku chikou_span', logic: 'Crosses Above', indicator2: 'Ichimoku senkou_span_a' },
    { indicator1: 'Parabolic SAR', logic: 'Crosses Below', indicator2: 'Low Price' },
    { indicator1: 'Close Price', logic: 'Crosses Above', indicator2: 'Pivot Point' },
    { indicator1: 'Elder-Ray Bull Power', logic: 'Crosses Above', indicator2: 'Chaikin Oscillator' },
    { indicator1: 'VWAP', logic: 'Less Than', indicator2: 'Ichimoku kijun_sen', additionalFields1: tenBars },
  ],
  valueBased: [
    { indicator: 'RSI', logic: 'Less Than', number: 30 },
    { indicator: 'Stochastic %K', logic: 'Less Than', number: 10 },
    { indicator: 'MFI', logic: 'Less Than', number: 20 },
    { indicator: 'MACD histogram', logic: 'Greater Than', number: 15 },
    { indicator: 'Stochastic %D', logic: 'Greater Than', number: 95 },
  ],
  candleStick: [{ pattern1: 'Hammer' }, { pattern1: 'EngulfingPattern' }, { pattern1: 'Doji' }],
};

const RICH_REQUESTS: Record<string, BacktestRequestInput> = {
  'buy with target, stop, trailing stop and exit rules': {
    exchange: 'US',
    stock: 'SPX',
    timeframe: '1 day',
    fromDate: '2000-06-01',
    toDate: '2020-12-31',
    entry: RICH_ENTRY,
    exit: {
      combine: 'any',
      parameters: [
        { indicator1: 'Close Price', logic: 'Crosses Below', indicator2: 'EMA', additionalFields2: tenBars },
      ],
      valueBased: [{ indicator: 'RSI', logic: 'Greater Than', number: 70 }],
    },
    exitCriteria: {
      targetProfit: { type: 'percentage', value: 6 },
      stopLoss: { type: 'percentage', value: 3 },
      trailingStopLoss: { type: 'points', value: 40 },
    },
    commission: 0.05,
    slippage: 0.5,
  },
  'sell with a daily exit time and whole units': {
    exchange: 'US',
    stock: 'SPX',
    timeframe: '1 day',
    fromDate: '2000-06-01',
    toDate: '2020-12-31',
    transactionType: 'sell',
    entry: RICH_ENTRY,
    exitCriteria: {
      stopLoss: { type: 'points', value: 25 },
      timing: { time: '15:30', timezone: 'EST' },
    },
    sizing: 'all-in-whole-units',
  },
};

/** The full run's view of what is known by bar `cut + 1`. */
function expectSameUpTo(fullRun: BacktestResult, truncatedRun: BacktestResult, cut: number) {
  const lastBar = cut + 1;
  const full = { ...fullRun, trades: listTrades(fullRun.trades, sp500.t) };
  const truncated = { ...truncatedRun, trades: listTrades(truncatedRun.trades, sp500.t) };
  const closedByCut = full.trades.filter((trade) => trade.exitIndex <= lastBar);
  const openAtEnd = truncated.trades.at(-1)?.exitReason === 'end' ? truncated.trades.at(-1) : undefined;
  const closedInTruncated = openAtEnd ? truncated.trades.slice(0, -1) : truncated.trades;
  expect(closedInTruncated).toEqual(closedByCut);
  if (openAtEnd) {
    const same = full.trades.find((trade) => trade.entryIndex === openAtEnd.entryIndex);
    expect(same).toMatchObject({
      entryPrice: openAtEnd.entryPrice,
      quantity: openAtEnd.quantity,
      entryTime: openAtEnd.entryTime,
    });
    expect(same!.exitIndex).toBeGreaterThan(lastBar);
  }
  expect(Array.from(truncated.equity.subarray(0, lastBar))).toEqual(
    Array.from(full.equity.subarray(0, lastBar)),
  );
}

describe.each(Object.entries(RICH_REQUESTS))('no look-ahead on the S&P 500: %s', (_name, input) => {
  const request = backtestRequestSchema.parse(input);
  const full = runBacktest(request, sp500);

  it('the full run trades often enough for the check to mean something', () => {
    expect(full.trades.count).toBeGreaterThan(100);
    expect(new Set(full.trades.exitReason).size).toBeGreaterThanOrEqual(2);
  });

  it('signals at a random bar t are the same when the data after t is removed', () => {
    const fullSignals = compileStrategy(request, sp500);
    fc.assert(
      fc.property(fc.integer({ min: 0, max: sp500.c.length - 2 }), (cut) => {
        const signals = compileStrategy(request, sliceSeries(sp500, 0, cut + 1));
        expect(signals.entry).toEqual(fullSignals.entry.subarray(0, cut + 1));
        expect(signals.exit).toEqual(fullSignals.exit.subarray(0, cut + 1));
      }),
      { numRuns: 12, seed: 6 },
    );
  });

  it('every trade decided by a random bar t is unchanged when the data after t + 1 is removed', () => {
    fc.assert(
      fc.property(fc.integer({ min: 150, max: sp500.c.length - 3 }), (cut) => {
        expectSameUpTo(full, runBacktest(request, sliceSeries(sp500, 0, cut + 2)), cut);
      }),
      { numRuns: 12, seed: 6 },
    );
  });
});
