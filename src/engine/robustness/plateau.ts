/**
 * The suggestion of a sweep: the centre of its most stable region, not its single best cell.
 * A lone best cell among poor neighbours is the typical product of overfitting; a setting whose
 * small changes all keep scoring well is more likely to keep working (the "parameter plateau"
 * of Pardo, "The Evaluation and Optimization of Trading Strategies", 2008, ch. 10).
 */

/** One swept setting: its request path and its values in order. */
export interface GridAxis {
  path: string;
  values: readonly (number | string)[];
}

/**
 * A sweep's scores: `scores[i]` is the score of cell i, cells in the order of the cartesian
 * product of the axes with the last axis changing fastest (row-major); NaN for a cell that
 * has no score (no trades).
 */
export interface ScoredGrid {
  axes: readonly GridAxis[];
  scores: Float64Array;
}

export interface PlateauSuggestion {
  /** The chosen cell's value on each axis, keyed by path. */
  settings: Record<string, number | string>;
  /** Its index in `scores`. */
  index: number;
  /** Its own score. */
  score: number;
  /** mean - standard deviation of its neighbourhood (see findPlateau). */
  stability: number;
  /** Scores of the cells within one step on every axis, the cell included, in grid order; null = no score. */
  neighbourScores: (number | null)[];
  /** Mean and minimum of the neighbourhood, a cell without a score counting as the grid's worst score. */
  neighbourhoodMean: number;
  neighbourhoodMin: number;
  /** 1 + the number of cells that score strictly better than the chosen one. */
  rankOfCell: number;
}

function neighbourhood(
  index: number,
  radius: number,
  sizes: readonly number[],
  strides: readonly number[],
): number[] {
  let cells = [0];
  for (let axis = 0; axis < sizes.length; axis++) {
    const position = Math.floor(index / strides[axis]!) % sizes[axis]!;
    const from = Math.max(position - radius, 0);
    const to = Math.min(position + radius, sizes[axis]! - 1);
    const next: number[] = [];
    for (const base of cells) for (let p = from; p <= to; p++) next.push(base + p * strides[axis]!);
    cells = next;
  }
  return cells;
}

function summary(values: readonly number[]): { mean: number; min: number; stability: number } {
  const mean = values.reduce((sum, value) => sum + value, 0) / values.length;
  const variance = values.reduce((sum, value) => sum + (value - mean) ** 2, 0) / values.length;
  return { mean, min: Math.min(...values), stability: mean - Math.sqrt(variance) };
}

/**
 * The cell whose neighbourhood (every cell within one step along each axis, itself included,
 * clipped at the grid's edges, so an edge cell is judged on fewer cells) has the highest stability = mean - standard deviation
 * (population) of its scores. Mean minus one deviation rewards regions that are good and flat
 * alike, in the score's own units, like a lower confidence bound: a spike beside poor cells
 * has a large deviation and loses to a plateau. A neighbour without a score counts as the
 * grid's worst score: a region that stops trading one step away is not stable. Only cells
 * with a score can be chosen. Ties are broken by the same stability within two steps (which
 * finds the centre of a broad plateau), then by the cell's own score, then by the lowest index.
 * null when no cell has a score.
 */
export function findPlateau({ axes, scores }: ScoredGrid): PlateauSuggestion | null {
  const sizes = axes.map((axis) => axis.values.length);
  const cellCount = sizes.reduce((product, size) => product * size, 1);
  if (axes.length === 0 || cellCount !== scores.length) {
    throw new RangeError(
      `a grid of ${sizes.join(' x ') || 'no axes'} needs ${cellCount} scores, got ${scores.length}`,
    );
  }
  const strides = sizes.map((_, axis) => sizes.slice(axis + 1).reduce((product, size) => product * size, 1));
  let worst = Number.POSITIVE_INFINITY;
  for (const score of scores) if (Number.isFinite(score) && score < worst) worst = score;
  if (worst === Number.POSITIVE_INFINITY) return null;
  const scoreOrWorst = (cell: number) => (Number.isFinite(scores[cell]) ? scores[cell]! : worst);
  const stabilityWithin = (cell: number, radius: number) =>
    summary(neighbourhood(cell, radius, sizes, strides).map(scoreOrWorst)).stability;

  let best = -1;
  let bestStability = Number.NEGATIVE_INFINITY;
  for (let cell = 0; cell < scores.length; cell++) {
    if (!Number.isFinite(scores[cell])) continue;
    const stability = stabilityWithin(cell, 1);
    if (stability > bestStability || (stability === bestStability && isBetterTie(cell, best))) {
      best = cell;
      bestStability = stability;
    }
  }

  function isBetterTie(cell: number, incumbent: number): boolean {
    const wide = stabilityWithin(cell, 2) - stabilityWithin(incumbent, 2);
    if (wide !== 0) return wide > 0;
    return scores[cell]! > scores[incumbent]!;
  }

  const cells = neighbourhood(best, 1, sizes, strides);
  const { mean, min } = summary(cells.map(scoreOrWorst));
  let better = 0;
  for (const score of scores) if (score > scores[best]!) better++;
  return {
    settings: Object.fromEntries(
      axes.map((axis, a) => [axis.path, axis.values[Math.floor(best / strides[a]!) % sizes[a]!]!]),
    ),
    index: best,
    score: scores[best]!,
    stability: bestStability,
    neighbourScores: cells.map((cell) => (Number.isFinite(scores[cell]) ? scores[cell]! : null)),
    neighbourhoodMean: mean,
    neighbourhoodMin: min,
    rankOfCell: better + 1,
  };
}
