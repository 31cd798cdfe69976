/** The Monte Carlo of a run's own trades, through the engine's monteCarloTrades. */
import { monteCarloTrades, type MonteCarloMethod, type MonteCarloResult } from '../../../engine/browser';
import type { ResultTrade } from '../../../shared/api/backtests';

/**
 * Each trade's return on the account (percent of the equity before it), the trades in exit
 * order: what compounds into the run's equity, unlike the price move of returnPct.
 */
export function accountReturnsPct(trades: readonly ResultTrade[], initialCapital: number): Float64Array {
  const ordered = [...trades].sort((a, b) => a.exitIndex - b.exitIndex);
  const returns = new Float64Array(ordered.length);
  let equity = initialCapital;
  ordered.forEach((trade, index) => {
    returns[index] = (trade.pnl / equity) * 100;
    equity += trade.pnl;
  });
  return returns;
}

export function tradeMonteCarlo(
  trades: readonly ResultTrade[],
  initialCapital: number,
  method: MonteCarloMethod,
): MonteCarloResult {
  return monteCarloTrades(accountReturnsPct(trades, initialCapital), { method, paths: 1000, seed: 1 });
}
