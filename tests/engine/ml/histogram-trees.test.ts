/**
 * The pieces the tree models train and predict with: binning (ties, constant features, values
 * no edge bounds), the leaf-wise histogram tree of gradient boosting against the depth-first
 * tree on the same bins, its limits, and the flat layout trees are predicted from.
 */
import { describe, expect, it } from 'vitest';
import { binOf, binRows, MAX_BINS } from '../../../src/engine/ml/binning';
import { flattenTrees } from '../../../src/engine/ml/flat-forest';
import { growHistogramTree, rowMajorBins, treeValueRowBins } from '../../../src/engine/ml/histogram-tree';
import { growTree, treeValue, treeValueBinned, type Tree } from '../../../src/engine/ml/tree';
import { mulberry32 } from '../../../src/engine/robustness/random';

const allRows = (count: number) => Int32Array.from({ length: count }, (_, i) => i);

describe('binning', () => {
  it('gives a constant feature no edge and every row bin 0', () => {
    const { bins, edges } = binRows([new Float64Array(500).fill(3.5)], allRows(500));
    expect(edges[0]).toHaveLength(0);
    expect(bins[0]!.every((bin) => bin === 0)).toBe(true);
  });

  it('puts tied values in one bin, with edges half-way between distinct values', () => {
    const values = Float64Array.from({ length: 900 }, (_, i) => i % 3);
    const { bins, edges } = binRows([values], allRows(900));
    expect(Array.from(edges[0]!)).toEqual([0.5, 1.5]);
    values.forEach((value, i) => expect(bins[0]![i]).toBe(value));
  });

  it('bins every value as the binary search over the edges does, tails, zeros, infinities and NaN included', () => {
    const random = mulberry32(12);
    const count = 5000;
    const columns = [
      Float64Array.from({ length: count }, () => Math.exp(random() * 40) * (random() < 0.5 ? -1 : 1)),
      Float64Array.from({ length: count }, () => (random() < 0.5 ? 0 : -0) + Math.floor(random() * 3)),
      Float64Array.from({ length: count }, (_, i) => (i % 97 === 0 ? Number.POSITIVE_INFINITY : random())),
      Float64Array.from({ length: count }, (_, i) => (i % 89 === 0 ? Number.NaN : random())),
      Float64Array.from({ length: count }, () => 1 + Math.floor(random() * 200) * Number.EPSILON),
    ];
    const { bins, edges } = binRows(columns, allRows(count));
    columns.forEach((column, f) => {
      expect(edges[f]!.length).toBeGreaterThan(0);
      const searched = Array.from(column, (value) => binOf(edges[f]!, value));
      expect(Array.from(bins[f]!)).toEqual(searched);
    });
  });
});

/** The quantile edges from the whole sorted values, as binning defines them. */
function referenceEdges(values: Float64Array): number[] {
  const sorted = values.slice().sort();
  const edges: number[] = [];
  for (let k = 1; k < MAX_BINS; k++) {
    const position = Math.floor((k * sorted.length) / MAX_BINS);
    if (position < 1) continue;
    const below = sorted[position - 1]!;
    let next = position;
    while (next < sorted.length && sorted[next]! <= below) next++;
    if (next === sorted.length) break;
    const edge = below + (sorted[next]! - below) / 2;
    if (edges.length === 0 || edge > edges[edges.length - 1]!) edges.push(edge);
  }
  return edges;
}

describe('binning many rows', () => {
  it('places the edges at the quantiles of the whole sorted values, however the values crowd', () => {
    const random = mulberry32(31);
    const count = 20_000;
    const columns = [
      Float64Array.from({ length: count }, () => random() * 2 - 1),
      Float64Array.from({ length: count }, () => Math.exp(random() * 40) * (random() < 0.5 ? -1 : 1)),
      Float64Array.from({ length: count }, () => random() ** 8),
      Float64Array.from({ length: count }, (_, i) => (i < 10 ? 1e9 : random())),
      Float64Array.from({ length: count }, () => (random() < 0.97 ? 0 : random())),
      Float64Array.from({ length: count }, () => Math.floor(random() * 5) - 2),
    ];
    // Rows out of order, some twice.
    const rows = Int32Array.from({ length: count }, (_, i) => (i * 7919) % count);
    const { bins, edges } = binRows(columns, rows);
    columns.forEach((column, f) => {
      const values = Float64Array.from(rows, (row) => column[row]!);
      expect(Array.from(edges[f]!)).toEqual(referenceEdges(values));
      const misplaced = values.filter((value, i) => bins[f]![i] !== binOf(edges[f]!, value));
      expect(misplaced).toHaveLength(0);
    });
  });
});

/** Two signal features, one constant, one noise; gradient and hessian of a logistic round at p = 0.5. */
function boostingRound(count: number, seed: number) {
  const random = mulberry32(seed);
  const columns = [
    Float64Array.from({ length: count }, () => random()),
    new Float64Array(count).fill(2),
    Float64Array.from({ length: count }, () => random()),
    Float64Array.from({ length: count }, () => Math.floor(random() * 4)),
  ];
  const labels = Uint8Array.from({ length: count }, (_, i) =>
    random() < (columns[0]![i]! > 0.6 ? 0.8 : 0.3) + (columns[3]![i]! === 1 ? 0.15 : 0) ? 1 : 0,
  );
  const binned = binRows(columns, allRows(count));
  const gradient = Float64Array.from(labels, (label) => label - 0.5);
  const hessian = new Float64Array(count).fill(0.25);
  // A subsample, as a boosting round draws one.
  const samples = Int32Array.from(Array.from({ length: count }, (_, i) => i).filter(() => random() < 0.8));
  return { columns, binned, gradient, hessian, samples };
}

describe('the leaf-wise histogram tree', () => {
  it('makes the depth-first tree’s splits and leaf values on the same bins', () => {
    const { binned, gradient, hessian, samples } = boostingRound(3000, 5);
    const growth = { maxDepth: 3, minChildWeight: 10, lambda: 1 };
    const { tree } = growHistogramTree(
      binned,
      rowMajorBins(binned, 3000),
      gradient,
      hessian,
      samples.slice(),
      growth,
    );
    const depthFirst = growTree(
      binned,
      gradient,
      hessian,
      samples.slice(),
      { ...growth, featuresPerSplit: 4 },
      () => 0,
    );
    expect(tree.feature.filter((f) => f >= 0).length).toBe(depthFirst.feature.filter((f) => f >= 0).length);
    for (let i = 0; i < 3000; i++) {
      expect(treeValueBinned(tree, binned, i)).toBeCloseTo(treeValueBinned(depthFirst, binned, i), 12);
    }
  });

  it('never splits a constant feature, keeps minChildWeight in every leaf and stops at maxDepth', () => {
    const { binned, gradient, hessian, samples } = boostingRound(2000, 8);
    const rowBins = rowMajorBins(binned, 2000);
    for (const growth of [
      { maxDepth: 2, minChildWeight: 40, lambda: 1 },
      { maxDepth: 4, minChildWeight: 100, lambda: 0 },
    ]) {
      const drawn = samples.slice();
      const { tree, start, end } = growHistogramTree(binned, rowBins, gradient, hessian, drawn, growth);
      expect(tree.feature.some((f) => f >= 0)).toBe(true);
      expect(tree.feature.includes(1)).toBe(false);
      const depth = (node: number): number =>
        tree.feature[node]! < 0 ? 0 : 1 + Math.max(depth(tree.left[node]!), depth(tree.right[node]!));
      expect(depth(0)).toBeLessThanOrEqual(growth.maxDepth);
      tree.feature.forEach((f, node) => {
        if (f >= 0) return;
        let weight = 0;
        for (let i = start[node]!; i < end[node]!; i++) {
          weight += hessian[drawn[i]!]!;
          // The rows a leaf holds are the rows the tree sends to it.
          expect(treeValueRowBins(tree, rowBins, drawn[i]!)).toBe(tree.value[node]);
        }
        expect(weight).toBeGreaterThanOrEqual(growth.minChildWeight);
      });
    }
  });

  it('makes no split when minChildWeight exceeds half the rows’ hessian', () => {
    const { binned, gradient, hessian, samples } = boostingRound(400, 9);
    const { tree } = growHistogramTree(binned, rowMajorBins(binned, 400), gradient, hessian, samples, {
      maxDepth: 3,
      minChildWeight: 60,
      lambda: 1,
    });
    expect(Array.from(tree.feature)).toEqual([-1]);
  });
});

describe('flat trees', () => {
  it('give start plus the scaled leaf values tree by tree, on raw values, ties and NaN included', () => {
    const { columns, binned, gradient, hessian, samples } = boostingRound(2000, 13);
    const random = mulberry32(4);
    const trees: Tree[] = [0, 1, 2, 3, 4].map((depth) =>
      growTree(
        binned,
        gradient,
        hessian,
        samples.slice(),
        { maxDepth: depth + 1, minChildWeight: 5, lambda: 1, featuresPerSplit: 2 },
        random,
      ),
    );
    // Rows at the trees' thresholds and rows with NaN besides the training rows.
    const probe = columns.map((column, f) => {
      const extra = trees.flatMap((tree) =>
        Array.from(tree.feature).flatMap((feature, node) => (feature === f ? [tree.threshold[node]!] : [])),
      );
      return Float64Array.from([...column.subarray(0, 300), ...extra, Number.NaN, 0.5]);
    });
    const rows = probe[0]!.length;
    const forest = flattenTrees(trees, binned.edges, 0.1);
    for (let row = 0; row < rows; row++) {
      let expected = -0.3;
      for (const tree of trees) expected += 0.1 * treeValue(tree, probe, row);
      expect(forest.sum(probe, row, -0.3)).toBe(expected);
    }
  });
});
