/**
 * How well predicted probabilities match binary labels. Conventions (scikit-learn's):
 * - ROC AUC by the Mann-Whitney statistic: the share of (positive, negative) pairs the
 *   probabilities order correctly, ties counting one half; null without both classes.
 * - Log loss: mean of -[y ln p + (1 - y) ln(1 - p)], p clipped to [1e-15, 1 - 1e-15].
 * - Accuracy, precision and recall of "p >= threshold" as the predicted class (the threshold
 *   at which the strategy enters); precision is null when nothing is predicted positive,
 *   recall when there is no positive.
 */

export interface ClassificationScores {
  samples: number;
  auc: number | null;
  logLoss: number | null;
  accuracy: number | null;
  precision: number | null;
  recall: number | null;
}

const CLIP = 1e-15;

/** The Mann-Whitney count of a set of scored samples (see concordance). */
export interface Concordance {
  /** (positive, negative) pairs the probabilities order correctly, ties counting one half. */
  concordant: number;
  positives: number;
  negatives: number;
}

/**
 * Counts the (positive, negative) pairs that `probabilities` order correctly, ties counting
 * one half; a label other than 1 is a negative. Each class's probabilities are sorted apart (a
 * typed array's numeric sort, several times quicker than sorting indices by a comparator) and
 * merged, each positive meeting the negatives below it and those tied with it. Every partial
 * sum is a multiple of 1/2 below 2^53, so the count is exact.
 */
export function concordance(probabilities: ArrayLike<number>, labels: ArrayLike<number>): Concordance {
  const count = labels.length;
  let positives = 0;
  for (let i = 0; i < count; i++) if (labels[i] === 1) positives++;
  const negatives = count - positives;
  const positive = new Float64Array(positives);
  const negative = new Float64Array(negatives);
  for (let i = 0, p = 0, n = 0; i < count; i++) {
    if (labels[i] === 1) positive[p++] = probabilities[i]!;
    else negative[n++] = probabilities[i]!;
  }
  positive.sort();
  negative.sort();
  let concordant = 0;
  // Negatives strictly below the current value, then those up to the last one tied with it.
  let below = 0;
  let tied = 0;
  for (let i = 0; i < positives;) {
    const value = positive[i]!;
    while (below < negatives && negative[below]! < value) below++;
    tied = Math.max(tied, below);
    while (tied < negatives && negative[tied] === value) tied++;
    let end = i + 1;
    while (end < positives && positive[end] === value) end++;
    concordant += (end - i) * (below + (tied - below) / 2);
    i = end;
  }
  return { concordant, positives, negatives };
}

export function rocAuc(probabilities: ArrayLike<number>, labels: ArrayLike<number>): number | null {
  const { concordant, positives, negatives } = concordance(probabilities, labels);
  return positives === 0 || negatives === 0 ? null : concordant / (positives * negatives);
}

export function logLoss(probabilities: ArrayLike<number>, labels: ArrayLike<number>): number | null {
  const count = labels.length;
  if (count === 0) return null;
  let total = 0;
  for (let i = 0; i < count; i++) {
    const p = Math.min(Math.max(probabilities[i]!, CLIP), 1 - CLIP);
    total -= labels[i] === 1 ? Math.log(p) : Math.log(1 - p);
  }
  return total / count;
}

export function classificationScores(
  probabilities: ArrayLike<number>,
  labels: ArrayLike<number>,
  threshold: number,
): ClassificationScores {
  const samples = labels.length;
  let truePositives = 0;
  let falsePositives = 0;
  let falseNegatives = 0;
  let correct = 0;
  for (let i = 0; i < samples; i++) {
    const predicted = probabilities[i]! >= threshold ? 1 : 0;
    const actual = labels[i]!;
    if (predicted === actual) correct++;
    if (predicted === 1 && actual === 1) truePositives++;
    if (predicted === 1 && actual === 0) falsePositives++;
    if (predicted === 0 && actual === 1) falseNegatives++;
  }
  const predictedPositives = truePositives + falsePositives;
  const actualPositives = truePositives + falseNegatives;
  return {
    samples,
    auc: rocAuc(probabilities, labels),
    logLoss: logLoss(probabilities, labels),
    accuracy: samples > 0 ? correct / samples : null,
    precision: predictedPositives > 0 ? truePositives / predictedPositives : null,
    recall: actualPositives > 0 ? truePositives / actualPositives : null,
  };
}

export interface CalibrationBin {
  /** Probabilities in [from, to) (the last bin includes 1). */
  from: number;
  to: number;
  samples: number;
  /** Mean predicted probability of the bin's samples; null when empty. */
  meanProbability: number | null;
  /** Share of label 1 among them; null when empty. */
  observedRate: number | null;
}

/** A reliability table: `bins` equal-width probability bins, as sklearn's calibration_curve. */
export function calibrationTable(
  probabilities: ArrayLike<number>,
  labels: ArrayLike<number>,
  bins = 10,
): CalibrationBin[] {
  const sums = new Float64Array(bins);
  const positives = new Float64Array(bins);
  const counts = new Float64Array(bins);
  for (let i = 0; i < labels.length; i++) {
    const p = probabilities[i]!;
    const bin = Math.min(Math.floor(p * bins), bins - 1);
    sums[bin]! += p;
    positives[bin]! += labels[i]!;
    counts[bin]! += 1;
  }
  return Array.from({ length: bins }, (_, bin) => ({
    from: bin / bins,
    to: (bin + 1) / bins,
    samples: counts[bin]!,
    meanProbability: counts[bin]! > 0 ? sums[bin]! / counts[bin]! : null,
    observedRate: counts[bin]! > 0 ? positives[bin]! / counts[bin]! : null,
  }));
}
