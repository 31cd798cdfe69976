/**
 * Trees of an ensemble packed for prediction: every tree is laid out as a complete binary tree
 * of the ensemble's depth in flat typed arrays (node n's children at 2n + 1 and 2n + 2), so a
 * row walks each tree in exactly `depth` steps of index arithmetic, without a leaf test or a
 * branch. The row's values are first binned with the training edges: `bin <= thresholdBin` is
 * `value <= threshold` (binning.ts), NaN included (the last bin, which goes right at every
 * split), and on small integers the step (thresholdBin - bin) >>> 31 needs no branch. A leaf
 * above that depth becomes a chain of pass-through nodes (threshold bin 255, left for every
 * bin) and fills every leaf slot below it with its value.
 */
import { binOf } from './binning';
import type { Tree } from './tree';

export interface FlatForest {
  /** `start` plus the trees' leaf values for the row, added tree by tree in order. */
  sum(columns: readonly Float64Array[], row: number, start: number): number;
}

function depthOf(tree: Tree, node: number): number {
  if (tree.feature[node]! < 0) return 0;
  return 1 + Math.max(depthOf(tree, tree.left[node]!), depthOf(tree, tree.right[node]!));
}

/** Packs the trees grown on bins of `edges`, each leaf value multiplied by `scale`. */
export function flattenTrees(
  trees: readonly Tree[],
  edges: readonly Float64Array[],
  scale: number,
): FlatForest {
  const featureCount = edges.length;
  const depth = trees.reduce((deepest, tree) => Math.max(deepest, depthOf(tree, 0)), 0);
  const inner = 2 ** depth - 1;
  const leaves = inner + 1;
  const feature = new Int32Array(trees.length * inner);
  const thresholdBin = new Int32Array(trees.length * inner).fill(255);
  const leafValue = new Float64Array(trees.length * leaves);

  trees.forEach((tree, index) => {
    // Places tree node `node` at slot `slot` (counted from the root, 0) of this tree's layout.
    const place = (node: number, slot: number, level: number): void => {
      if (tree.feature[node]! >= 0) {
        feature[index * inner + slot] = tree.feature[node]!;
        thresholdBin[index * inner + slot] = tree.thresholdBin[node]!;
        place(tree.left[node]!, 2 * slot + 1, level + 1);
        place(tree.right[node]!, 2 * slot + 2, level + 1);
        return;
      }
      // The slots below a leaf keep feature 0 and threshold bin 255; its value fills the
      // 2^(depth - level) leaf slots under it, the first of which is slot's leftmost descendant.
      const width = 2 ** (depth - level);
      const first = (slot + 1) * width - 1 - inner;
      leafValue.fill(scale * tree.value[node]!, index * leaves + first, index * leaves + first + width);
    };
    place(0, 0, 0);
  });

  const bins = new Int32Array(featureCount);
  const leafOfTree = new Int32Array(trees.length);
  const treeCount = trees.length;
  return {
    sum(columns, row, start) {
      for (let f = 0; f < featureCount; f++) bins[f] = binOf(edges[f]!, columns[f]![row]!);
      // Four trees walk side by side: their steps do not wait on one another.
      let t = 0;
      for (; t + 4 <= treeCount; t += 4) {
        const b0 = t * inner;
        const b1 = b0 + inner;
        const b2 = b1 + inner;
        const b3 = b2 + inner;
        let s0 = 0;
        let s1 = 0;
        let s2 = 0;
        let s3 = 0;
        for (let level = 0; level < depth; level++) {
          s0 = 2 * s0 + 1 + ((thresholdBin[b0 + s0]! - bins[feature[b0 + s0]!]!) >>> 31);
          s1 = 2 * s1 + 1 + ((thresholdBin[b1 + s1]! - bins[feature[b1 + s1]!]!) >>> 31);
          s2 = 2 * s2 + 1 + ((thresholdBin[b2 + s2]! - bins[feature[b2 + s2]!]!) >>> 31);
          s3 = 2 * s3 + 1 + ((thresholdBin[b3 + s3]! - bins[feature[b3 + s3]!]!) >>> 31);
        }
        leafOfTree[t] = s0;
        leafOfTree[t + 1] = s1;
        leafOfTree[t + 2] = s2;
        leafOfTree[t + 3] = s3;
      }
      for (; t < treeCount; t++) {
        const base = t * inner;
        let slot = 0;
        for (let level = 0; level < depth; level++) {
          slot = 2 * slot + 1 + ((thresholdBin[base + slot]! - bins[feature[base + slot]!]!) >>> 31);
        }
        leafOfTree[t] = slot;
      }
      // Added in the trees' order, as one tree after another would.
      let total = start;
      for (t = 0; t < treeCount; t++) total += leafValue[t * leaves + leafOfTree[t]! - inner]!;
      return total;
    },
  };
}
