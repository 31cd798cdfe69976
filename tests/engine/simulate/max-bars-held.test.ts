/** The most bars a position may be held (the ML run's label horizon as a time exit). */
import { describe, expect, it } from 'vitest';
import { LONG, ohlc, signalsAt, simulateTrades } from './helpers';

const flat = ohlc(Array.from({ length: 10 }, (_, i) => [100 + i, 101 + i, 99 + i, 100.5 + i] as const));

describe('maxBarsHeld', () => {
  it('closes a position at the open of bar entry + maxBarsHeld, reason time', () => {
    // Signal at bar 1 -> entry at bar 2's open (102) -> held 3 bars -> exit at bar 5's open (105).
    const { trades } = simulateTrades(flat, signalsAt(10, [1]), { ...LONG, maxBarsHeld: 3 });
    expect(trades.map((t) => [t.entryIndex, t.exitIndex, t.entryPrice, t.exitPrice, t.exitReason])).toEqual([
      [2, 5, 102, 105, 'time'],
    ]);
  });

  it('lets an exit signal or the end of the data come first', () => {
    const bySignal = simulateTrades(flat, signalsAt(10, [1], [3]), { ...LONG, maxBarsHeld: 5 });
    expect(bySignal.trades.map((t) => [t.exitIndex, t.exitReason])).toEqual([[4, 'signal']]);
    const byEnd = simulateTrades(flat, signalsAt(10, [6]), { ...LONG, maxBarsHeld: 5 });
    expect(byEnd.trades.map((t) => [t.exitIndex, t.exitReason])).toEqual([[9, 'end']]);
  });

  it('holds without limit when absent', () => {
    const { trades } = simulateTrades(flat, signalsAt(10, [1]), LONG);
    expect(trades.map((t) => [t.exitIndex, t.exitReason])).toEqual([[9, 'end']]);
  });
});
