/**
 * The ROC AUC of one test window over the pairs of samples far enough apart to share no bars:
 * the share of (positive, negative) pairs at least `gap` rows apart that the probabilities
 * order correctly, ties counting one half.
 *
 * Why: within a window, a sample's features look back over bars that decided the labels of the
 * samples before it (a label looks `horizon` bars ahead, a feature up to 20 bars back). The
 * plain AUC compares every positive with every negative, and the pairs closer than horizon +
 * feature memory carry that shared past: on random walks whose labels nothing can predict, a
 * logistic model's windows scored 0.506-0.512 on average (1,000 runs each of 3, 5 and 10
 * windows of 125 bars, 20-bar labels), so an interval around their mean leaves 0.5 out more
 * often the more windows there are. Pairs at least horizon + 20 rows apart draw on disjoint
 * returns, so their AUC is 0.5 in expectation when the labels are unpredictable (0.498-0.503 on
 * the same runs; tests/engine/ml/auc-uncertainty.test.ts).
 *
 * Cost O(n log n + n * gap): the concordance of all pairs by one sort, less that of the close
 * pairs counted directly.
 */

export interface WindowSamples {
  /** Each sample's row (bar index), increasing. */
  rows: ArrayLike<number>;
  probabilities: ArrayLike<number>;
  /** 1 or 0. */
  labels: ArrayLike<number>;
}

/** Concordant (positive above negative) pairs, ties counting 1/2, over all pairs. */
function allPairs({ probabilities, labels }: WindowSamples): { concordant: number; pairs: number } {
  const count = labels.length;
  const order = Int32Array.from({ length: count }, (_, i) => i).sort(
    (a, b) => probabilities[a]! - probabilities[b]!,
  );
  let negativesBelow = 0;
  let positives = 0;
  let concordant = 0;
  for (let start = 0; start < count;) {
    let end = start;
    let groupPositives = 0;
    let groupNegatives = 0;
    while (end < count && probabilities[order[end]!] === probabilities[order[start]!]) {
      if (labels[order[end]!] === 1) groupPositives++;
      else groupNegatives++;
      end++;
    }
    concordant += groupPositives * (negativesBelow + groupNegatives / 2);
    negativesBelow += groupNegatives;
    positives += groupPositives;
    start = end;
  }
  return { concordant, pairs: positives * negativesBelow };
}

/** The same over the pairs fewer than `gap` rows apart. */
function closePairs({ rows, probabilities, labels }: WindowSamples, gap: number) {
  let concordant = 0;
  let pairs = 0;
  for (let i = 0; i < labels.length; i++) {
    for (let j = i + 1; j < labels.length && rows[j]! - rows[i]! < gap; j++) {
      if (labels[i] === labels[j]) continue;
      const [positive, negative] = labels[i] === 1 ? [i, j] : [j, i];
      const difference = probabilities[positive]! - probabilities[negative]!;
      concordant += difference > 0 ? 1 : difference === 0 ? 0.5 : 0;
      pairs++;
    }
  }
  return { concordant, pairs };
}

/** The window's AUC over pairs at least `gap` rows apart; NaN when it has no such pair. */
export function distantPairsAuc(window: WindowSamples, gap: number): number {
  const all = allPairs(window);
  const close = gap > 0 ? closePairs(window, gap) : { concordant: 0, pairs: 0 };
  const pairs = all.pairs - close.pairs;
  // Whole and half counts below 2^53: the difference is exact.
  return pairs > 0 ? (all.concordant - close.concordant) / pairs : Number.NaN;
}
