/**
 * L2-regularised logistic regression fitted by Newton's method (iteratively reweighted least
 * squares; Hastie, Tibshirani and Friedman, The Elements of Statistical Learning, 2nd ed.,
 * section 4.4.1). Features are standardised with the training rows' mean and standard
 * deviation; the penalty lambda * |beta|^2 / 2 leaves the intercept free and keeps the fit
 * finite when the classes separate. Deterministic: no random draws.
 *
 * The Hessian costs (features + 1)^2 / 2 products a row against the gradient's features + 1,
 * so it is spared twice, neither changing the point the fit stops at (where the exact gradient
 * is zero): once the steps are small the last Hessian is kept and only the gradient is
 * recomputed (the chord method; Kelley, Iterative Methods for Linear and Nonlinear Equations,
 * SIAM 1995, section 5.4), and on many rows it is estimated from a sample of them (subsampled
 * Newton; Byrd, Chin, Neveitt and Nocedal, SIAM J. Optimization 21, 2011). Each step still
 * shrinks the error by one to three orders of magnitude.
 */
import type { ProbabilityModel } from './probability-model';

export const LOGISTIC = { lambda: 1, maxIterations: 50, tolerance: 1e-10 } as const;

/** Steps whose largest component is below this reuse the last Hessian. */
const KEEP_HESSIAN_BELOW = 1e-2;
/** Rows a pass handles at once, so their standardised values stay in cache. */
const BLOCK_ROWS = 512;
/**
 * Hessians while the fit is far from the optimum are estimated from every k-th block of rows,
 * about this many blocks (16,384 rows): the gradient stays exact, so the fit stops at the same
 * point. Should such a Hessian make a step shrink by less than half, every row counts again.
 */
const HESSIAN_BLOCKS = 32;

/** The lower Cholesky factor L (row-major n x n, A = L L^T) of a symmetric positive-definite A. */
function choleskyFactor(a: Float64Array, n: number): Float64Array {
  const factor = new Float64Array(n * n);
  for (let i = 0; i < n; i++) {
    for (let j = 0; j <= i; j++) {
      let sum = a[i * n + j]!;
      for (let k = 0; k < j; k++) sum -= factor[i * n + k]! * factor[j * n + k]!;
      if (i === j) {
        if (!(sum > 0)) throw new RangeError('The matrix is not positive definite');
        factor[i * n + i] = Math.sqrt(sum);
      } else {
        factor[i * n + j] = sum / factor[j * n + j]!;
      }
    }
  }
  return factor;
}

/** Solves L L^T x = b for the factor of choleskyFactor. */
function choleskySolve(factor: Float64Array, b: Float64Array, n: number): Float64Array {
  const y = new Float64Array(n);
  for (let i = 0; i < n; i++) {
    let sum = b[i]!;
    for (let k = 0; k < i; k++) sum -= factor[i * n + k]! * y[k]!;
    y[i] = sum / factor[i * n + i]!;
  }
  const x = new Float64Array(n);
  for (let i = n - 1; i >= 0; i--) {
    let sum = y[i]!;
    for (let k = i + 1; k < n; k++) sum -= factor[k * n + i]! * x[k]!;
    x[i] = sum / factor[i * n + i]!;
  }
  return x;
}

/** Solves A x = b for a symmetric positive-definite A (row-major n x n) by Cholesky. */
export function solveSymmetric(a: Float64Array, b: Float64Array, n: number): Float64Array {
  return choleskySolve(choleskyFactor(a, n), b, n);
}

export interface LogisticModel extends ProbabilityModel {
  /** Intercept, then one coefficient per standardised feature. */
  coefficients: Float64Array;
}

/**
 * The standardised training rows laid out for the passes: blocks of BLOCK_ROWS rows, each
 * holding its rows' values column after column (feature f of block row i at
 * (block * width + f) * BLOCK_ROWS + i), so a pass reads each block once from memory and then
 * from cache. `width` is the feature count padded to a multiple of 4 with columns of zeros, so
 * that every loop takes four columns at once and reads each value they share once.
 */
interface Design {
  values: Float64Array;
  width: number;
  count: number;
}

function standardisedDesign(
  columns: readonly Float64Array[],
  rows: Int32Array,
  mean: Float64Array,
  scale: Float64Array,
): Design {
  const count = rows.length;
  const width = 4 * Math.ceil(columns.length / 4);
  const blockStride = width * BLOCK_ROWS;
  const values = new Float64Array(Math.ceil(count / BLOCK_ROWS) * blockStride);
  // Blocks of consecutive rows (a walk-forward window's usual case) are copied whole.
  const consecutive: boolean[] = [];
  for (let start = 0; start < count; start += BLOCK_ROWS) {
    const end = Math.min(start + BLOCK_ROWS, count);
    let run = true;
    for (let i = start + 1; i < end && run; i++) run = rows[i] === rows[i - 1]! + 1;
    consecutive.push(run);
  }
  columns.forEach((column, f) => {
    // Sums of x - x0 and its square: one pass, without the cancellation of raw sums when
    // the values lie far from 0 (x0 is within the values' spread of their mean).
    const shift = column[rows[0]!]!;
    let sum = 0;
    let squares = 0;
    for (let start = 0, offset = f * BLOCK_ROWS; start < count; start += BLOCK_ROWS, offset += blockStride) {
      const length = Math.min(BLOCK_ROWS, count - start);
      if (consecutive[start / BLOCK_ROWS]) {
        values.set(column.subarray(rows[start]!, rows[start]! + length), offset);
      } else {
        for (let i = 0; i < length; i++) values[offset + i] = column[rows[start + i]!]!;
      }
      for (let i = 0; i < length; i++) {
        const d = values[offset + i]! - shift;
        sum += d;
        squares += d * d;
      }
    }
    const shiftedMean = sum / count;
    const average = shift + shiftedMean;
    const deviation = Math.sqrt(Math.max(0, squares / count - shiftedMean * shiftedMean));
    const divisor = deviation > 0 ? deviation : 1;
    for (let start = 0, offset = f * BLOCK_ROWS; start < count; start += BLOCK_ROWS, offset += blockStride) {
      const length = Math.min(BLOCK_ROWS, count - start);
      for (let i = 0; i < length; i++) values[offset + i] = (values[offset + i]! - average) / divisor;
    }
    mean[f] = average;
    scale[f] = divisor;
  });
  return { values, width, count };
}

/** What a pass works in, allocated once per fit. */
interface Workspace {
  score: Float64Array;
  residual: Float64Array;
  weight: Float64Array;
  weighted: Float64Array;
  weightedNext: Float64Array;
  sums: Float64Array;
}

/**
 * The penalised log-likelihood's gradient at beta (intercept first, then one coefficient per
 * design column), and with `hessian` given its negated Hessian X^T W X + lambda I estimated
 * from every hessianStride-th block (scaled to all rows).
 */
function accumulate(
  design: Design,
  labels: Uint8Array,
  beta: Float64Array,
  gradient: Float64Array,
  hessian: Float64Array | null,
  hessianStride: number,
  work: Workspace,
): void {
  const { values, width, count } = design;
  const size = width + 1;
  const { score, residual, weight, weighted, weightedNext, sums } = work;
  gradient.fill(0);
  hessian?.fill(0);
  let hessianRows = 0;
  const intercept = beta[0]!;
  // The first pass starts from zero slopes: every score is the intercept.
  let slopes = false;
  for (let j = 1; j < size; j++) slopes ||= beta[j] !== 0;
  for (let start = 0, block = 0; start < count; start += BLOCK_ROWS, block++) {
    const length = Math.min(BLOCK_ROWS, count - start);
    const base = block * width * BLOCK_ROWS;
    score.fill(intercept);
    for (let j = 0; slopes && j < width; j += 4) {
      const o0 = base + j * BLOCK_ROWS;
      const o1 = o0 + BLOCK_ROWS;
      const o2 = o1 + BLOCK_ROWS;
      const o3 = o2 + BLOCK_ROWS;
      const b0 = beta[j + 1]!;
      const b1 = beta[j + 2]!;
      const b2 = beta[j + 3]!;
      const b3 = beta[j + 4]!;
      for (let i = 0; i < length; i++) {
        score[i]! +=
          values[o0 + i]! * b0 + values[o1 + i]! * b1 + values[o2 + i]! * b2 + values[o3 + i]! * b3;
      }
    }
    let residualSum = 0;
    for (let i = 0; i < length; i++) {
      const p = 1 / (1 + Math.exp(-score[i]!));
      const r = labels[start + i]! - p;
      residual[i] = r;
      weight[i] = p * (1 - p);
      residualSum += r;
    }
    gradient[0]! += residualSum;
    for (let j = 0; j < width; j += 4) {
      fourDots(values, residual, base + j * BLOCK_ROWS, length, sums);
      gradient[j + 1]! += sums[0]!;
      gradient[j + 2]! += sums[1]!;
      gradient[j + 3]! += sums[2]!;
      gradient[j + 4]! += sums[3]!;
    }
    if (hessian === null || block % hessianStride !== 0) continue;
    hessianRows += length;
    let weightSum = 0;
    for (let i = 0; i < length; i++) weightSum += weight[i]!;
    hessian[0]! += weightSum;
    // Two rows of the Hessian at a time, four columns a step (a 2 x 4 tile of dot products).
    for (let j = 0; j < width; j += 2) {
      const first = base + j * BLOCK_ROWS;
      const second = first + BLOCK_ROWS;
      let interceptFirst = 0;
      let interceptSecond = 0;
      for (let i = 0; i < length; i++) {
        const w = weight[i]!;
        const a = w * values[first + i]!;
        const b = w * values[second + i]!;
        weighted[i] = a;
        weightedNext[i] = b;
        interceptFirst += a;
        interceptSecond += b;
      }
      const row = (j + 1) * size + 1;
      hessian[row - 1]! += interceptFirst;
      hessian[row + size - 1]! += interceptSecond;
      // Entries above the diagonal that a tile also sums are overwritten by symmetry below.
      for (let k = 0; k <= j + 1; k += 4) {
        tileDots(values, weighted, weightedNext, base + k * BLOCK_ROWS, length, sums);
        for (let c = 0; c < 4; c++) {
          hessian[row + k + c]! += sums[c]!;
          hessian[row + size + k + c]! += sums[4 + c]!;
        }
      }
    }
  }
  for (let j = 1; j < size; j++) gradient[j]! -= LOGISTIC.lambda * beta[j]!;
  if (hessian === null) return;
  const scale = count / hessianRows;
  for (let j = 0; j < size; j++) {
    for (let k = 0; k <= j; k++) hessian[j * size + k]! *= scale;
    for (let k = 0; k < j; k++) hessian[k * size + j] = hessian[j * size + k]!;
    if (j > 0) hessian[j * size + j]! += LOGISTIC.lambda;
  }
  // The intercept's diagonal is 0 only when every p is exactly 0 or 1; keep it invertible.
  hessian[0]! += 1e-12;
}

/** sums[c] = the dot product of `vector` with the block column at offset + c * BLOCK_ROWS, c < 4. */
function fourDots(
  values: Float64Array,
  vector: Float64Array,
  offset: number,
  length: number,
  sums: Float64Array,
): void {
  const o1 = offset + BLOCK_ROWS;
  const o2 = o1 + BLOCK_ROWS;
  const o3 = o2 + BLOCK_ROWS;
  let s0 = 0;
  let s1 = 0;
  let s2 = 0;
  let s3 = 0;
  for (let i = 0; i < length; i++) {
    const x = vector[i]!;
    s0 += x * values[offset + i]!;
    s1 += x * values[o1 + i]!;
    s2 += x * values[o2 + i]!;
    s3 += x * values[o3 + i]!;
  }
  sums[0] = s0;
  sums[1] = s1;
  sums[2] = s2;
  sums[3] = s3;
}

/**
 * sums[c] and sums[4 + c]: the dot products of `first` and of `second` with the block column
 * at offset + c * BLOCK_ROWS, c < 4.
 */
function tileDots(
  values: Float64Array,
  first: Float64Array,
  second: Float64Array,
  offset: number,
  length: number,
  sums: Float64Array,
): void {
  const o1 = offset + BLOCK_ROWS;
  const o2 = o1 + BLOCK_ROWS;
  const o3 = o2 + BLOCK_ROWS;
  let a0 = 0;
  let a1 = 0;
  let a2 = 0;
  let a3 = 0;
  let b0 = 0;
  let b1 = 0;
  let b2 = 0;
  let b3 = 0;
  for (let i = 0; i < length; i++) {
    const a = first[i]!;
    const b = second[i]!;
    const x0 = values[offset + i]!;
    const x1 = values[o1 + i]!;
    const x2 = values[o2 + i]!;
    const x3 = values[o3 + i]!;
    a0 += a * x0;
    a1 += a * x1;
    a2 += a * x2;
    a3 += a * x3;
    b0 += b * x0;
    b1 += b * x1;
    b2 += b * x2;
    b3 += b * x3;
  }
  sums[0] = a0;
  sums[1] = a1;
  sums[2] = a2;
  sums[3] = a3;
  sums[4] = b0;
  sums[5] = b1;
  sums[6] = b2;
  sums[7] = b3;
}

export function trainLogistic(
  columns: readonly Float64Array[],
  rows: Int32Array,
  labels: Uint8Array,
): LogisticModel {
  const features = columns.length;
  const count = rows.length;
  const mean = new Float64Array(features);
  const scale = new Float64Array(features);
  const design = standardisedDesign(columns, rows, mean, scale);
  // The padding columns are zeros: their coefficients stay 0 (their Hessian rows are lambda I).
  const size = design.width + 1;
  const work: Workspace = {
    score: new Float64Array(BLOCK_ROWS),
    residual: new Float64Array(BLOCK_ROWS),
    weight: new Float64Array(BLOCK_ROWS),
    weighted: new Float64Array(BLOCK_ROWS),
    weightedNext: new Float64Array(BLOCK_ROWS),
    sums: new Float64Array(8),
  };

  const beta = new Float64Array(size);
  const hessian = new Float64Array(size * size);
  const gradient = new Float64Array(size);
  let factor: Float64Array | null = null;
  let previousLargest = Number.POSITIVE_INFINITY;
  const hessianStride = Math.max(1, Math.floor(count / (HESSIAN_BLOCKS * BLOCK_ROWS)));
  let sampled = hessianStride > 1;
  // Chord steps take a few more iterations than Newton's, so the cap counts Hessians.
  for (let hessians = 0; hessians < LOGISTIC.maxIterations;) {
    const fresh = factor === null;
    accumulate(design, labels, beta, gradient, fresh ? hessian : null, sampled ? hessianStride : 1, work);
    if (factor === null) {
      factor = choleskyFactor(hessian, size);
      hessians++;
    }
    const step = choleskySolve(factor, gradient, size);
    let largest = 0;
    for (let j = 0; j < size; j++) {
      beta[j]! += step[j]!;
      largest = Math.max(largest, Math.abs(step[j]!));
    }
    // Chord steps shrink geometrically: a ratio r < 1 leaves about largest * r / (1 - r) to go.
    const ratio = largest / previousLargest;
    const remaining = !fresh && ratio < 0.5 ? (largest * ratio) / (1 - ratio) : largest;
    if (largest < LOGISTIC.tolerance || remaining < LOGISTIC.tolerance) break;
    // A chord step that shrinks by less than half (or is not a number) takes a fresh Hessian of
    // every row, which also bounds the loop by the Hessians' count.
    const stalled = !fresh && !(ratio <= 0.5);
    if (stalled) sampled = false;
    if (largest >= KEEP_HESSIAN_BELOW || stalled) factor = null;
    previousLargest = largest;
  }
  return {
    coefficients: beta.slice(0, features + 1),
    probability(featureColumns, row) {
      let z = beta[0]!;
      for (let f = 0; f < features; f++)
        z += (beta[f + 1]! * (featureColumns[f]![row]! - mean[f]!)) / scale[f]!;
      return 1 / (1 + Math.exp(-z));
    },
  };
}
