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
 * Cost O(n log n + n * gap): the concordance of all pairs by sorting, less that of the close
 * pairs counted directly.
 */
import { concordance } from './classification-metrics';

export interface WindowSamples {
  /** Each sample's row (bar index), increasing. */
  rows: ArrayLike<number>;
  probabilities: ArrayLike<number>;
  /** 1 or 0. */
  labels: ArrayLike<number>;
}

/** Concordant pairs (positive above negative, ties counting 1/2) fewer than `gap` rows apart. */
function closePairs({ rows, probabilities, labels }: WindowSamples, gap: number) {
  let concordant = 0;
  let pairs = 0;
  for (let i = 0; i < labels.length; i++) {
    for (let j = i + 1; j < labels.length && rows[j]! - rows[i]! < gap; j++) {
      if (labels[i] === labels[j]) continue;
      const difference =
        labels[i] === 1 ? probabilities[i]! - probabilities[j]! : probabilities[j]! - probabilities[i]!;
      concordant += difference > 0 ? 1 : difference === 0 ? 0.5 : 0;
      pairs++;
    }
  }
  return { concordant, pairs };
}

/** The window's AUC over pairs at least `gap` rows apart; NaN when it has no such pair. */
export function distantPairsAuc(window: WindowSamples, gap: number): number {
  const all = concordance(window.probabilities, window.labels);
  const close = gap > 0 ? closePairs(window, gap) : { concordant: 0, pairs: 0 };
  const pairs = all.positives * all.negatives - close.pairs;
  // Whole and half counts below 2^53: the difference is exact.
  return pairs > 0 ? (all.concordant - close.concordant) / pairs : Number.NaN;
}
