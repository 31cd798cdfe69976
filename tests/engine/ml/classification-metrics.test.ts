import { describe, expect, it } from 'vitest';
import {
  calibrationTable,
  classificationScores,
  concordance,
  logLoss,
  rocAuc,
} from '../../../src/engine/ml/classification-metrics';
import { mulberry32 } from '../../../src/engine/robustness/random';

/** Every (positive, negative) pair compared one by one: the count concordance must equal. */
function pairByPair(probabilities: number[], labels: number[]) {
  let concordant = 0;
  let pairs = 0;
  for (let i = 0; i < labels.length; i++) {
    if (labels[i] !== 1) continue;
    for (let j = 0; j < labels.length; j++) {
      if (labels[j] === 1) continue;
      concordant +=
        probabilities[i]! > probabilities[j]! ? 1 : probabilities[i] === probabilities[j] ? 0.5 : 0;
      pairs++;
    }
  }
  return { concordant, pairs };
}

describe('ROC AUC', () => {
  it('is 0.75 on scikit-learn’s roc_auc_score example', () => {
    // y = [0, 0, 1, 1], scores [0.1, 0.4, 0.35, 0.8]: of the 4 (positive, negative) pairs, 3
    // are ordered correctly (0.35 < 0.4 is the wrong one).
    expect(rocAuc([0.1, 0.4, 0.35, 0.8], [0, 0, 1, 1])).toBe(0.75);
  });

  it('counts a tie between a positive and a negative as one half', () => {
    expect(rocAuc([0.5, 0.5], [0, 1])).toBe(0.5);
    // Pairs: (0.7 vs 0.2) right, (0.7 vs 0.7) half, (0.9 vs 0.2) right, (0.9 vs 0.7) right -> 3.5 / 4.
    expect(rocAuc([0.2, 0.7, 0.7, 0.9], [0, 0, 1, 1])).toBe(0.875);
  });

  it('is null without both classes', () => {
    expect(rocAuc([0.2, 0.9], [1, 1])).toBeNull();
    expect(rocAuc([], [])).toBeNull();
  });

  it('counts exactly the pairs a pair-by-pair comparison counts, ties, zeros of both signs and all', () => {
    const random = mulberry32(17);
    for (const [count, levels] of [
      [1, 3],
      [2, 2],
      [40, 3],
      [300, 10],
      [1000, 1_000_000],
    ] as const) {
      // Few levels: many ties within and across the classes.
      const probabilities = Array.from({ length: count }, () => Math.floor(random() * levels) / levels);
      probabilities[0] = -0;
      const labels = Array.from({ length: count }, () => (random() < 0.4 ? 1 : 0));
      const expected = pairByPair(probabilities, labels);
      const counted = concordance(probabilities, labels);
      expect(counted.concordant).toBe(expected.concordant);
      expect(counted.positives * counted.negatives).toBe(expected.pairs);
      expect(rocAuc(probabilities, labels)).toBe(
        expected.pairs > 0 ? expected.concordant / expected.pairs : null,
      );
    }
  });
});

describe('log loss', () => {
  it('is 0.21616 on scikit-learn’s log_loss example', () => {
    // -(ln 0.9 + ln 0.9 + ln 0.8 + ln 0.65) / 4
    const expected = -(Math.log(0.9) * 2 + Math.log(0.8) + Math.log(0.65)) / 4;
    expect(logLoss([0.9, 0.1, 0.2, 0.65], [1, 0, 0, 1])).toBeCloseTo(expected, 15);
    expect(logLoss([0.9, 0.1, 0.2, 0.65], [1, 0, 0, 1])).toBeCloseTo(0.21616, 5);
  });

  it('clips certain wrong answers to 1e-15 instead of an infinite loss', () => {
    // 1 - 1e-15 rounds to a double whose complement is 1.11e-15, as in numpy.
    const expected = -(Math.log(1e-15) + Math.log(1 - (1 - 1e-15))) / 2;
    expect(logLoss([0, 1], [1, 0])).toBeCloseTo(expected, 12);
    expect(expected).toBeGreaterThan(34.5);
  });
});

describe('accuracy, precision and recall at the threshold', () => {
  it('counts p >= threshold as a predicted 1', () => {
    // Predicted at 0.6: [0, 1, 1, 0, 1]; actual [0, 1, 0, 1, 1]: TP 2, FP 1, FN 1, TN 1.
    const scores = classificationScores([0.2, 0.6, 0.9, 0.5, 0.7], [0, 1, 0, 1, 1], 0.6);
    expect(scores).toMatchObject({ samples: 5, accuracy: 3 / 5, precision: 2 / 3, recall: 2 / 3 });
  });

  it('gives no precision when nothing is predicted positive', () => {
    const scores = classificationScores([0.1, 0.2], [0, 1], 0.5);
    expect(scores.precision).toBeNull();
    expect(scores.recall).toBe(0);
  });
});

describe('calibration table', () => {
  it('puts each probability in its tenth and reports the mean and the observed rate', () => {
    const table = calibrationTable([0.05, 0.15, 0.12, 0.95, 1], [0, 1, 0, 1, 1]);
    expect(table).toHaveLength(10);
    expect(table[0]).toEqual({ from: 0, to: 0.1, samples: 1, meanProbability: 0.05, observedRate: 0 });
    expect(table[1]!.samples).toBe(2);
    expect(table[1]!.meanProbability).toBeCloseTo(0.135, 12);
    expect(table[1]!.observedRate).toBe(0.5);
    expect(table[9]).toEqual({ from: 0.9, to: 1, samples: 2, meanProbability: 0.975, observedRate: 1 });
    expect(table[5]).toMatchObject({ samples: 0, meanProbability: null, observedRate: null });
  });
});
