/**
 * Gradient-boosted trees for the logistic loss (Friedman, "Greedy Function Approximation",
 * Annals of Statistics 29, 2001; second-order steps as in XGBoost, Chen and Guestrin 2016):
 * start from the training rows' log-odds, then each round fits a shallow tree to the loss's
 * gradient g = y - p and hessian h = p (1 - p) and adds learningRate times its leaf values.
 * Each round sees a seeded random subsample of the rows (stochastic gradient boosting,
 * Friedman 2002), which also makes the seed matter.
 */
import type { ProbabilityModel } from './model';
import { growTree, treeValue, treeValueBinned, type Tree, type TreeTrainingSet } from './tree';

export const GRADIENT_BOOSTING = {
  rounds: 100,
  learningRate: 0.05,
  maxDepth: 3,
  minChildWeight: 10,
  lambda: 1,
  subsample: 0.8,
} as const;

const sigmoid = (score: number) => 1 / (1 + Math.exp(-score));

export function trainGradientBoosting(
  set: TreeTrainingSet,
  minChildWeight: number = GRADIENT_BOOSTING.minChildWeight,
): ProbabilityModel {
  const { binned, labels, count, random } = set;
  let positives = 0;
  for (let i = 0; i < count; i++) positives += labels[i]!;
  // Log-odds of the base rate, kept off +-infinity by a half-sample prior.
  const baseScore = Math.log((positives + 0.5) / (count - positives + 0.5));
  const score = new Float64Array(count).fill(baseScore);
  const gradient = new Float64Array(count);
  const hessian = new Float64Array(count);
  const drawn = new Int32Array(count);
  const trees: Tree[] = [];
  const { learningRate } = GRADIENT_BOOSTING;
  for (let round = 0; round < GRADIENT_BOOSTING.rounds; round++) {
    let drawnCount = 0;
    for (let i = 0; i < count; i++) {
      const p = sigmoid(score[i]!);
      gradient[i] = labels[i]! - p;
      hessian[i] = p * (1 - p);
      if (random() < GRADIENT_BOOSTING.subsample) drawn[drawnCount++] = i;
    }
    const tree = growTree(
      binned,
      gradient,
      hessian,
      drawn.slice(0, drawnCount),
      {
        maxDepth: GRADIENT_BOOSTING.maxDepth,
        minChildWeight,
        lambda: GRADIENT_BOOSTING.lambda,
        featuresPerSplit: set.featureCount,
      },
      random,
    );
    trees.push(tree);
    for (let i = 0; i < count; i++) score[i]! += learningRate * treeValueBinned(tree, binned, i);
  }
  return {
    probability(featureColumns, row) {
      let total = baseScore;
      for (const tree of trees) total += learningRate * treeValue(tree, featureColumns, row);
      return sigmoid(total);
    },
  };
}
