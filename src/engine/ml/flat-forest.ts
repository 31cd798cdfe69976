/**
 * Trees of an ensemble packed for prediction: every tree is laid out as a complete binary tree
 * of the ensemble's depth in flat typed arrays (node n's children at 2n + 1 and 2n + 2), so a
 * row walks each tree in exactly `depth` steps of index arithmetic, without a leaf test. A
 * leaf above that depth becomes a chain of pass-through nodes (threshold +Infinity) and fills
 * every slot below it with its value, so any value, NaN included, reaches the same leaf value
 * as in the tree it came from (NaN goes right, as `value <= threshold` is false).
 */
import type { Tree } from './tree';

export interface FlatForest {
  /** `start` plus the trees' leaf values for the row, added tree by tree in order. */
  sum(columns: readonly Float64Array[], row: number, start: number): number;
}

function depthOf(tree: Tree, node: number): number {
  if (tree.feature[node]! < 0) return 0;
  return 1 + Math.max(depthOf(tree, tree.left[node]!), depthOf(tree, tree.right[node]!));
}

/** Packs the trees, each leaf value multiplied by `scale`; the trees split features < featureCount. */
export function flattenTrees(trees: readonly Tree[], featureCount: number, scale: number): FlatForest {
  const depth = trees.reduce((deepest, tree) => Math.max(deepest, depthOf(tree, 0)), 0);
  const inner = 2 ** depth - 1;
  const leaves = inner + 1;
  const feature = new Int32Array(trees.length * inner);
  const threshold = new Float64Array(trees.length * inner).fill(Number.POSITIVE_INFINITY);
  const leafValue = new Float64Array(trees.length * leaves);

  trees.forEach((tree, index) => {
    // Places tree node `node` at slot `slot` (counted from the root, 0) of this tree's layout.
    const place = (node: number, slot: number, level: number): void => {
      if (tree.feature[node]! >= 0) {
        feature[index * inner + slot] = tree.feature[node]!;
        threshold[index * inner + slot] = tree.threshold[node]!;
        place(tree.left[node]!, 2 * slot + 1, level + 1);
        place(tree.right[node]!, 2 * slot + 2, level + 1);
        return;
      }
      // The slots below a leaf keep feature 0 and threshold +Infinity; its value fills the
      // 2^(depth - level) leaf slots under it, the first of which is slot's leftmost descendant.
      const width = 2 ** (depth - level);
      const first = (slot + 1) * width - 1 - inner;
      leafValue.fill(scale * tree.value[node]!, index * leaves + first, index * leaves + first + width);
    };
    place(0, 0, 0);
  });

  const values = new Float64Array(featureCount);
  const treeCount = trees.length;
  return {
    sum(columns, row, start) {
      for (let f = 0; f < featureCount; f++) values[f] = columns[f]![row]!;
      let total = start;
      for (let t = 0; t < treeCount; t++) {
        const base = t * inner;
        let slot = 0;
        for (let level = 0; level < depth; level++) {
          slot = 2 * slot + (values[feature[base + slot]!]! <= threshold[base + slot]! ? 1 : 2);
        }
        total += leafValue[t * leaves + slot - inner]!;
      }
      return total;
    },
  };
}
