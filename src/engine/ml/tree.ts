/**
 * A regression tree grown on histogram-binned features from per-sample gradients and hessians
 * (Chen and Guestrin, "XGBoost", KDD 2016, eq. 7): a split's gain is
 * GL^2 / (HL + lambda) + GR^2 / (HR + lambda) - G^2 / (H + lambda) and a leaf's value is
 * G / (H + lambda). With g = y * w, h = w and lambda = 0 this is a least-squares tree whose
 * leaves hold the weighted share of label 1 (CART with Gini impurity, which for two classes
 * picks the same splits as the variance), as a random forest grows; with the logistic loss's
 * negative gradient and hessian it is a boosting step. Grown depth-first, left child first.
 */
import { MAX_BINS, type BinnedRows } from './binning';

/**
 * What a tree ensemble trains on: the training rows' binned features and labels (position i is
 * the i-th training row), how many features there are, and the seeded random source.
 */
export interface TreeTrainingSet {
  binned: BinnedRows;
  labels: Uint8Array;
  count: number;
  featureCount: number;
  random: () => number;
}

export interface TreeGrowth {
  maxDepth: number;
  /** Least hessian (weight) each child must keep. */
  minChildWeight: number;
  lambda: number;
  /** Features drawn (without replacement) for each split; all when >= the feature count. */
  featuresPerSplit: number;
}

/** Nodes as parallel arrays; feature -1 marks a leaf. */
export interface Tree {
  feature: Int32Array;
  threshold: Float64Array;
  /** The threshold as a bin of the training rows: left when bin <= thresholdBin. */
  thresholdBin: Uint8Array;
  left: Int32Array;
  right: Int32Array;
  value: Float64Array;
}

interface Split {
  feature: number;
  bin: number;
  gain: number;
}

export function growTree(
  binned: BinnedRows,
  gradient: Float64Array,
  hessian: Float64Array,
  samples: Int32Array,
  growth: TreeGrowth,
  random: () => number,
): Tree {
  const featureCount = binned.bins.length;
  const feature: number[] = [];
  const threshold: number[] = [];
  const thresholdBin: number[] = [];
  const left: number[] = [];
  const right: number[] = [];
  const value: number[] = [];
  const gradientHistogram = new Float64Array(MAX_BINS);
  const hessianHistogram = new Float64Array(MAX_BINS);
  const candidates = Int32Array.from({ length: featureCount }, (_, index) => index);
  const drawn = Math.min(growth.featuresPerSplit, featureCount);
  const score = (g: number, h: number) => (g * g) / (h + growth.lambda);

  const bestSplit = (start: number, end: number, g: number, h: number): Split | null => {
    // Partial Fisher-Yates: the first `drawn` candidates become a uniform random subset.
    if (drawn < featureCount) {
      for (let i = 0; i < drawn; i++) {
        const j = i + Math.floor(random() * (featureCount - i));
        const swap = candidates[i]!;
        candidates[i] = candidates[j]!;
        candidates[j] = swap;
      }
    }
    let best: Split | null = null;
    const parentScore = score(g, h);
    for (let c = 0; c < drawn; c++) {
      const f = candidates[c]!;
      const bins = binned.bins[f]!;
      const binCount = binned.edges[f]!.length + 1;
      if (binCount < 2) continue;
      gradientHistogram.fill(0, 0, binCount);
      hessianHistogram.fill(0, 0, binCount);
      for (let i = start; i < end; i++) {
        const sample = samples[i]!;
        gradientHistogram[bins[sample]!]! += gradient[sample]!;
        hessianHistogram[bins[sample]!]! += hessian[sample]!;
      }
      let gLeft = 0;
      let hLeft = 0;
      for (let bin = 0; bin < binCount - 1; bin++) {
        gLeft += gradientHistogram[bin]!;
        hLeft += hessianHistogram[bin]!;
        const hRight = h - hLeft;
        if (hLeft < growth.minChildWeight || hRight < growth.minChildWeight) continue;
        const gain = score(gLeft, hLeft) + score(g - gLeft, hRight) - parentScore;
        if (gain > 1e-12 && (best === null || gain > best.gain)) best = { feature: f, bin, gain };
      }
    }
    return best;
  };

  const grow = (start: number, end: number, depth: number): number => {
    let g = 0;
    let h = 0;
    for (let i = start; i < end; i++) {
      g += gradient[samples[i]!]!;
      h += hessian[samples[i]!]!;
    }
    const node = feature.length;
    feature.push(-1);
    threshold.push(Number.NaN);
    thresholdBin.push(0);
    left.push(-1);
    right.push(-1);
    value.push(g / (h + growth.lambda));
    const split = depth < growth.maxDepth ? bestSplit(start, end, g, h) : null;
    if (split === null) return node;
    // Partition samples[start, end) so that bins <= split.bin come first.
    const bins = binned.bins[split.feature]!;
    let boundary = start;
    for (let i = start; i < end; i++) {
      if (bins[samples[i]!]! <= split.bin) {
        const swap = samples[boundary]!;
        samples[boundary] = samples[i]!;
        samples[i] = swap;
        boundary++;
      }
    }
    feature[node] = split.feature;
    threshold[node] = binned.edges[split.feature]![split.bin]!;
    thresholdBin[node] = split.bin;
    left[node] = grow(start, boundary, depth + 1);
    right[node] = grow(boundary, end, depth + 1);
    return node;
  };

  grow(0, samples.length, 0);
  return {
    feature: Int32Array.from(feature),
    threshold: Float64Array.from(threshold),
    thresholdBin: Uint8Array.from(thresholdBin),
    left: Int32Array.from(left),
    right: Int32Array.from(right),
    value: Float64Array.from(value),
  };
}

/** The leaf value the tree gives the row of raw feature columns. */
export function treeValue(tree: Tree, columns: readonly Float64Array[], row: number): number {
  let node = 0;
  while (tree.feature[node]! >= 0) {
    node =
      columns[tree.feature[node]!]![row]! <= tree.threshold[node]! ? tree.left[node]! : tree.right[node]!;
  }
  return tree.value[node]!;
}

/** The leaf value the tree gives training row `position` of the binned rows it was grown on. */
export function treeValueBinned(tree: Tree, binned: BinnedRows, position: number): number {
  let node = 0;
  while (tree.feature[node]! >= 0) {
    node =
      binned.bins[tree.feature[node]!]![position]! <= tree.thresholdBin[node]!
        ? tree.left[node]!
        : tree.right[node]!;
  }
  return tree.value[node]!;
}
