/**
 * The probability of backtest overfitting by combinatorially symmetric cross-validation
 * (CSCV): Bailey, Borwein, Lopez de Prado and Zhu, "The Probability of Backtest Overfitting",
 * Journal of Computational Finance 20(4), 2017, section 2.
 *
 * The T periods are cut into S contiguous blocks of equal length. For each of the C(S, S/2)
 * ways to call half of the blocks in-sample (the rest out-of-sample), the configuration with
 * the best in-sample Sharpe ratio is taken and its out-of-sample Sharpe ratio ranked among all
 * N configurations' out-of-sample ratios. PBO is the share of splits where that rank is in the
 * lower half: the in-sample winner did worse than the median out of sample.
 *
 * Convention: a split counts as overfit when its logit is strictly below 0 and as half a split
 * when it is exactly 0 (the winner at the median). The paper's definition, PBO = the integral
 * of the logits' density over (-inf, 0] (eq. 5 of section 2.3), assumes a continuous
 * distribution; with N configurations the ranks are discrete and an odd N puts 1/N of the
 * splits exactly at 0, so counting them whole would give (N + 1) / 2N, not 0.5, on noise.
 * Splitting the ties makes the value on noise 0.5 for any N.
 */
import { scoreDecay, type ScoreDecay } from './decay';
import { assertReturnsMatrix, type ReturnsMatrix } from './returns-matrix';

export const DEFAULT_PBO_BLOCKS = 16;
/** C(24, 12) = 2,704,156 splits; each costs two Sharpe ratios per configuration. */
export const MAX_PBO_BLOCKS = 24;
const LOGIT_HISTOGRAM_BINS = 20;

export interface PboOptions {
  /** S, the number of blocks: even, from 2 to MAX_PBO_BLOCKS; 16 by default (the paper's). */
  blocks?: number;
  /** Also return every split's logit and its chosen configuration's scores (splitResults). */
  keepSplits?: boolean;
}

/** Least-squares line of the out-of-sample score on the in-sample score of the chosen configuration. */
export interface Degradation {
  slope: number;
  intercept: number;
  /** Coefficient of determination; NaN when either score does not vary across splits. */
  r2: number;
}

export interface LogitBin {
  from: number;
  to: number;
  count: number;
}

export interface PboResult {
  /** Share of splits whose logit is < 0 (below the OOS median), those at exactly 0 counting one half. */
  pbo: number;
  degradation: Degradation;
  /** Share of splits where the chosen configuration's out-of-sample Sharpe ratio is below 0. */
  probabilityOfLoss: number;
  /** C(S, S/2), the number of splits evaluated. */
  splits: number;
  /** Mean in-sample and out-of-sample Sharpe ratios of the chosen configurations. */
  decay: ScoreDecay;
  /** The logits in 20 equal bins over their attainable range [-ln N, ln N]. */
  logitHistogram: LogitBin[];
  blocks: number;
  periodsPerBlock: number;
  /** T mod S: the oldest periods, left out so that the blocks are equal. */
  periodsDropped: number;
  /** Per split, in enumeration order (only with keepSplits). */
  splitResults?: {
    logits: number[];
    /** Column index of the in-sample winner. */
    chosen: number[];
    inSampleScores: number[];
    outOfSampleScores: number[];
  };
}

/** C(n, k) for n, k <= blocks: binomials[n * (blocks + 1) + k]. */
function binomialTable(blocks: number): Float64Array {
  const table = new Float64Array((blocks + 1) * (blocks + 1));
  for (let n = 0; n <= blocks; n++) {
    table[n * (blocks + 1)] = 1;
    for (let k = 1; k <= n; k++) {
      table[n * (blocks + 1) + k] =
        table[(n - 1) * (blocks + 1) + k - 1]! + table[(n - 1) * (blocks + 1) + k]!;
    }
  }
  return table;
}

function validBlocks(blocks: number, periods: number): number {
  if (!Number.isInteger(blocks) || blocks < 2 || blocks % 2 !== 0 || blocks > MAX_PBO_BLOCKS) {
    throw new RangeError(
      `the number of blocks S must be an even whole number from 2 to ${MAX_PBO_BLOCKS}, got ${blocks}`,
    );
  }
  if (periods < blocks) {
    throw new RangeError(
      `${periods} periods cannot be cut into ${blocks} blocks: CSCV needs at least S periods`,
    );
  }
  if ((blocks / 2) * Math.floor(periods / blocks) < 2) {
    throw new RangeError(
      `${periods} periods leave fewer than 2 periods in each half: a Sharpe ratio needs 2`,
    );
  }
  return blocks;
}

/**
 * Sharpe ratio mean / sample standard deviation of `count` returns that sum to `sum`, whose
 * deviations from their configuration's centre sum to `deviations` and whose squared deviations
 * sum to `squares` (centering keeps the variance free of cancellation). The mean comes from the
 * plain sum, so a half whose returns add up to exactly 0 (whole ticks that cancel) scores
 * exactly 0, as a direct computation gives; from the centred sums it would be a rounding error
 * of either sign, which breaks ties at random. A half whose returns do not vary (`constant`, or
 * a variance that is not positive) scores 0: it carries no information about skill, and 0 keeps
 * it between winners and losers in the ranking.
 */
function sharpeOfSums(
  sum: number,
  deviations: number,
  squares: number,
  count: number,
  constant: boolean,
): number {
  if (constant) return 0;
  const variance = (squares - (deviations * deviations) / count) / (count - 1);
  return variance > 0 ? sum / count / Math.sqrt(variance) : 0;
}

/**
 * Per configuration, the sets of blocks (bit masks) over which its returns take one value: a
 * half lies within one of them exactly when its returns do not vary. Tested on the values, not
 * on a computed variance, whose rounding error can be a tiny positive number for a constant
 * half (a strategy out of the market for half its history) and give it a huge Sharpe ratio.
 */
function constantBlockSets(
  values: Float64Array,
  configurations: number,
  periods: number,
  periodsDropped: number,
  blocks: number,
  periodsPerBlock: number,
): number[][] {
  return Array.from({ length: configurations }, (_, n) => {
    const masks = new Map<number, number>();
    for (let b = 0; b < blocks; b++) {
      const first = n * periods + periodsDropped + b * periodsPerBlock;
      const value = values[first]!;
      let constant = true;
      for (let t = first + 1; t < first + periodsPerBlock && constant; t++) constant = values[t] === value;
      // 0 and -0 are one value (=== says so), and one key: Map keys treat them alike.
      if (constant) masks.set(value, (masks.get(value) ?? 0) | (1 << b));
    }
    return [...masks.values()];
  });
}

/** Whether the blocks of `half` (a bit mask) all lie in one of `sets`. */
function withinOne(sets: readonly number[], half: number): boolean {
  for (const set of sets) if ((half & ~set) === 0) return true;
  return false;
}

function logitHistogram(logits: Float64Array, configurations: number): LogitBin[] {
  const limit = Math.log(configurations);
  const width = (2 * limit) / LOGIT_HISTOGRAM_BINS;
  const bins = Array.from({ length: LOGIT_HISTOGRAM_BINS }, (_, bin) => ({
    from: -limit + bin * width,
    to: -limit + (bin + 1) * width,
    count: 0,
  }));
  for (const logit of logits) {
    const bin = Math.min(Math.max(Math.floor((logit + limit) / width), 0), LOGIT_HISTOGRAM_BINS - 1);
    bins[bin]!.count++;
  }
  return bins;
}

function regression(x: Float64Array, y: Float64Array): Degradation {
  const count = x.length;
  let meanX = 0;
  let meanY = 0;
  for (let i = 0; i < count; i++) {
    meanX += x[i]!;
    meanY += y[i]!;
  }
  meanX /= count;
  meanY /= count;
  let sxx = 0;
  let syy = 0;
  let sxy = 0;
  for (let i = 0; i < count; i++) {
    const dx = x[i]! - meanX;
    const dy = y[i]! - meanY;
    sxx += dx * dx;
    syy += dy * dy;
    sxy += dx * dy;
  }
  const slope = sxy / sxx;
  return { slope, intercept: meanY - slope * meanX, r2: (sxy * sxy) / (sxx * syy) };
}

/**
 * PBO by CSCV with the non-annualised Sharpe ratio as the score (see the module note).
 *
 * Conventions: the in-sample winner is the first column with the highest in-sample Sharpe
 * ratio; its out-of-sample rank r counts from 1 (worst) to N (best), ties taking the average
 * of the ranks they span (so a tie with everything is the median); w = r / (N + 1) and the
 * logit is ln(w / (1 - w)). Cost: per-block sums are computed once, and splits sharing their
 * lowest in-sample blocks share the sums over them (fewer than C(S, S/2) such prefixes), so a
 * run costs O(T * N + C(S, S/2) * N).
 */
export function probabilityOfBacktestOverfitting(matrix: ReturnsMatrix, options: PboOptions = {}): PboResult {
  assertReturnsMatrix(matrix);
  const { values, periods, configurations } = matrix;
  if (configurations < 2)
    throw new RangeError(`PBO compares configurations: it needs at least 2, got ${configurations}`);
  const blocks = validBlocks(options.blocks ?? DEFAULT_PBO_BLOCKS, periods);
  const periodsPerBlock = Math.floor(periods / blocks);
  const periodsDropped = periods - blocks * periodsPerBlock;
  const halfCount = (blocks / 2) * periodsPerBlock;

  // Each configuration's per-block sums of its returns, of their deviations from its centre and
  // of those deviations' squares, stored block-major (block b's sums of all configurations are
  // contiguous), and their totals.
  const blockSums = new Float64Array(blocks * configurations);
  const blockDeviations = new Float64Array(blocks * configurations);
  const blockSquares = new Float64Array(blocks * configurations);
  const totalSums = new Float64Array(configurations);
  const totalDeviations = new Float64Array(configurations);
  const totalSquares = new Float64Array(configurations);
  for (let n = 0; n < configurations; n++) {
    const first = n * periods + periodsDropped;
    let sum = 0;
    for (let t = 0; t < blocks * periodsPerBlock; t++) sum += values[first + t]!;
    const center = sum / (blocks * periodsPerBlock);
    let totalSum = 0;
    let totalDeviation = 0;
    let totalSquare = 0;
    for (let b = 0; b < blocks; b++) {
      let blockSum = 0;
      let blockDeviation = 0;
      let blockSquare = 0;
      for (let t = first + b * periodsPerBlock; t < first + (b + 1) * periodsPerBlock; t++) {
        const deviation = values[t]! - center;
        blockSum += values[t]!;
        blockDeviation += deviation;
        blockSquare += deviation * deviation;
      }
      blockSums[b * configurations + n] = blockSum;
      blockDeviations[b * configurations + n] = blockDeviation;
      blockSquares[b * configurations + n] = blockSquare;
      totalSum += blockSum;
      totalDeviation += blockDeviation;
      totalSquare += blockSquare;
    }
    totalSums[n] = totalSum;
    totalDeviations[n] = totalDeviation;
    totalSquares[n] = totalSquare;
  }
  const constantSets = constantBlockSets(
    values,
    configurations,
    periods,
    periodsDropped,
    blocks,
    periodsPerBlock,
  );
  const hasConstantBlocks = Uint8Array.from(constantSets, (sets) => (sets.length > 0 ? 1 : 0));
  const allBlocks = 2 ** blocks - 1;

  const half = blocks / 2;
  const binomials = binomialTable(blocks);
  const binomial = (n: number, k: number) => binomials[n * (blocks + 1) + k]!;
  const splitCount = binomial(blocks, half);
  const logits = new Float64Array(splitCount);
  const chosen = new Int32Array(splitCount);
  const inSampleScores = new Float64Array(splitCount);
  const outOfSampleScores = new Float64Array(splitCount);
  const outOfSample = new Float64Array(configurations);
  // Row d: every configuration's sums over the first d in-sample blocks of the splits being
  // enumerated (row 0 all zeros). Splits that share their lowest blocks share these sums.
  const partialSums = new Float64Array(half * configurations);
  const partialDeviations = new Float64Array(half * configurations);
  const partialSquares = new Float64Array(half * configurations);

  /**
   * The split whose in-sample blocks are `mask` (bit b = block b) and whose in-sample sums are
   * row `parent` plus block `block`'s sums.
   */
  const evaluate = (split: number, mask: number, parent: number, block: number) => {
    let best = 0;
    let bestInSample = Number.NEGATIVE_INFINITY;
    for (let n = 0; n < configurations; n++) {
      const sum = partialSums[parent + n]! + blockSums[block + n]!;
      const deviations = partialDeviations[parent + n]! + blockDeviations[block + n]!;
      const squares = partialSquares[parent + n]! + blockSquares[block + n]!;
      // Most configurations vary in every block: no set to look through.
      const sets = hasConstantBlocks[n] === 1 ? constantSets[n]! : null;
      const inSample = sharpeOfSums(
        sum,
        deviations,
        squares,
        halfCount,
        sets !== null && withinOne(sets, mask),
      );
      outOfSample[n] = sharpeOfSums(
        totalSums[n]! - sum,
        totalDeviations[n]! - deviations,
        totalSquares[n]! - squares,
        halfCount,
        sets !== null && withinOne(sets, allBlocks & ~mask),
      );
      if (inSample > bestInSample) {
        bestInSample = inSample;
        best = n;
      }
    }
    const score = outOfSample[best]!;
    let below = 0;
    let equal = 0;
    // Counted as 0/1 numbers, not branches: which side a configuration falls is unpredictable.
    for (let n = 0; n < configurations; n++) {
      const value = outOfSample[n]!;
      below += +(value < score);
      equal += +(value === score);
    }
    const relativeRank = (below + (equal + 1) / 2) / (configurations + 1);
    logits[split] = Math.log(relativeRank / (1 - relativeRank));
    chosen[split] = best;
    inSampleScores[split] = bestInSample;
    outOfSampleScores[split] = score;
  };

  /**
   * Every split whose lowest `depth` in-sample blocks are summed in row `depth`, the next one
   * from `firstBlock` on. The in-sample blocks b_0 < b_1 < ... are summed in increasing order
   * (as a loop over the blocks would); `split` accumulates the split's position in increasing
   * order of its bit mask (bit b = block b in-sample), sum of C(b_i, i + 1) (the combinatorial
   * number system), which is the order the results are reported in.
   */
  const enumerate = (depth: number, firstBlock: number, split: number, mask: number) => {
    const parent = depth * configurations;
    if (depth === half - 1) {
      for (let b = firstBlock; b < blocks; b++)
        evaluate(split + binomial(b, half), mask | (1 << b), parent, b * configurations);
      return;
    }
    const child = parent + configurations;
    for (let b = firstBlock; b <= blocks - half + depth; b++) {
      const block = b * configurations;
      for (let n = 0; n < configurations; n++) {
        partialSums[child + n] = partialSums[parent + n]! + blockSums[block + n]!;
        partialDeviations[child + n] = partialDeviations[parent + n]! + blockDeviations[block + n]!;
        partialSquares[child + n] = partialSquares[parent + n]! + blockSquares[block + n]!;
      }
      enumerate(depth + 1, b + 1, split + binomial(b, depth + 1), mask | (1 << b));
    }
  };
  enumerate(0, 0, 0, 0);

  let overfit = 0;
  let losses = 0;
  for (let split = 0; split < splitCount; split++) {
    if (logits[split]! < 0) overfit++;
    else if (logits[split] === 0) overfit += 0.5;
    if (outOfSampleScores[split]! < 0) losses++;
  }

  return {
    pbo: overfit / splitCount,
    degradation: regression(inSampleScores, outOfSampleScores),
    probabilityOfLoss: losses / splitCount,
    splits: splitCount,
    decay: scoreDecay(inSampleScores, outOfSampleScores),
    logitHistogram: logitHistogram(logits, configurations),
    blocks,
    periodsPerBlock,
    periodsDropped,
    ...(options.keepSplits && {
      splitResults: {
        logits: Array.from(logits),
        chosen: Array.from(chosen),
        inSampleScores: Array.from(inSampleScores),
        outOfSampleScores: Array.from(outOfSampleScores),
      },
    }),
  };
}
