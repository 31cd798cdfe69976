/**
 * Position sizing by hand: capital 1000, entry at bar 1's open of 100, exit at bar 3's open of
 * 110 (signal), so each unit makes 10.
 */
import { describe, expect, it } from 'vitest';
import { LONG, ohlc, signalsAt, simulateTrades } from './helpers';

const series = ohlc([
  [99, 101, 98, 100],
  [100, 102, 99, 101],
  [101, 109, 100, 108],
  [110, 111, 109, 110],
  [110, 111, 109, 110],
]);
const signals = signalsAt(5, [0], [2]);

describe('position sizing', () => {
  it('fixed quantity buys the units asked and keeps the rest as cash', () => {
    const { trades, equity } = simulateTrades(series, signals, {
      ...LONG,
      sizing: 'fixed-quantity',
      sizingValue: 3,
    });
    expect(trades).toMatchObject([{ quantity: 3, pnl: 30, returnPct: 10 }]);
    // Cash 700 + 3 units marked at 101 and 108, then 1030 in cash.
    expect(Array.from(equity)).toEqual([1000, 1003, 1024, 1030, 1030]);
  });

  it('fixed quantity skips an entry the capital cannot pay for, and says so', () => {
    const { trades, warnings } = simulateTrades(series, signals, {
      ...LONG,
      sizing: 'fixed-quantity',
      sizingValue: 11,
    });
    expect(trades).toEqual([]);
    expect(warnings).toEqual([
      '1 entry signal could not be filled: the capital does not pay for 11 units at that price',
    ]);
  });

  it('fixed cash spends that cash (at most the equity), commission included', () => {
    const run = simulateTrades(series, signals, { ...LONG, sizing: 'fixed-cash', sizingValue: 500 });
    expect(run.trades).toMatchObject([{ quantity: 5, pnl: 50 }]);
    const capped = simulateTrades(series, signals, { ...LONG, sizing: 'fixed-cash', sizingValue: 5000 });
    expect(capped.trades[0]!.quantity).toBe(10);
    const withCommission = simulateTrades(series, signals, {
      ...LONG,
      sizing: 'fixed-cash',
      sizingValue: 505,
      commissionPct: 1,
    });
    // 505 buys 5 units at 100 plus 1% commission on 500.
    expect(withCommission.trades[0]!.quantity).toBeCloseTo(5, 12);
  });

  it('percent at risk sizes the loss at the stop: 2% of 1000 over a 4-point stop is 5 units', () => {
    const run = simulateTrades(series, signals, {
      ...LONG,
      sizing: 'risk-percent',
      sizingValue: 2,
      stopLoss: { unit: 'points', value: 4 },
    });
    expect(run.trades).toMatchObject([{ quantity: 5, pnl: 50 }]);
    // A 5% stop is 5 points at 100: 2% of 1000 = 20 of risk buys 4 units.
    const percentStop = simulateTrades(series, signals, {
      ...LONG,
      sizing: 'risk-percent',
      sizingValue: 2,
      stopLoss: { unit: 'percentage', value: 5 },
    });
    expect(percentStop.trades[0]!.quantity).toBeCloseTo(4, 12);
    // Never more than the equity buys: 50% at risk over a 1-point stop would be 500 units.
    const capped = simulateTrades(series, signals, {
      ...LONG,
      sizing: 'risk-percent',
      sizingValue: 50,
      stopLoss: { unit: 'points', value: 1 },
    });
    expect(capped.trades[0]!.quantity).toBe(10);
  });
});
