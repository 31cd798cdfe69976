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
 * The penalised log-likelihood's gradient at beta, and with `hessian` given its negated
 * Hessian X^T W X + lambda I, over the design's columns (the intercept's ones first). Rows go
 * by blocks copied column after column (x_j of block row i at j * BLOCK_ROWS + i), and the
 * loops take four columns at once so that each value they share is read once.
 */
function accumulate(
  design: readonly Float64Array[],
  labels: Uint8Array,
  beta: Float64Array,
  gradient: Float64Array,
  hessian: Float64Array | null,
  hessianStride: number,
): void {
  const size = design.length;
  const count = labels.length;
  const block = new Float64Array((size + 3) * BLOCK_ROWS);
  const residual = new Float64Array(BLOCK_ROWS);
  const weight = new Float64Array(BLOCK_ROWS);
  const weighted = new Float64Array(BLOCK_ROWS);
  const sums = new Float64Array(4);
  // Padding columns of zeros with zero coefficients let every loop take four columns.
  const padded = new Float64Array(size + 3);
  padded.set(beta);
  gradient.fill(0);
  hessian?.fill(0);
  let hessianRows = 0;
  for (let start = 0; start < count; start += BLOCK_ROWS) {
    const length = Math.min(BLOCK_ROWS, count - start);
    for (let j = 0; j < size; j++) block.set(design[j]!.subarray(start, start + length), j * BLOCK_ROWS);
    residual.fill(0);
    for (let j = 0; j < size; j += 4) {
      const o0 = j * BLOCK_ROWS;
      const o1 = o0 + BLOCK_ROWS;
      const o2 = o1 + BLOCK_ROWS;
      const o3 = o2 + BLOCK_ROWS;
      const b0 = padded[j]!;
      const b1 = padded[j + 1]!;
      const b2 = padded[j + 2]!;
      const b3 = padded[j + 3]!;
      for (let i = 0; i < length; i++) {
        residual[i]! += block[o0 + i]! * b0 + block[o1 + i]! * b1 + block[o2 + i]! * b2 + block[o3 + i]! * b3;
      }
    }
    for (let i = 0; i < length; i++) {
      const p = 1 / (1 + Math.exp(-residual[i]!));
      residual[i] = labels[start + i]! - p;
      weight[i] = p * (1 - p);
    }
    for (let j = 0; j < size; j += 4) {
      fourDots(block, residual, j * BLOCK_ROWS, length, sums);
      for (let c = 0; c < 4 && j + c < size; c++) gradient[j + c]! += sums[c]!;
    }
    if (hessian === null || (start / BLOCK_ROWS) % hessianStride !== 0) continue;
    hessianRows += length;
    for (let j = 0; j < size; j++) {
      const offset = j * BLOCK_ROWS;
      for (let i = 0; i < length; i++) weighted[i] = weight[i]! * block[offset + i]!;
      for (let k = 0; k <= j; k += 4) {
        fourDots(block, weighted, k * BLOCK_ROWS, length, sums);
        for (let c = 0; c < 4 && k + c <= j; c++) hessian[j * size + k + c]! += sums[c]!;
      }
    }
  }
  for (let j = 1; j < size; j++) gradient[j]! -= LOGISTIC.lambda * beta[j]!;
  if (hessian === null) return;
  const scale = count / hessianRows;
  for (let j = 0; j < size; j++) {
    for (let k = 0; k < j; k++) hessian[j * size + k]! *= scale;
    hessian[j * size + j]! *= scale;
    for (let k = 0; k < j; k++) hessian[k * size + j] = hessian[j * size + k]!;
    if (j > 0) hessian[j * size + j]! += LOGISTIC.lambda;
  }
  // The intercept's diagonal is 0 only when every p is exactly 0 or 1; keep it invertible.
  hessian[0]! += 1e-12;
}

/** sums[c] = the dot product of `vector` with block column (offset / BLOCK_ROWS) + c, c < 4. */
function fourDots(
  block: Float64Array,
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
    s0 += x * block[offset + i]!;
    s1 += x * block[o1 + i]!;
    s2 += x * block[o2 + i]!;
    s3 += x * block[o3 + i]!;
  }
  sums[0] = s0;
  sums[1] = s1;
  sums[2] = s2;
  sums[3] = s3;
}

export function trainLogistic(
  columns: readonly Float64Array[],
  rows: Int32Array,
  labels: Uint8Array,
): LogisticModel {
  const features = columns.length;
  const count = rows.length;
  const size = features + 1;
  // Standardised design, one column per feature after the intercept's column of ones.
  const mean = new Float64Array(features);
  const scale = new Float64Array(features);
  const design = [new Float64Array(count).fill(1)];
  columns.forEach((column, f) => {
    let sum = 0;
    for (let i = 0; i < count; i++) sum += column[rows[i]!]!;
    mean[f] = sum / count;
    let squares = 0;
    for (let i = 0; i < count; i++) squares += (column[rows[i]!]! - mean[f]!) ** 2;
    const deviation = Math.sqrt(squares / count);
    scale[f] = deviation > 0 ? deviation : 1;
    const standardised = new Float64Array(count);
    for (let i = 0; i < count; i++) standardised[i] = (column[rows[i]!]! - mean[f]!) / scale[f]!;
    design.push(standardised);
  });

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
    accumulate(design, labels, beta, gradient, fresh ? hessian : null, sampled ? hessianStride : 1);
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
    coefficients: beta,
    probability(featureColumns, row) {
      let z = beta[0]!;
      for (let f = 0; f < features; f++)
        z += (beta[f + 1]! * (featureColumns[f]![row]! - mean[f]!)) / scale[f]!;
      return 1 / (1 + Math.exp(-z));
    },
  };
}
