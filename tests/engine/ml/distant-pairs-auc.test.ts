/**
 * The AUC over pairs of samples at least `gap` rows apart equals a count of those pairs one by
 * one, is the plain AUC with no gap, and has no value without such a pair.
 */
import { describe, expect, it } from 'vitest';
import { classificationScores } from '../../../src/engine/ml/classification-metrics';
import { distantPairsAuc, type WindowSamples } from '../../../src/engine/ml/distant-pairs-auc';
import { mulberry32 } from '../../../src/engine/robustness/random';

/** The pairs one by one: each (positive, negative) pair at least `gap` rows apart, ties 1/2. */
function bruteForce({ rows, probabilities, labels }: WindowSamples, gap: number): number {
  let concordant = 0;
  let pairs = 0;
  for (let i = 0; i < labels.length; i++) {
    for (let j = 0; j < labels.length; j++) {
      if (labels[i] !== 1 || labels[j] !== 0 || Math.abs(rows[i]! - rows[j]!) < gap) continue;
      pairs++;
      concordant +=
        probabilities[i]! > probabilities[j]! ? 1 : probabilities[i] === probabilities[j] ? 0.5 : 0;
    }
  }
  return concordant / pairs;
}

/** 150 samples on increasing rows with gaps, probabilities on a grid of 20 values (many ties). */
function window(seed: number): WindowSamples {
  const random = mulberry32(seed);
  const rows: number[] = [];
  for (let row = 0; rows.length < 150; row++) if (random() < 0.8) rows.push(row);
  const labels = rows.map(() => (random() < 0.4 ? 1 : 0));
  const probabilities = labels.map((label) => Math.round((0.3 * label + 0.7 * random()) * 20) / 20);
  return { rows, probabilities, labels };
}

describe('distantPairsAuc', () => {
  it('equals the pairs counted one by one, for gaps from 1 to 60 rows', () => {
    for (let seed = 1; seed <= 5; seed++) {
      const samples = window(seed);
      for (const gap of [1, 2, 21, 40, 60]) {
        expect(distantPairsAuc(samples, gap)).toBeCloseTo(bruteForce(samples, gap), 14);
      }
    }
  });

  it('is the plain ROC AUC with no gap (and a gap of 1: every pair is a row apart)', () => {
    const samples = window(9);
    const plain = classificationScores(samples.probabilities, samples.labels, 0.5).auc!;
    expect(distantPairsAuc(samples, 0)).toBeCloseTo(plain, 14);
    expect(distantPairsAuc(samples, 1)).toBeCloseTo(plain, 14);
    // A planted ranking: leaving out the close pairs changes the value.
    expect(distantPairsAuc(samples, 40)).not.toBeCloseTo(plain, 6);
  });

  it('has no value without a distant pair of both labels', () => {
    const close = { rows: [0, 1, 2, 3], probabilities: [0.1, 0.9, 0.2, 0.8], labels: [0, 1, 0, 1] };
    expect(distantPairsAuc(close, 4)).toBeNaN();
    expect(distantPairsAuc(close, 3)).toBe(1);
    expect(distantPairsAuc({ ...close, labels: [1, 1, 1, 1] }, 0)).toBeNaN();
  });
});
