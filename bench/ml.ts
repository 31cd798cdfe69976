/**
 * Times each ML model on 100,000 rows of 20 seeded features (mulberry32; the label follows
 * the first three features through a logistic curve, the rest are noise): training on every
 * row, then predicting every row, one row at a time as a walk-forward fold does. WARM_UP_RUNS
 * runs (the JIT keeps tiering the logistic fit up over its first few), then the median of RUNS, in wall time and in the process's CPU time (which a machine
 * loaded by other processes inflates less).
 */
import { trainModel } from '../src/engine/ml/model';
import { mulberry32 } from '../src/engine/robustness/random';
import { ML_MODELS, type MlModel } from '../src/shared/ml-request';

const RUNS = 5;
const WARM_UP_RUNS = 3;

/** What each model is held against: the stage scikit-learn is timed at, and its estimator. */
export const ML_REFERENCE: Record<MlModel, { stage: 'train' | 'predict'; name: string }> = {
  logistic: { stage: 'train', name: 'LogisticRegression lbfgs' },
  'random-forest': { stage: 'predict', name: 'RandomForestClassifier' },
  'gradient-boosting': { stage: 'train', name: 'HistGradientBoosting' },
};

export interface MlTiming {
  wallMs: number;
  cpuMs: number;
}

export interface MlBenchResult {
  model: MlModel;
  train: MlTiming;
  predict: MlTiming;
}

const cpuMs = () => {
  const { user, system } = process.cpuUsage();
  return (user + system) / 1000;
};

const median = (values: number[]) => {
  const sorted = values.slice().sort((a, b) => a - b);
  return sorted[sorted.length >> 1]!;
};

export interface MlRows {
  columns: Float64Array[];
  labels: Uint8Array;
}

/** The bench's seeded problem: the label follows the first three features, the rest are noise. */
export function mlRows(rows: number, features: number): MlRows {
  const random = mulberry32(0x5eed);
  const columns = Array.from({ length: features }, () =>
    Float64Array.from({ length: rows }, () => random() * 2 - 1),
  );
  const labels = Uint8Array.from({ length: rows }, (_, row) => {
    const score = columns[0]![row]! - 0.5 * columns[1]![row]! + 0.25 * columns[2]![row]!;
    return random() < 1 / (1 + Math.exp(-score)) ? 1 : 0;
  });
  return { columns, labels };
}

export function benchMl({ columns, labels }: MlRows): MlBenchResult[] {
  const rows = labels.length;
  const allRows = Int32Array.from({ length: rows }, (_, row) => row);
  const probabilities = new Float64Array(rows);
  return ML_MODELS.map((model) => {
    const samples = {
      trainWall: [] as number[],
      trainCpu: [] as number[],
      predictWall: [] as number[],
      predictCpu: [] as number[],
    };
    for (let run = 0; run < WARM_UP_RUNS + RUNS; run++) {
      const trainStart = performance.now();
      const trainCpu = cpuMs();
      const trained = trainModel(model, columns, allRows, labels, 1);
      const predictStart = performance.now();
      const predictCpu = cpuMs();
      for (let row = 0; row < rows; row++) probabilities[row] = trained.probability(columns, row);
      const end = performance.now();
      const endCpu = cpuMs();
      if (run < WARM_UP_RUNS) continue;
      samples.trainWall.push(predictStart - trainStart);
      samples.trainCpu.push(predictCpu - trainCpu);
      samples.predictWall.push(end - predictStart);
      samples.predictCpu.push(endCpu - predictCpu);
    }
    return {
      model,
      train: { wallMs: median(samples.trainWall), cpuMs: median(samples.trainCpu) },
      predict: { wallMs: median(samples.predictWall), cpuMs: median(samples.predictCpu) },
    };
  });
}
