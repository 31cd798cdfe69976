/**
 * Monte Carlo of a trade sequence: how much of a run's drawdown and final return is the luck
 * of the order (reshuffling) or of the particular trades drawn (bootstrapping). The resampling
 * methods are those of Efron and Tibshirani, "An Introduction to the Bootstrap" (1993), ch. 6
 * and 15; applied to trade lists as in Pardo, "The Evaluation and Optimization of Trading
 * Strategies" (2008), and the trade-shuffling tests of trading platforms.
 */
import { monteCarloTooFewWarning } from './evidence';
import { percentileSummary, type PercentileSummary } from './percentile';
import { mulberry32, randomIndex } from './random';

/**
 * 'reshuffle': each path is a random permutation of the trades (Fisher-Yates), so the final
 * return does not change (a product is order-free, up to rounding) and only the path (the
 * drawdown) does. 'bootstrap': each path draws as
 * many trades with replacement, so both change.
 */
export type MonteCarloMethod = 'reshuffle' | 'bootstrap';

export interface MonteCarloOptions {
  method: MonteCarloMethod;
  /** Number of simulated paths; 1,000 by default. */
  paths?: number;
  /** Seed of the mulberry32 generator; the same seed gives the same result. 1 by default. */
  seed?: number;
}

export interface MonteCarloResult {
  method: MonteCarloMethod;
  paths: number;
  seed: number;
  trades: number;
  /** Compounded return of the whole path in percent: (prod(1 + r/100) - 1) * 100. */
  finalReturnPct: PercentileSummary;
  /** Largest fall from a running peak of equity in percent of that peak (0 = never fell). */
  maxDrawdownPct: PercentileSummary;
  /** The same two figures for the trades in their actual order. */
  actual: { finalReturnPct: number; maxDrawdownPct: number };
  /**
   * The fan of equity paths, at up to FAN_STEPS evenly spaced points: after `afterTrades[k]`
   * trades, the 5th, 50th and 95th percentiles of equity as a multiple of the starting equity
   * (the first point is 0 trades, equity 1).
   */
  fan: { afterTrades: number[]; p5: number[]; p50: number[]; p95: number[] };
  /** Set when the trades are too few for the percentiles to be reliable (evidence.ts). */
  warning: string | null;
}

export const DEFAULT_MONTE_CARLO_PATHS = 1000;
export const FAN_STEPS = 100;

/**
 * Walks one path of returns (percent) from equity 1, recording the equity after
 * `afterTrades[k]` trades into `fanEquity[k]`, and returns the path's figures.
 */
function walk(
  returnsPct: Float64Array,
  afterTrades: readonly number[],
  fanEquity: Float64Array,
): { finalReturnPct: number; maxDrawdownPct: number } {
  let value = 1;
  let peak = 1;
  let maxDrawdown = 0;
  let point = 0;
  for (let i = 0; i <= returnsPct.length; i++) {
    while (afterTrades[point] === i) fanEquity[point++] = value;
    if (i === returnsPct.length) break;
    value *= 1 + returnsPct[i]! / 100;
    if (value > peak) peak = value;
    else if ((peak - value) / peak > maxDrawdown) maxDrawdown = (peak - value) / peak;
  }
  return { finalReturnPct: (value - 1) * 100, maxDrawdownPct: maxDrawdown * 100 };
}

function fanPoints(trades: number): number[] {
  const steps = Math.min(trades, FAN_STEPS);
  return Array.from({ length: steps + 1 }, (_, k) => Math.round((k * trades) / Math.max(steps, 1)));
}

function fanOf(equities: Float64Array, paths: number, afterTrades: number[]): MonteCarloResult['fan'] {
  const fan: MonteCarloResult['fan'] = { afterTrades, p5: [], p50: [], p95: [] };
  const points = afterTrades.length;
  const atPoint = new Float64Array(paths);
  for (let point = 0; point < points; point++) {
    for (let path = 0; path < paths; path++) atPoint[path] = equities[path * points + point]!;
    const { p5, p50, p95 } = percentileSummary(atPoint);
    fan.p5.push(p5);
    fan.p50.push(p50);
    fan.p95.push(p95);
  }
  return fan;
}

/**
 * Simulates `paths` reorderings or resamplings of the trades' returns (percent of the equity
 * each trade started with, as Trade.returnPct with all-in sizing: equity is multiplied by
 * 1 + r/100 per trade) and summarises max drawdown and final return at the 5th, 50th and 95th
 * percentiles (percentile.ts: linear interpolation, Hyndman-Fan definition 7).
 */
export function monteCarloTrades(
  tradeReturnsPct: Float64Array,
  options: MonteCarloOptions,
): MonteCarloResult {
  const { method, paths = DEFAULT_MONTE_CARLO_PATHS, seed = 1 } = options;
  if (method !== 'reshuffle' && method !== 'bootstrap') {
    throw new RangeError(`method must be "reshuffle" or "bootstrap", got "${String(method)}"`);
  }
  if (!Number.isInteger(paths) || paths < 1)
    throw new RangeError(`paths must be a whole number of at least 1, got ${paths}`);
  if (!Number.isInteger(seed)) throw new RangeError(`seed must be a whole number, got ${seed}`);
  for (let i = 0; i < tradeReturnsPct.length; i++) {
    if (!(tradeReturnsPct[i]! >= -100) || !Number.isFinite(tradeReturnsPct[i])) {
      throw new RangeError(
        `trade ${i}'s return must be a finite percentage of at least -100, got ${tradeReturnsPct[i]}`,
      );
    }
  }
  const trades = tradeReturnsPct.length;
  const random = mulberry32(seed);
  const path = Float64Array.from(tradeReturnsPct);
  const afterTrades = fanPoints(trades);
  const equities = new Float64Array(paths * afterTrades.length);
  const finalReturns = new Float64Array(paths);
  const drawdowns = new Float64Array(paths);
  for (let p = 0; p < paths; p++) {
    if (method === 'reshuffle') {
      for (let i = trades - 1; i > 0; i--) {
        const j = randomIndex(random, i + 1);
        const swap = path[i]!;
        path[i] = path[j]!;
        path[j] = swap;
      }
    } else {
      for (let i = 0; i < trades; i++) path[i] = tradeReturnsPct[randomIndex(random, trades)]!;
    }
    const figures = walk(
      path,
      afterTrades,
      equities.subarray(p * afterTrades.length, (p + 1) * afterTrades.length),
    );
    finalReturns[p] = figures.finalReturnPct;
    drawdowns[p] = figures.maxDrawdownPct;
  }
  return {
    method,
    paths,
    seed,
    trades,
    finalReturnPct: percentileSummary(finalReturns),
    maxDrawdownPct: percentileSummary(drawdowns),
    actual: walk(tradeReturnsPct, [], new Float64Array(0)),
    fan: fanOf(equities, paths, afterTrades),
    warning: monteCarloTooFewWarning(trades),
  };
}
