/**
 * A boosting round's regression tree grown leaf-wise on gradient histograms, as LightGBM (Ke et
 * al., NeurIPS 2017) and scikit-learn's HistGradientBoosting grow theirs: the leaf whose best
 * split gains most splits next, and of its two children only the smaller one's histogram is
 * summed from its rows, the larger one's being the parent's minus it (histogram subtraction).
 * The bins are read row after row (rowMajorBins), so one pass over a node's rows fills every
 * feature's histogram. Splits, gains and leaf values are tree.ts's: gain
 * GL^2 / (HL + lambda) + GR^2 / (HR + lambda) - G^2 / (H + lambda), leaf G / (H + lambda), each
 * child keeping at least minChildWeight of hessian, ties going to the lower feature and bin.
 * With no cap on the leaves below 2^maxDepth the tree is the one depth-first growth gives.
 */
import { MAX_BINS, type BinnedRows } from './binning';
import type { Tree, TreeGrowth } from './tree';

/**
 * The training rows' bins row after row: feature f of position i at i * stride + f, each row
 * padded with bins 0 to a multiple of 4 features so that `words` reads four of them at once.
 */
export interface RowBins {
  bins: Uint8Array;
  words: Uint32Array;
  stride: number;
}

export function rowMajorBins(binned: BinnedRows, count: number): RowBins {
  const stride = 4 * Math.ceil(binned.bins.length / 4);
  const bins = new Uint8Array(count * stride);
  binned.bins.forEach((featureBins, f) => {
    for (let i = 0; i < count; i++) bins[i * stride + f] = featureBins[i]!;
  });
  return { bins, words: new Uint32Array(bins.buffer), stride };
}

/** The leaf value the tree gives position `position` of the row-major bins it was grown on. */
export function treeValueRowBins(tree: Tree, rowBins: RowBins, position: number): number {
  const { feature, thresholdBin, left, right, value } = tree;
  const { bins, stride } = rowBins;
  let node = 0;
  while (feature[node]! >= 0) {
    node = bins[position * stride + feature[node]!]! <= thresholdBin[node]! ? left[node]! : right[node]!;
  }
  return value[node]!;
}

/**
 * Adds the gradient and hessian of samples[start, end) to their bins' histogram slots, four
 * features a step from one word of the row's bins (the padding features land in slots no split
 * reads), two rows at a time: their updates interleave, yet each slot still receives the rows'
 * values in the rows' order, so the sums are those of one row after another.
 */
function addToHistogram(
  histogram: Float64Array,
  rowBins: RowBins,
  gradient: Float64Array,
  hessian: Float64Array,
  samples: Int32Array,
  start: number,
  end: number,
): void {
  const { words } = rowBins;
  const wordsPerRow = rowBins.stride / 4;
  const stride = 2 * MAX_BINS;
  let i = start;
  for (; i + 2 <= end; i += 2) {
    const first = samples[i]!;
    const second = samples[i + 1]!;
    const g = gradient[first]!;
    const h = hessian[first]!;
    const g2 = gradient[second]!;
    const h2 = hessian[second]!;
    const base = first * wordsPerRow;
    const base2 = second * wordsPerRow;
    for (let w = 0, offset = 0; w < wordsPerRow; w++, offset += 4 * stride) {
      // Little-endian: the word's low byte is the first of its four features; each slot is 2 * bin.
      const word = words[base + w]!;
      const a0 = offset + ((word & 0xff) << 1);
      const a1 = offset + stride + ((word >>> 7) & 0x1fe);
      const a2 = offset + 2 * stride + ((word >>> 15) & 0x1fe);
      const a3 = offset + 3 * stride + ((word >>> 23) & 0x1fe);
      histogram[a0]! += g;
      histogram[a0 + 1]! += h;
      histogram[a1]! += g;
      histogram[a1 + 1]! += h;
      histogram[a2]! += g;
      histogram[a2 + 1]! += h;
      histogram[a3]! += g;
      histogram[a3 + 1]! += h;
      const word2 = words[base2 + w]!;
      const c0 = offset + ((word2 & 0xff) << 1);
      const c1 = offset + stride + ((word2 >>> 7) & 0x1fe);
      const c2 = offset + 2 * stride + ((word2 >>> 15) & 0x1fe);
      const c3 = offset + 3 * stride + ((word2 >>> 23) & 0x1fe);
      histogram[c0]! += g2;
      histogram[c0 + 1]! += h2;
      histogram[c1]! += g2;
      histogram[c1 + 1]! += h2;
      histogram[c2]! += g2;
      histogram[c2 + 1]! += h2;
      histogram[c3]! += g2;
      histogram[c3 + 1]! += h2;
    }
  }
  if (i === end) return;
  const g = gradient[samples[i]!]!;
  const h = hessian[samples[i]!]!;
  const base = samples[i]! * wordsPerRow;
  for (let w = 0, offset = 0; w < wordsPerRow; w++, offset += 4 * stride) {
    const word = words[base + w]!;
    const a0 = offset + ((word & 0xff) << 1);
    const a1 = offset + stride + ((word >>> 7) & 0x1fe);
    const a2 = offset + 2 * stride + ((word >>> 15) & 0x1fe);
    const a3 = offset + 3 * stride + ((word >>> 23) & 0x1fe);
    histogram[a0]! += g;
    histogram[a0 + 1]! += h;
    histogram[a1]! += g;
    histogram[a1 + 1]! += h;
    histogram[a2]! += g;
    histogram[a2 + 1]! += h;
    histogram[a3]! += g;
    histogram[a3 + 1]! += h;
  }
}

/**
 * Reorders samples[start, end) stably so that those whose bin (in the split feature's column of
 * bins) is at most `bin` come first, and gives the first position of the others. Without a
 * branch on the bin: (bin - featureBins[sample]) >>> 31 is 1 exactly when the sample's bin is
 * above `bin`, and each sample is written to both sides with only the side it belongs to
 * advancing.
 */
function partition(
  samples: Int32Array,
  start: number,
  end: number,
  featureBins: Uint8Array,
  bin: number,
  spare: Int32Array,
): number {
  let left = start;
  let right = 0;
  for (let i = start; i < end; i++) {
    const sample = samples[i]!;
    const goesRight = (bin - featureBins[sample]!) >>> 31;
    samples[left] = sample;
    spare[right] = sample;
    left += 1 - goesRight;
    right += goesRight;
  }
  samples.set(spare.subarray(0, right), left);
  return left;
}

interface Split {
  feature: number;
  bin: number;
  gain: number;
  /** Gradient and hessian sums of the left child. */
  gLeft: number;
  hLeft: number;
}

/** A node that may still split: its rows are samples[start, end). */
interface Leaf {
  node: number;
  start: number;
  end: number;
  depth: number;
  g: number;
  h: number;
  /** Gradient then hessian sum of each (feature, bin) at 2 * (feature * MAX_BINS + bin). */
  histogram: Float64Array;
  split: Split;
}

/** A grown tree, and where each node's samples ended up: samples[start[node], end[node]). */
export interface GrownTree {
  tree: Tree;
  start: Int32Array;
  end: Int32Array;
}

/** Grows a tree on samples (positions of the training rows), which it reorders by node. */
export function growHistogramTree(
  binned: BinnedRows,
  rowBins: RowBins,
  gradient: Float64Array,
  hessian: Float64Array,
  samples: Int32Array,
  growth: Omit<TreeGrowth, 'featuresPerSplit'>,
  /** Room for at least samples.length positions, which partitioning overwrites. */
  spare: Int32Array = new Int32Array(samples.length),
): GrownTree {
  const features = binned.bins.length;
  const feature: number[] = [];
  const threshold: number[] = [];
  const thresholdBin: number[] = [];
  const left: number[] = [];
  const right: number[] = [];
  const value: number[] = [];
  const nodeStart: number[] = [];
  const nodeEnd: number[] = [];
  const score = (g: number, h: number) => (g * g) / (h + growth.lambda);

  const addNode = (g: number, h: number, start: number, end: number): number => {
    nodeStart.push(start);
    nodeEnd.push(end);
    feature.push(-1);
    threshold.push(Number.NaN);
    thresholdBin.push(0);
    left.push(-1);
    right.push(-1);
    value.push(g / (h + growth.lambda));
    return feature.length - 1;
  };

  const fillHistogram = (histogram: Float64Array, start: number, end: number): void =>
    addToHistogram(histogram, rowBins, gradient, hessian, samples, start, end);

  const bestSplit = (histogram: Float64Array, g: number, h: number): Split | null => {
    let best: Split | null = null;
    const parentScore = score(g, h);
    for (let f = 0; f < features; f++) {
      const binCount = binned.edges[f]!.length + 1;
      let gLeft = 0;
      let hLeft = 0;
      for (let bin = 0; bin < binCount - 1; bin++) {
        const at = (f * MAX_BINS + bin) * 2;
        gLeft += histogram[at]!;
        hLeft += histogram[at + 1]!;
        const hRight = h - hLeft;
        if (hLeft < growth.minChildWeight || hRight < growth.minChildWeight) continue;
        const gain = score(gLeft, hLeft) + score(g - gLeft, hRight) - parentScore;
        if (gain > 1e-12 && (best === null || gain > best.gain))
          best = { feature: f, bin, gain, gLeft, hLeft };
      }
    }
    return best;
  };

  /** The leaf for node `node` if it may split (below maxDepth, with a split that gains). */
  const splittable = (
    node: number,
    start: number,
    end: number,
    depth: number,
    g: number,
    h: number,
    histogram: Float64Array,
  ): Leaf | null => {
    if (depth >= growth.maxDepth) return null;
    const split = bestSplit(histogram, g, h);
    return split === null ? null : { node, start, end, depth, g, h, histogram, split };
  };

  const rootHistogram = new Float64Array(rowBins.stride * MAX_BINS * 2);
  fillHistogram(rootHistogram, 0, samples.length);
  // The root's sums are those of any one feature's bins.
  let g = 0;
  let h = 0;
  for (let at = 0; at < 2 * MAX_BINS; at += 2) {
    g += rootHistogram[at]!;
    h += rootHistogram[at + 1]!;
  }
  const pending: Leaf[] = [];
  const root = splittable(addNode(g, h, 0, samples.length), 0, samples.length, 0, g, h, rootHistogram);
  if (root !== null) pending.push(root);

  while (pending.length > 0) {
    let chosen = 0;
    for (let i = 1; i < pending.length; i++)
      if (pending[i]!.split.gain > pending[chosen]!.split.gain) chosen = i;
    const leaf = pending[chosen]!;
    pending.splice(chosen, 1);
    const { split } = leaf;
    const boundary = partition(samples, leaf.start, leaf.end, binned.bins[split.feature]!, split.bin, spare);
    const leftNode = addNode(split.gLeft, split.hLeft, leaf.start, boundary);
    const rightNode = addNode(leaf.g - split.gLeft, leaf.h - split.hLeft, boundary, leaf.end);
    feature[leaf.node] = split.feature;
    threshold[leaf.node] = binned.edges[split.feature]![split.bin]!;
    thresholdBin[leaf.node] = split.bin;
    left[leaf.node] = leftNode;
    right[leaf.node] = rightNode;
    if (leaf.depth + 1 >= growth.maxDepth) continue;
    // The smaller child's histogram from its rows; the parent's becomes the larger child's.
    const leftSmaller = boundary - leaf.start <= leaf.end - boundary;
    const smaller = new Float64Array(rowBins.stride * MAX_BINS * 2);
    if (leftSmaller) fillHistogram(smaller, leaf.start, boundary);
    else fillHistogram(smaller, boundary, leaf.end);
    const larger = leaf.histogram;
    for (let i = 0; i < larger.length; i++) larger[i]! -= smaller[i]!;
    const depth = leaf.depth + 1;
    const children = [
      splittable(
        leftNode,
        leaf.start,
        boundary,
        depth,
        split.gLeft,
        split.hLeft,
        leftSmaller ? smaller : larger,
      ),
      splittable(
        rightNode,
        boundary,
        leaf.end,
        depth,
        leaf.g - split.gLeft,
        leaf.h - split.hLeft,
        leftSmaller ? larger : smaller,
      ),
    ];
    for (const child of children) if (child !== null) pending.push(child);
  }
  return {
    tree: {
      feature: Int32Array.from(feature),
      threshold: Float64Array.from(threshold),
      thresholdBin: Uint8Array.from(thresholdBin),
      left: Int32Array.from(left),
      right: Int32Array.from(right),
      value: Float64Array.from(value),
    },
    start: Int32Array.from(nodeStart),
    end: Int32Array.from(nodeEnd),
  };
}
