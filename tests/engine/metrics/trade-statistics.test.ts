import { describe, expect, it } from 'vitest';
import { tradeStatistics } from '../../../src/engine/metrics/trade-statistics';
import { plainTrade, tradeColumnsOf } from '../data/trade-columns';

/** Trades with only the fields the statistics read mattering. */
const trades = (results: readonly (readonly [pnl: number, returnPct: number])[]) =>
  tradeColumnsOf(results.map(([pnl, returnPct], i) => plainTrade(2 * i, 2 * i + 1, pnl, returnPct)));

describe('tradeStatistics (hand-computed)', () => {
  // Wins 100, 30, 40 (gross 170); losses -50, -20, -10, -40 (gross 120); one trade at exactly 0.
  const sample = trades([
    [100, 10],
    [30, 3],
    [-50, -5],
    [-20, -2],
    [-10, -1],
    [0, 0],
    [-40, -4],
    [40, 4],
  ]);
  const stats = tradeStatistics(sample);

  it('counts trades and wins: win rate 3 / 8 = 37.5%', () => {
    expect(stats.tradeCount).toBe(8);
    expect(stats.winRatePct).toBe(37.5);
  });

  it('averages wins (170 / 3) and losses (-120 / 4 = -30); risk/reward = avg win / |avg loss|', () => {
    expect(stats.avgWin).toBeCloseTo(56.666666666667, 10);
    expect(stats.avgLoss).toBe(-30);
    expect(stats.riskReward).toBeCloseTo(56.666666666667 / 30, 12);
  });

  it('profit factor = gross profit / gross loss = 170 / 120; expectancy = 50 / 8 = 6.25', () => {
    expect(stats.profitFactor).toBeCloseTo(1.416666666667, 10);
    expect(stats.expectancy).toBe(6.25);
  });

  it('best and worst trade by return; streaks broken by the opposite result or a zero', () => {
    expect(stats.bestTradePct).toBe(10);
    expect(stats.worstTradePct).toBe(-5);
    expect(stats.longestWinStreak).toBe(2);
    // -50, -20, -10 then 0 breaks the run.
    expect(stats.longestLossStreak).toBe(3);
  });

  it('reports undefined ratios as null: no trades, no losses, no wins', () => {
    expect(tradeStatistics(trades([]))).toEqual({
      tradeCount: 0,
      winRatePct: null,
      avgWin: null,
      avgLoss: null,
      riskReward: null,
      profitFactor: null,
      expectancy: null,
      bestTradePct: null,
      worstTradePct: null,
      longestWinStreak: 0,
      longestLossStreak: 0,
    });
    const onlyWins = tradeStatistics(
      trades([
        [10, 1],
        [20, 2],
      ]),
    );
    expect(onlyWins).toMatchObject({ winRatePct: 100, avgLoss: null, riskReward: null, profitFactor: null });
    const onlyLosses = tradeStatistics(trades([[-10, -1]]));
    expect(onlyLosses).toMatchObject({ winRatePct: 0, avgWin: null, riskReward: 0, profitFactor: 0 });
  });
});
