/**
 * Phi and Phi^-1 against 17-digit values computed with mpmath at 50 digits (mpmath.ncdf, and
 * sqrt(2) erfinv(2p - 1) at 700 digits for the quantiles), for the exact double inputs.
 */
import { describe, expect, it } from 'vitest';
import { normalCdf, normalQuantile } from '../../../src/engine/robustness/normal-distribution';

const CDF_REFERENCE: [number, number][] = [
  [-37, 5.725571222524577e-300],
  [-30, 4.906713927148187e-198],
  [-20, 2.7536241186062337e-89],
  [-10, 7.619853024160525e-24],
  [-7, 1.279812543885835e-12],
  [-5.5, 1.8989562465887718e-8],
  [-3, 0.0013498980316300946],
  [-1.5, 0.06680720126885807],
  [-0.66, 0.25462691467133614],
  [-0.1, 0.460172162722971],
  [0, 0.5],
  [0.3, 0.6179114221889527],
  [0.66291, 0.7463059016102601],
  [0.7, 0.758036347776927],
  [1, 0.8413447460685429],
  [2, 0.9772498680518208],
  [3, 0.9986501019683699],
  [5, 0.9999997133484281],
  [5.6, 0.9999999892824097],
];

const QUANTILE_REFERENCE: [number, number][] = [
  [1e-300, -37.0470962993612],
  [1e-20, -9.262340089798407],
  [1e-10, -6.361340902404057],
  [0.001, -3.0902323061678136],
  [0.01, -2.326347874040841],
  [0.025, -1.9599639845400543],
  [0.075, -1.439531470938456],
  [0.3, -0.5244005127080408],
  [0.5, 0],
  [0.8, 0.8416212335729144],
  [0.925, 1.4395314709384561],
  [0.975, 1.9599639845400538],
  [0.99, 2.3263478740408408],
  [0.999999, 4.753424308817088],
];

function relativeError(actual: number, expected: number): number {
  return expected === 0 ? Math.abs(actual) : Math.abs(actual / expected - 1);
}

describe('normalCdf (Cody)', () => {
  it.each(CDF_REFERENCE)('Phi(%d) is within 1e-15 relative of the 50-digit value', (x, expected) => {
    expect(relativeError(normalCdf(x), expected)).toBeLessThan(1e-15);
  });

  it('is symmetric, 0 and 1 far out, NaN for NaN', () => {
    for (const x of [0.2, 0.9, 1.7, 4.2, 6.5]) expect(normalCdf(x) + normalCdf(-x)).toBeCloseTo(1, 15);
    expect(normalCdf(-40)).toBe(0);
    expect(normalCdf(40)).toBe(1);
    expect(normalCdf(Number.NaN)).toBeNaN();
  });
});

describe('normalQuantile (Wichura AS241)', () => {
  it.each(QUANTILE_REFERENCE)('Phi^-1(%d) is within 1e-15 relative of the reference', (p, expected) => {
    expect(relativeError(normalQuantile(p), expected)).toBeLessThan(1e-15);
  });

  it('inverts normalCdf (lower half: above it, doubles near 1 hold too few digits of the tail)', () => {
    for (let x = -30; x <= 0; x += 0.37) expect(normalQuantile(normalCdf(x))).toBeCloseTo(x, 12);
  });

  it('is infinite at 0 and 1 and NaN outside [0, 1]', () => {
    expect(normalQuantile(0)).toBe(Number.NEGATIVE_INFINITY);
    expect(normalQuantile(1)).toBe(Number.POSITIVE_INFINITY);
    expect(normalQuantile(-0.1)).toBeNaN();
    expect(normalQuantile(1.1)).toBeNaN();
    expect(normalQuantile(Number.NaN)).toBeNaN();
  });
});
