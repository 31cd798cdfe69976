/** The three models of an ML run behind one shape: train on rows, give P(label 1) for a row. */
import type { MlModel } from '../../shared/ml-request';
import { mulberry32 } from '../robustness/random';
import { binRows } from './binning';
import { trainGradientBoosting } from './gradient-boosting';
import { trainLogistic } from './logistic';
import { trainRandomForest } from './random-forest';
import type { TreeTrainingSet } from './tree';

export interface ProbabilityModel {
  /** P(label = 1) for `row` of the feature columns (every feature finite there). */
  probability(columns: readonly Float64Array[], row: number): number;
}

/**
 * Trains `kind` on `rows` of the columns; labels[i] is the label of rows[i]. A training set of
 * one class gives that class's smoothed rate, (positives + 1) / (count + 2), for every row.
 */
export function trainModel(
  kind: MlModel,
  columns: readonly Float64Array[],
  rows: Int32Array,
  labels: Uint8Array,
  seed: number,
): ProbabilityModel {
  let positives = 0;
  for (const label of labels) positives += label;
  if (positives === 0 || positives === labels.length) {
    const rate = (positives + 1) / (labels.length + 2);
    return { probability: () => rate };
  }
  switch (kind) {
    case 'logistic':
      return trainLogistic(columns, rows, labels);
    case 'random-forest':
      return trainRandomForest(treeTrainingSet(columns, rows, labels, seed));
    case 'gradient-boosting':
      return trainGradientBoosting(treeTrainingSet(columns, rows, labels, seed));
  }
}

/** The rows binned for the tree models, with a random source seeded by `seed`. */
function treeTrainingSet(
  columns: readonly Float64Array[],
  rows: Int32Array,
  labels: Uint8Array,
  seed: number,
): TreeTrainingSet {
  return {
    binned: binRows(columns, rows),
    labels,
    count: rows.length,
    featureCount: columns.length,
    random: mulberry32(seed),
  };
}
