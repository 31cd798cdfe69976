/**
 * Statistics of the closed trades. A win is a trade with pnl > 0, a loss one with pnl < 0; a
 * trade at exactly 0 counts in the trade count but is neither (and breaks both streaks).
 * Money figures are in the account currency, after costs.
 */
import type { TradeColumns } from '../simulate/trade-columns';

export interface TradeStatistics {
  /** Number of closed trades, including the one closed at the end of data. */
  tradeCount: number;
  /** wins / tradeCount * 100; null without trades. */
  winRatePct: number | null;
  /** Mean pnl of the wins; null without wins. */
  avgWin: number | null;
  /** Mean pnl of the losses (a negative number); null without losses. */
  avgLoss: number | null;
  /** avgWin / |avgLoss|; 0 with losses and no wins; null without losses (no risk to divide by). */
  riskReward: number | null;
  /**
   * Gross profit / gross loss = sum of winning pnl / |sum of losing pnl|, in money (not
   * percent, unlike backtesting.py). Without losses it would be infinite (or 0/0 without
   * trades): reported as null. 0 with losses and no wins.
   */
  profitFactor: number | null;
  /** Mean pnl per trade = win rate * avgWin + loss rate * avgLoss; null without trades. */
  expectancy: number | null;
  /** Largest returnPct of a trade; null without trades. */
  bestTradePct: number | null;
  /** Smallest returnPct of a trade; null without trades. */
  worstTradePct: number | null;
  /** Most wins in a row. */
  longestWinStreak: number;
  /** Most losses in a row. */
  longestLossStreak: number;
}

// Where tallyTrades leaves its results.
const WINS = 0;
const LOSSES = 1;
const GROSS_PROFIT = 2;
const GROSS_LOSS = 3;
const BEST = 4;
const WORST = 5;
const LONGEST_WIN_STREAK = 6;
const LONGEST_LOSS_STREAK = 7;

export function tradeStatistics(trades: TradeColumns): TradeStatistics {
  const tally = new Float64Array(8);
  tallyTrades(trades.pnl, trades.returnPct, trades.count, tally);
  const count = trades.count;
  const wins = tally[WINS]!;
  const losses = tally[LOSSES]!;
  const grossProfit = tally[GROSS_PROFIT]!;
  const grossLoss = tally[GROSS_LOSS]!;
  const avgWin = wins > 0 ? grossProfit / wins : null;
  const avgLoss = losses > 0 ? -grossLoss / losses : null;
  return {
    tradeCount: count,
    winRatePct: count > 0 ? (wins / count) * 100 : null,
    avgWin,
    avgLoss,
    riskReward: avgLoss === null ? null : (avgWin ?? 0) / -avgLoss,
    profitFactor: grossLoss > 0 ? grossProfit / grossLoss : null,
    expectancy: count > 0 ? (grossProfit - grossLoss) / count : null,
    bestTradePct: count > 0 ? tally[BEST]! : null,
    worstTradePct: count > 0 ? tally[WORST]! : null,
    longestWinStreak: tally[LONGEST_WIN_STREAK]!,
    longestLossStreak: tally[LONGEST_LOSS_STREAK]!,
  };
}

/**
 * The loop over the trades, on its own with typed arrays and numbers only: called once per run,
 * it keeps its optimised code from run to run (metrics/drawdown.ts says why).
 */
function tallyTrades(pnls: Float64Array, returnPcts: Float64Array, count: number, tally: Float64Array): void {
  let wins = 0;
  let losses = 0;
  let grossProfit = 0;
  let grossLoss = 0;
  let best = Number.NEGATIVE_INFINITY;
  let worst = Number.POSITIVE_INFINITY;
  let winStreak = 0;
  let lossStreak = 0;
  let longestWinStreak = 0;
  let longestLossStreak = 0;
  for (let row = 0; row < count; row++) {
    const pnl = pnls[row]!;
    const returnPct = returnPcts[row]!;
    if (pnl > 0) {
      wins++;
      grossProfit += pnl;
    } else if (pnl < 0) {
      losses++;
      grossLoss -= pnl;
    }
    winStreak = pnl > 0 ? winStreak + 1 : 0;
    lossStreak = pnl < 0 ? lossStreak + 1 : 0;
    longestWinStreak = Math.max(longestWinStreak, winStreak);
    longestLossStreak = Math.max(longestLossStreak, lossStreak);
    best = Math.max(best, returnPct);
    worst = Math.min(worst, returnPct);
  }
  tally[WINS] = wins;
  tally[LOSSES] = losses;
  tally[GROSS_PROFIT] = grossProfit;
  tally[GROSS_LOSS] = grossLoss;
  tally[BEST] = best;
  tally[WORST] = worst;
  tally[LONGEST_WIN_STREAK] = longestWinStreak;
  tally[LONGEST_LOSS_STREAK] = longestLossStreak;
}
