/**
 * L2-regularised logistic regression fitted by Newton's method (iteratively reweighted least
 * squares; Hastie, Tibshirani and Friedman, The Elements of Statistical Learning, 2nd ed.,
 * section 4.4.1). Features are standardised with the training rows' mean and standard
 * deviation; the penalty lambda * |beta|^2 / 2 leaves the intercept free and keeps the fit
 * finite when the classes separate. Deterministic: no random draws.
 */
import type { ProbabilityModel } from './model';

export const LOGISTIC = { lambda: 1, maxIterations: 50, tolerance: 1e-10 } as const;

/** Solves A x = b for a symmetric positive-definite A (row-major n x n) by Cholesky. */
export function solveSymmetric(a: Float64Array, b: Float64Array, n: number): Float64Array {
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

export interface LogisticModel extends ProbabilityModel {
  /** Intercept, then one coefficient per standardised feature. */
  coefficients: Float64Array;
}

export function trainLogistic(
  columns: readonly Float64Array[],
  rows: Int32Array,
  labels: Uint8Array,
): LogisticModel {
  const features = columns.length;
  const count = rows.length;
  const size = features + 1;
  // Standardised design matrix, row-major with a leading 1 for the intercept.
  const mean = new Float64Array(features);
  const scale = new Float64Array(features);
  const design = new Float64Array(count * size);
  columns.forEach((column, f) => {
    let sum = 0;
    for (let i = 0; i < count; i++) sum += column[rows[i]!]!;
    mean[f] = sum / count;
    let squares = 0;
    for (let i = 0; i < count; i++) squares += (column[rows[i]!]! - mean[f]!) ** 2;
    const deviation = Math.sqrt(squares / count);
    scale[f] = deviation > 0 ? deviation : 1;
    for (let i = 0; i < count; i++) design[i * size + f + 1] = (column[rows[i]!]! - mean[f]!) / scale[f]!;
  });
  for (let i = 0; i < count; i++) design[i * size] = 1;

  const beta = new Float64Array(size);
  const hessian = new Float64Array(size * size);
  const gradient = new Float64Array(size);
  for (let iteration = 0; iteration < LOGISTIC.maxIterations; iteration++) {
    hessian.fill(0);
    gradient.fill(0);
    for (let i = 0; i < count; i++) {
      const offset = i * size;
      let z = 0;
      for (let j = 0; j < size; j++) z += design[offset + j]! * beta[j]!;
      const p = 1 / (1 + Math.exp(-z));
      const residual = labels[i]! - p;
      const w = p * (1 - p);
      for (let j = 0; j < size; j++) {
        const xj = design[offset + j]!;
        gradient[j]! += xj * residual;
        const wxj = w * xj;
        for (let k = 0; k <= j; k++) hessian[j * size + k]! += wxj * design[offset + k]!;
      }
    }
    for (let j = 0; j < size; j++) {
      for (let k = 0; k < j; k++) hessian[k * size + j] = hessian[j * size + k]!;
      if (j > 0) {
        hessian[j * size + j]! += LOGISTIC.lambda;
        gradient[j]! -= LOGISTIC.lambda * beta[j]!;
      }
    }
    // The intercept's diagonal is 0 only when every p is exactly 0 or 1; keep it invertible.
    hessian[0]! += 1e-12;
    const step = solveSymmetric(hessian, gradient, size);
    let largest = 0;
    for (let j = 0; j < size; j++) {
      beta[j]! += step[j]!;
      largest = Math.max(largest, Math.abs(step[j]!));
    }
    if (largest < LOGISTIC.tolerance) break;
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
