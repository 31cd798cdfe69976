/** The three models of an ML run behind one shape: train on rows, give P(label 1) for a row. */
import type { MlModel } from '../../shared/ml-request';
import { mulberry32 } from '../robustness/random';
import { binRows } from './binning';
import { GRADIENT_BOOSTING, trainGradientBoosting } from './gradient-boosting';
import { trainLogistic } from './logistic';
import type { ProbabilityModel } from './probability-model';
import { RANDOM_FOREST, trainRandomForest } from './random-forest';
import type { TreeTrainingSet } from './tree';

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
      return trainRandomForest(
        treeTrainingSet(columns, rows, labels, seed),
        scaledMinChildWeight(RANDOM_FOREST.minChildWeight, labels.length),
      );
    case 'gradient-boosting': {
      // The root's hessian: the subsampled rows times p (1 - p) at the base rate p.
      const rate = positives / labels.length;
      return trainGradientBoosting(
        treeTrainingSet(columns, rows, labels, seed),
        scaledMinChildWeight(
          GRADIENT_BOOSTING.minChildWeight,
          labels.length * GRADIENT_BOOSTING.subsample * rate * (1 - rate),
        ),
      );
    }
  }
}

/** A child may be asked to keep at most this share of its tree's root weight. */
export const MAX_CHILD_WEIGHT_SHARE = 1 / 8;

/**
 * The least weight a tree's child keeps: the model's limit, lowered to an eighth of the root's
 * weight on small training windows. Absolute limits leave a short window no legal split (a
 * random forest's 30 needs 60 bootstrap rows; boosting's 10 of hessian needs about 200 rows), so
 * the trees would silently predict one value; an eighth still lets a depth-3 tree split.
 * Windows of at least 240 rows (random forest) or about 400 (boosting) keep the model's limit.
 */
export function scaledMinChildWeight(limit: number, rootWeight: number): number {
  return Math.min(limit, rootWeight * MAX_CHILD_WEIGHT_SHARE);
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
