/**
 * Student's t distribution against SciPy 1.x (scipy.stats.t.ppf and .cdf, printed with repr)
 * and the closed forms for 1 and 2 degrees of freedom.
 */
import { describe, expect, it } from 'vitest';
import { studentTCdf, studentTQuantile } from '../../../src/engine/robustness/student-t';

const relative = (value: number, expected: number) => Math.abs(value - expected) / Math.abs(expected);

describe('studentTQuantile', () => {
  it('gives the 97.5th percentiles SciPy gives, to 1e-12', () => {
    const scipy: [number, number][] = [
      [1, 12.706204736174694],
      [2, 4.302652729749462],
      [3, 3.1824463052837078],
      [4, 2.7764451051977934],
      [7, 2.364624251592784],
      [9, 2.262157162798205],
      [19, 2.0930240544083087],
      [30, 2.0422724563012378],
      [100, 1.9839715185235518],
      [1000, 1.9623390808264083],
    ];
    for (const [df, expected] of scipy) {
      expect(relative(studentTQuantile(0.975, df), expected), `df = ${df}`).toBeLessThan(1e-12);
      expect(relative(studentTQuantile(0.025, df), -expected), `df = ${df}`).toBeLessThan(1e-12);
    }
  });

  it('equals the closed forms for 1 and 2 degrees of freedom', () => {
    for (const p of [0.001, 0.05, 0.3, 0.7, 0.9, 0.995]) {
      expect(relative(studentTQuantile(p, 1), Math.tan(Math.PI * (p - 0.5)))).toBeLessThan(1e-12);
      expect(relative(studentTQuantile(p, 2), (2 * p - 1) / Math.sqrt(2 * p * (1 - p)))).toBeLessThan(1e-12);
    }
  });

  it('is 0 at 0.5, infinite at 0 and 1, NaN outside, and refuses no degrees of freedom', () => {
    expect(studentTQuantile(0.5, 5)).toBe(0);
    expect(studentTQuantile(0, 5)).toBe(Number.NEGATIVE_INFINITY);
    expect(studentTQuantile(1, 5)).toBe(Number.POSITIVE_INFINITY);
    expect(studentTQuantile(1.2, 5)).toBeNaN();
    expect(() => studentTQuantile(0.9, 0)).toThrow('degrees of freedom must be above 0, got 0');
  });
});

describe('studentTCdf', () => {
  it('gives the probabilities SciPy gives, to 1e-12', () => {
    expect(relative(studentTCdf(-2.5, 3), 0.04385332350403278)).toBeLessThan(1e-12);
    expect(relative(studentTCdf(1.3, 7), 0.8826160823038114)).toBeLessThan(1e-12);
    // Two-sided p-value of t = 2.1 with 9 degrees of freedom.
    expect(relative(2 * (1 - studentTCdf(2.1, 9)), 0.06511828241215196)).toBeLessThan(1e-12);
  });

  it('inverts the quantile', () => {
    for (const df of [2, 4, 9, 50]) {
      for (const p of [0.01, 0.2, 0.65, 0.99])
        expect(studentTCdf(studentTQuantile(p, df), df)).toBeCloseTo(p, 13);
    }
    expect(studentTCdf(0, 4)).toBe(0.5);
    expect(studentTCdf(Number.POSITIVE_INFINITY, 4)).toBe(1);
  });
});
