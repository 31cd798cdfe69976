/**
 * Gradient-boosted trees for the logistic loss (Friedman, "Greedy Function Approximation",
 * Annals of Statistics 29, 2001; second-order steps as in XGBoost, Chen and Guestrin 2016):
 * start from the training rows' log-odds, then each round fits a shallow tree to the loss's
 * gradient g = y - p and hessian h = p (1 - p) and adds learningRate times its leaf values.
 * Each round sees a seeded random subsample of the rows (stochastic gradient boosting,
 * Friedman 2002), which also makes the seed matter. The trees grow leaf-wise on gradient
 * histograms of the binned features (histogram-tree.ts).
 */
import { flattenTrees } from './flat-forest';
import { growHistogramTree, rowMajorBins } from './histogram-tree';
import type { ProbabilityModel } from './probability-model';
import type { Tree, TreeTrainingSet } from './tree';
import type { BinnedRows } from './binning';

export const GRADIENT_BOOSTING = {
  rounds: 100,
  learningRate: 0.05,
  maxDepth: 3,
  minChildWeight: 10,
  lambda: 1,
  subsample: 0.8,
} as const;

const sigmoid = (score: number) => 1 / (1 + Math.exp(-score));

/**
 * Adds scale times the tree's leaf value to score[row] for each of `rows` (positions of the
 * binned rows). Every row takes maxDepth steps without a branch on its bins: a node's children
 * are consecutive (grown left then right), so the next node is left + 1 exactly when the bin is
 * above the threshold, (thresholdBin - bin) >>> 31; a leaf steps to itself (threshold bin 255).
 */
function addLeafValues(
  tree: Tree,
  binned: BinnedRows,
  rows: Int32Array,
  score: Float64Array,
  scale: number,
): void {
  const nodes = tree.feature.length;
  const next = new Int32Array(nodes);
  const thresholdBin = new Int32Array(nodes);
  const featureBins: Uint8Array[] = [];
  // Children come after their parent, so one pass gives every node's depth.
  const depth = new Int32Array(nodes);
  let deepest = 0;
  for (let node = 0; node < nodes; node++) {
    const leaf = tree.feature[node]! < 0;
    next[node] = leaf ? node : tree.left[node]!;
    thresholdBin[node] = leaf ? 255 : tree.thresholdBin[node]!;
    featureBins.push(binned.bins[leaf ? 0 : tree.feature[node]!]!);
    if (!leaf) depth[tree.left[node]!] = depth[tree.right[node]!] = depth[node]! + 1;
    deepest = Math.max(deepest, depth[node]!);
  }
  for (let k = 0; k < rows.length; k++) {
    const row = rows[k]!;
    let node = 0;
    for (let step = 0; step < deepest; step++) {
      node = next[node]! + ((thresholdBin[node]! - featureBins[node]![row]!) >>> 31);
    }
    score[row]! += scale * tree.value[node]!;
  }
}

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
  const skipped = new Int32Array(count);
  const spare = new Int32Array(count);
  const trees: Tree[] = [];
  const { learningRate } = GRADIENT_BOOSTING;
  const rowBins = rowMajorBins(binned, count);
  for (let round = 0; round < GRADIENT_BOOSTING.rounds; round++) {
    let drawnCount = 0;
    let skippedCount = 0;
    // Only the drawn rows' gradients are read.
    for (let i = 0; i < count; i++) {
      if (random() < GRADIENT_BOOSTING.subsample) {
        // The sigmoid written out: a call would box the double it returns.
        const p = 1 / (1 + Math.exp(-score[i]!));
        gradient[i] = labels[i]! - p;
        hessian[i] = p * (1 - p);
        drawn[drawnCount++] = i;
      } else {
        skipped[skippedCount++] = i;
      }
    }
    const samples = drawn.subarray(0, drawnCount);
    const { tree, start, end } = growHistogramTree(
      binned,
      rowBins,
      gradient,
      hessian,
      samples,
      {
        maxDepth: GRADIENT_BOOSTING.maxDepth,
        minChildWeight,
        lambda: GRADIENT_BOOSTING.lambda,
      },
      spare,
    );
    trees.push(tree);
    // The drawn rows lie in their leaves' ranges of samples; the others walk the tree.
    for (let node = 0; node < tree.feature.length; node++) {
      if (tree.feature[node]! >= 0) continue;
      const step = learningRate * tree.value[node]!;
      for (let i = start[node]!; i < end[node]!; i++) score[samples[i]!]! += step;
    }
    addLeafValues(tree, binned, skipped.subarray(0, skippedCount), score, learningRate);
  }
  // Leaf values scaled by the learning rate, added from the base score in the trees' order.
  const forest = flattenTrees(trees, binned.edges, learningRate);
  return {
    probability(featureColumns, row) {
      return sigmoid(forest.sum(featureColumns, row, baseScore));
    },
  };
}
