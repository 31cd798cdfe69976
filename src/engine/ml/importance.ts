/**
 * Permutation feature importance (Breiman 2001; scikit-learn's permutation_importance) on a test
 * fold: shuffle one feature's values among the fold's samples (seeded), predict again, and take
 * the drop in ROC AUC. A feature the model does not use scores 0; one it relies on scores more.
 */
import type { ProbabilityModel } from './probability-model';
import { rocAuc } from './classification-metrics';

export function permutationImportance(
  model: ProbabilityModel,
  columns: readonly Float64Array[],
  rows: Int32Array,
  labels: Uint8Array,
  baselineAuc: number,
  random: () => number,
): Float64Array {
  const importance = new Float64Array(columns.length);
  const probabilities = new Float64Array(rows.length);
  const shuffled = new Float64Array(rows.length);
  columns.forEach((column, feature) => {
    for (let i = 0; i < rows.length; i++) shuffled[i] = column[rows[i]!]!;
    for (let i = rows.length - 1; i > 0; i--) {
      const j = Math.floor(random() * (i + 1));
      const swap = shuffled[i]!;
      shuffled[i] = shuffled[j]!;
      shuffled[j] = swap;
    }
    const permuted = new Float64Array(column);
    for (let i = 0; i < rows.length; i++) permuted[rows[i]!] = shuffled[i]!;
    const permutedColumns = columns.map((other, index) => (index === feature ? permuted : other));
    for (let i = 0; i < rows.length; i++) probabilities[i] = model.probability(permutedColumns, rows[i]!);
    importance[feature] = baselineAuc - (rocAuc(probabilities, labels) ?? baselineAuc);
  });
  return importance;
}
