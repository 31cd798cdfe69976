import { describe, expect, it } from 'vitest';
import { rocAuc } from '../../../src/engine/ml/classification-metrics';
import { LOGISTIC, solveSymmetric, trainLogistic } from '../../../src/engine/ml/logistic';
import { trainModel } from '../../../src/engine/ml/model';
import { mulberry32 } from '../../../src/engine/robustness/random';
import { ML_MODELS } from '../../../src/shared/ml-request';
import reference from './logistic-reference.json';
import { LOGISTIC_CASES } from './logistic-reference-data';

/** Two noisy features and a label that follows the first one through a logistic curve. */
function dataset(count: number, seed: number) {
  const random = mulberry32(seed);
  const x0 = Float64Array.from({ length: count }, () => random() * 4 - 2);
  const x1 = Float64Array.from({ length: count }, () => random() * 10);
  const labels = Uint8Array.from(x0, (x) => (random() < 1 / (1 + Math.exp(-2 * x)) ? 1 : 0));
  return { columns: [x0, x1], rows: Int32Array.from({ length: count }, (_, i) => i), labels };
}

describe('logistic regression', () => {
  it('solves a symmetric system by Cholesky', () => {
    // [[4, 2], [2, 3]] x = [2, 1] -> x = [0.5, 0].
    expect(Array.from(solveSymmetric(Float64Array.of(4, 2, 2, 3), Float64Array.of(2, 1), 2))).toEqual([
      0.5, 0,
    ]);
  });

  it('stops where the penalised log-likelihood’s gradient is zero', () => {
    const { columns, rows, labels } = dataset(2000, 3);
    const model = trainLogistic(columns, rows, labels);
    // The gradient in the standardised features the model was fitted on.
    const standardised = columns.map((column) => {
      const mean = column.reduce((sum, x) => sum + x, 0) / column.length;
      const deviation = Math.sqrt(column.reduce((sum, x) => sum + (x - mean) ** 2, 0) / column.length);
      return Float64Array.from(column, (x) => (x - mean) / deviation);
    });
    const gradient = new Float64Array(3);
    for (const row of rows) {
      const residual = labels[row]! - model.probability(columns, row);
      gradient[0]! += residual;
      gradient[1]! += standardised[0]![row]! * residual;
      gradient[2]! += standardised[1]![row]! * residual;
    }
    gradient[1]! -= LOGISTIC.lambda * model.coefficients[1]!;
    gradient[2]! -= LOGISTIC.lambda * model.coefficients[2]!;
    for (const component of gradient) expect(Math.abs(component)).toBeLessThan(1e-8);
    // The signal is on the first feature, none on the second: slope 2 per unit of x0, whose
    // standard deviation is sqrt(4/3) (uniform on [-2, 2]).
    const slopePerUnit = model.coefficients[1]! / Math.sqrt(4 / 3);
    expect(slopePerUnit).toBeGreaterThan(1.7);
    expect(slopePerUnit).toBeLessThan(2.3);
    expect(Math.abs(model.coefficients[2]!)).toBeLessThan(0.15);
  });
  it('fits rows picked out of longer columns, in any order, as it fits those rows copied out', () => {
    const { columns, rows, labels } = dataset(3000, 8);
    // Every third row, then the rest in reverse: no block of consecutive rows past the first.
    const picked = Int32Array.from([
      ...Array.from({ length: 1000 }, (_, i) => 3 * i),
      ...Array.from(rows.filter((row) => row % 3 !== 0)).reverse(),
    ]);
    const pickedLabels = Uint8Array.from(picked, (row) => labels[row]!);
    const copied = columns.map((column) => Float64Array.from(picked, (row) => column[row]!));
    const fromPicked = trainLogistic(columns, picked, pickedLabels);
    const fromCopied = trainLogistic(copied, rows, pickedLabels);
    picked.forEach((row, i) =>
      expect(Math.abs(fromPicked.probability(columns, row) - fromCopied.probability(copied, i))).toBeLessThan(
        1e-12,
      ),
    );
  });

  it('gives the same probabilities when a feature is moved far from zero', () => {
    const { columns, rows, labels } = dataset(2000, 5);
    const moved = [columns[0]!.map((x) => x + 1e6), columns[1]!];
    const model = trainLogistic(columns, rows, labels);
    const movedModel = trainLogistic(moved, rows, labels);
    for (const row of rows)
      expect(Math.abs(model.probability(columns, row) - movedModel.probability(moved, row))).toBeLessThan(
        1e-9,
      );
  });
});

describe('logistic regression against the full-Newton reference', () => {
  it.each(LOGISTIC_CASES.map((set, index) => [set.name, set, reference.cases[index]!] as const))(
    'gives the reference probabilities within 1e-8 (%s)',
    (name, { columns, rows, labels, checked }, expected) => {
      expect(expected.name).toBe(name);
      const model = trainLogistic(columns, rows, labels);
      const probabilities = Array.from(checked, (row) => model.probability(columns, row));
      expect(probabilities).toHaveLength(expected.probabilities.length);
      probabilities.forEach((probability, index) =>
        expect(Math.abs(probability - expected.probabilities[index]!)).toBeLessThan(1e-8),
      );
    },
  );
});

describe.each(ML_MODELS)('%s', (kind) => {
  it('learns a clean threshold rule (AUC 1 on new rows)', () => {
    const random = mulberry32(5);
    const x = Float64Array.from({ length: 3000 }, () => random());
    const noise = Float64Array.from({ length: 3000 }, () => random());
    const labels = Uint8Array.from(x, (value) => (value > 0.3 ? 1 : 0));
    const train = Int32Array.from({ length: 2000 }, (_, i) => i);
    const model = trainModel(kind, [x, noise], train, labels.subarray(0, 2000), 9);
    const test = Array.from({ length: 1000 }, (_, i) => 2000 + i);
    const probabilities = test.map((row) => model.probability([x, noise], row));
    expect(
      rocAuc(
        probabilities,
        test.map((row) => labels[row]!),
      ),
    ).toBeGreaterThan(0.999);
  });

  it('gives one class’s smoothed rate when training has that class only', () => {
    const model = trainModel(
      kind,
      [Float64Array.of(1, 2, 3)],
      Int32Array.of(0, 1, 2),
      Uint8Array.of(1, 1, 1),
      1,
    );
    expect(model.probability([Float64Array.of(5)], 0)).toBe(4 / 5);
  });

  it('gives the same probabilities for the same seed', () => {
    const { columns, rows, labels } = dataset(1500, 21);
    const first = trainModel(kind, columns, rows, labels, 77);
    const again = trainModel(kind, columns, rows, labels, 77);
    for (let row = 0; row < 50; row++)
      expect(again.probability(columns, row)).toBe(first.probability(columns, row));
  });
});
