/**
 * How far the pooled out-of-sample ROC AUC is from chance, for samples that are serially
 * correlated (a label looks `horizon` bars ahead, and features share their look-back windows):
 *
 * - A 95% interval by a two-stage block bootstrap: the test windows are redrawn with
 *   replacement (each window's model is shared by all its samples, so the windows are the
 *   independent units), and within each drawn window the samples are redrawn as overlapping
 *   blocks of consecutive samples (the moving-block bootstrap, Kunsch, Annals of Statistics 17,
 *   1989), which keeps their serial correlation. The interval is the 2.5th and 97.5th
 *   percentiles of the resamples' pooled AUC. Redrawing samples only within fixed windows
 *   misses the variation between windows and covered 0.5 in fewer than half of null runs.
 * - A p-value against chance by a label-permutation test within folds: each test window's
 *   labels are rotated by a random offset (a circular shift keeps their serial correlation
 *   while breaking their link to the probabilities), and p = (1 + resamples at least as far
 *   from 0.5 as the observed AUC) / (1 + resamples), two-sided (Phipson and Smyth 2010).
 *
 * An i.i.d. bootstrap or shuffle would treat correlated samples as independent evidence and
 * report intervals and p-values far too small. Both draw from a seeded source.
 */
import { mulberry32 } from '../robustness/random';

export const AUC_RESAMPLES = 1000;
export const AUC_PERMUTATIONS = 999;

export interface AucUncertainty {
  /** Mean of the folds' ROC AUC (folds without one left out); null when none has one. */
  aucMeanOfFolds: number | null;
  /** 95% interval of the pooled AUC, with the method that drew it; null without an AUC. */
  aucCi95: { low: number; high: number; method: string } | null;
  /** Two-sided p-value of the pooled AUC against 0.5; null without an AUC. */
  pValue: number | null;
}

/** One test window's labelled samples, in time order. */
export interface FoldSamples {
  probabilities: ArrayLike<number>;
  labels: ArrayLike<number>;
}

/**
 * Weighted ROC AUC over samples visited in increasing probability (`order`, with `groupEnd[i]`
 * the end of the tie group starting at i): the share of (positive, negative) weight pairs
 * ordered correctly, ties counting one half. NaN without both classes.
 */
function weightedAuc(
  order: Int32Array,
  groupEnds: Int32Array,
  labels: Uint8Array,
  weights: Float64Array | null,
): number {
  let negativesBelow = 0;
  let pairs = 0;
  let positiveTotal = 0;
  for (let start = 0; start < order.length;) {
    const end = groupEnds[start]!;
    let positives = 0;
    let negatives = 0;
    for (let k = start; k < end; k++) {
      const sample = order[k]!;
      const weight = weights ? weights[sample]! : 1;
      if (labels[sample] === 1) positives += weight;
      else negatives += weight;
    }
    pairs += positives * (negativesBelow + negatives / 2);
    negativesBelow += negatives;
    positiveTotal += positives;
    start = end;
  }
  return positiveTotal > 0 && negativesBelow > 0 ? pairs / (positiveTotal * negativesBelow) : Number.NaN;
}

function percentile(sorted: readonly number[], share: number): number {
  const position = share * (sorted.length - 1);
  const below = Math.floor(position);
  const above = Math.min(below + 1, sorted.length - 1);
  return sorted[below]! + (position - below) * (sorted[above]! - sorted[below]!);
}

/**
 * The interval and p-value of the AUC pooled over `folds` (see the module note), with blocks of
 * `blockLength` samples, drawn from `seed`; `foldAucs` are the folds' own scores.
 */
export function aucUncertainty(
  folds: readonly FoldSamples[],
  foldAucs: readonly (number | null)[],
  blockLength: number,
  seed: number,
): AucUncertainty {
  const scored = foldAucs.filter((auc): auc is number => auc !== null);
  const aucMeanOfFolds = scored.length > 0 ? scored.reduce((sum, auc) => sum + auc, 0) / scored.length : null;

  const count = folds.reduce((sum, fold) => sum + fold.labels.length, 0);
  const probabilities = new Float64Array(count);
  const labels = new Uint8Array(count);
  const foldStarts: number[] = [];
  let next = 0;
  for (const fold of folds) {
    foldStarts.push(next);
    for (let i = 0; i < fold.labels.length; i++, next++) {
      probabilities[next] = fold.probabilities[i]!;
      labels[next] = fold.labels[i]!;
    }
  }
  foldStarts.push(count);
  const order = Int32Array.from({ length: count }, (_, i) => i).sort(
    (a, b) => probabilities[a]! - probabilities[b]!,
  );
  const groupEnds = new Int32Array(count);
  for (let start = 0; start < count;) {
    let end = start + 1;
    while (end < count && probabilities[order[end]!] === probabilities[order[start]!]) end++;
    groupEnds[start] = end;
    start = end;
  }
  const observed = weightedAuc(order, groupEnds, labels, null);
  if (!Number.isFinite(observed)) return { aucMeanOfFolds, aucCi95: null, pValue: null };

  const random = mulberry32(seed);
  const length = Math.max(1, Math.round(blockLength));
  const weights = new Float64Array(count);
  const resampled: number[] = [];
  for (let resample = 0; resample < AUC_RESAMPLES; resample++) {
    weights.fill(0);
    for (let draw = 0; draw < folds.length; draw++) {
      const fold = Math.floor(random() * folds.length);
      const from = foldStarts[fold]!;
      const size = foldStarts[fold + 1]! - from;
      const block = Math.min(length, size);
      // Blocks drawn until the window's size is reached; the last one is cut to fit.
      for (let drawn = 0; drawn < size;) {
        const start = from + Math.floor(random() * (size - block + 1));
        for (let k = 0; k < block && drawn < size; k++, drawn++) weights[start + k]! += 1;
      }
    }
    const auc = weightedAuc(order, groupEnds, labels, weights);
    if (Number.isFinite(auc)) resampled.push(auc);
  }
  resampled.sort((a, b) => a - b);

  const rotated = new Uint8Array(count);
  const distance = Math.abs(observed - 0.5);
  let asFar = 0;
  for (let permutation = 0; permutation < AUC_PERMUTATIONS; permutation++) {
    for (let fold = 0; fold < folds.length; fold++) {
      const from = foldStarts[fold]!;
      const size = foldStarts[fold + 1]! - from;
      const shift = size > 1 ? 1 + Math.floor(random() * (size - 1)) : 0;
      for (let i = 0; i < size; i++) rotated[from + ((i + shift) % size)] = labels[from + i]!;
    }
    // Rotation keeps each fold's label counts, so the pooled AUC always exists here.
    if (Math.abs(weightedAuc(order, groupEnds, rotated, null) - 0.5) >= distance - 1e-12) asFar++;
  }

  return {
    aucMeanOfFolds,
    aucCi95:
      resampled.length > 0
        ? {
            low: percentile(resampled, 0.025),
            high: percentile(resampled, 0.975),
            method:
              `two-stage block bootstrap: test windows redrawn, then blocks of ${length} samples ` +
              `within each, ${AUC_RESAMPLES} resamples`,
          }
        : null,
    pValue: (1 + asFar) / (1 + AUC_PERMUTATIONS),
  };
}
