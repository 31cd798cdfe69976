/**
 * Random forest of classification trees (Breiman, "Random Forests", Machine Learning 45, 2001):
 * each tree grows on a bootstrap sample of the training rows, drawing sqrt(features) candidate
 * features at each split; the probability is the mean over the trees of the leaf's share of
 * label 1. Histogram splits (binning.ts); the seed fixes the bootstrap and the draws.
 */
import { flattenTrees } from './flat-forest';
import type { ProbabilityModel } from './probability-model';
import { growTree, type Tree, type TreeTrainingSet } from './tree';

export const RANDOM_FOREST = { trees: 100, maxDepth: 8, minChildWeight: 30 } as const;

export function trainRandomForest(
  set: TreeTrainingSet,
  minChildWeight: number = RANDOM_FOREST.minChildWeight,
): ProbabilityModel {
  const { binned, labels, count, random } = set;
  const featuresPerSplit = Math.max(1, Math.round(Math.sqrt(set.featureCount)));
  const weight = new Float64Array(count);
  const gradient = new Float64Array(count);
  const trees: Tree[] = [];
  for (let tree = 0; tree < RANDOM_FOREST.trees; tree++) {
    weight.fill(0);
    for (let draw = 0; draw < count; draw++) weight[Math.floor(random() * count)]! += 1;
    let drawnRows = 0;
    for (let i = 0; i < count; i++) if (weight[i]! > 0) drawnRows++;
    const samples = new Int32Array(drawnRows);
    for (let i = 0, next = 0; i < count; i++) {
      gradient[i] = weight[i]! * labels[i]!;
      if (weight[i]! > 0) samples[next++] = i;
    }
    trees.push(
      growTree(
        binned,
        gradient,
        weight,
        samples,
        {
          maxDepth: RANDOM_FOREST.maxDepth,
          minChildWeight,
          lambda: 0,
          featuresPerSplit,
        },
        random,
      ),
    );
  }
  const forest = flattenTrees(trees, binned.edges, 1);
  return {
    probability(featureColumns, row) {
      return forest.sum(featureColumns, row, 0) / trees.length;
    },
  };
}
