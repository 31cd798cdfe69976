/**
 * Where an ML run runs: its CPU estimated from its size, then in the request
 * when small, else as a job whose chunks each train a group of folds within a budget.
 *
 * The rule: a fold costs FIXED + trainRows x features x TRAIN + testRows x features x TEST
 * (microseconds). Training work grows with the cells it bins and splits; the test window is
 * predicted once and again per feature for the permutation importance. Preparing the run
 * (features, labels, rules) costs PREPARE per row x feature, assembling it (the out-of-sample
 * strategy, its baselines and the threshold sweep: about a dozen simulations) ASSEMBLE per row
 * plus ASSEMBLE_FIXED for the sweep's PBO, whose 12,870 CSCV splits cost 4-5 ms at any length.
 *
 * Source of the constants: runMlFold timed under tsx (Node 20's V8, the engine workerd runs)
 * on hourly synthetic bars with the 7 base features, train windows of 500 and 4,000 bars and
 * test windows of 100 and 2,000, the fastest of 7 folds on a shared 2-core machine (load ~8),
 * fitted per model and rounded up: random forest 28 ms (500/100) to 431 ms (4,000/2,000),
 * gradient boosting 30 to 226 ms, logistic 3 to 9 ms; preparing took 0.03-0.35 us per cell.
 * Checked against whole runs in process CPU time by `npm run bench` (bench/ml-cost.ts): the
 * estimate is 1.3 to 5 times the CPU measured, from 1,300 bars (5 folds, 29-75 ms) to 20,000
 * bars (18 folds of 2,000 + 1,000 bars, 1.9-2.5 s), so it errs towards queueing.
 */
import type { MlPreparedRun } from '../../../engine/index';
import type { MlModel } from '../../../shared/ml-request';

const MODEL_COST_US: Record<MlModel, { fixed: number; train: number; test: number }> = {
  logistic: { fixed: 3_000, train: 0.5, test: 1 },
  'random-forest': { fixed: 3_000, train: 3.5, test: 20 },
  'gradient-boosting': { fixed: 17_000, train: 2.5, test: 7 },
};
const PREPARE_US_PER_CELL = 0.4;
const ASSEMBLE_US_PER_ROW = 8;
const ASSEMBLE_FIXED_US = 5_000;

/**
 * CPU a run may take inside the request (well under a request's CPU budget, about 50 ms); larger runs queue.
 * ML_REQUEST_BUDGET_MS overrides it.
 */
export const REQUEST_BUDGET_MS = 50;
/**
 * Estimated CPU of one queue message (a chunk of folds, with its preparation and, for the last,
 * the assembly). The consumer takes one message per invocation (wrangler.toml max_batch_size)
 * and a Worker invocation has 30 s of CPU by default: one chunk of 5 s stays far under it.
 * ML_CHUNK_BUDGET_MS overrides it (tests use it to get several chunks from a small run).
 */
export const CHUNK_BUDGET_MS = 5_000;

export interface MlCostEstimate {
  prepareMs: number;
  assembleMs: number;
  /** Each fold's training and prediction. */
  foldMs: number[];
  totalMs: number;
}

export function estimateMlCost(run: MlPreparedRun): MlCostEstimate {
  const features = run.features.names.length;
  const rows = run.data.c.length;
  const cost = MODEL_COST_US[run.ml.model];
  const foldMs = run.folds.map(
    (fold) =>
      (cost.fixed +
        (fold.trainTo - fold.trainFrom) * features * cost.train +
        (fold.testTo - fold.testFrom) * features * cost.test) /
      1000,
  );
  const prepareMs = (rows * features * PREPARE_US_PER_CELL) / 1000;
  const assembleMs = (ASSEMBLE_FIXED_US + rows * ASSEMBLE_US_PER_ROW) / 1000;
  return {
    prepareMs,
    assembleMs,
    foldMs,
    totalMs: prepareMs + assembleMs + foldMs.reduce((sum, ms) => sum + ms, 0),
  };
}

export class MlTooLargeError extends Error {}

/**
 * Most test bars whose probabilities one chunk stores: float64 in base64url is about 11 bytes a
 * bar, so a chunk's D1 row stays far below D1's 2 MB per row.
 */
export const MAX_CHUNK_TEST_BARS = 50_000;

/**
 * Folds per chunk, so that every chunk's preparation, folds and (for the last) assembly stay
 * within `chunkBudgetMs` and its stored probabilities within MAX_CHUNK_TEST_BARS; throws
 * MlTooLargeError when a single fold does not fit the budget.
 */
export function foldsPerChunk(estimate: MlCostEstimate, chunkBudgetMs: number, testBars: number): number {
  const overhead = estimate.prepareMs + estimate.assembleMs;
  const largestFold = Math.max(...estimate.foldMs);
  const perChunk = Math.floor((chunkBudgetMs - overhead) / largestFold);
  if (perChunk < 1) {
    throw new MlTooLargeError(
      `One walk-forward fold needs about ${Math.ceil((overhead + largestFold) / 1000)} s of computing, ` +
        `more than a job step may take (${chunkBudgetMs / 1000} s): use a shorter training or test window, ` +
        'fewer features or a lighter model',
    );
  }
  return Math.min(perChunk, estimate.foldMs.length, Math.max(1, Math.floor(MAX_CHUNK_TEST_BARS / testBars)));
}

/** A budget from an optional variable (milliseconds), else the default. */
export function budgetMs(variable: string | undefined, fallback: number): number {
  const value = Number(variable);
  return variable !== undefined && Number.isFinite(value) && value > 0 ? value : fallback;
}
