/**
 * Times each ML model on 100,000 rows of 20 seeded features (mulberry32; the label follows
 * the first three features through a logistic curve, the rest are noise): training on every
 * row, then predicting every row. One warm-up run, then the best of 2.
 */
import { trainModel } from '../src/engine/ml/model';
import { mulberry32 } from '../src/engine/robustness/random';
import { ML_MODELS, type MlModel } from '../src/shared/ml-request';

const RUNS = 2;

export interface MlBenchResult {
  model: MlModel;
  trainMs: number;
  predictMs: number;
}

export function benchMl(rows: number, features: number): MlBenchResult[] {
  const random = mulberry32(0x5eed);
  const columns = Array.from({ length: features }, () =>
    Float64Array.from({ length: rows }, () => random() * 2 - 1),
  );
  const labels = Uint8Array.from({ length: rows }, (_, row) => {
    const score = columns[0]![row]! - 0.5 * columns[1]![row]! + 0.25 * columns[2]![row]!;
    return random() < 1 / (1 + Math.exp(-score)) ? 1 : 0;
  });
  const allRows = Int32Array.from({ length: rows }, (_, row) => row);
  const probabilities = new Float64Array(rows);
  return ML_MODELS.map((model) => {
    let trainMs = Number.POSITIVE_INFINITY;
    let predictMs = Number.POSITIVE_INFINITY;
    for (let run = 0; run <= RUNS; run++) {
      const trainStart = performance.now();
      const trained = trainModel(model, columns, allRows, labels, 1);
      const predictStart = performance.now();
      for (let row = 0; row < rows; row++) probabilities[row] = trained.probability(columns, row);
      const end = performance.now();
      if (run === 0) continue;
      trainMs = Math.min(trainMs, predictStart - trainStart);
      predictMs = Math.min(predictMs, end - predictStart);
    }
    return { model, trainMs, predictMs };
  });
}
