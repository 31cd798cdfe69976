/**
 * Prices adjusted for corporate actions, so a split or a dividend does not read as a crash.
 *
 * Splits: every bar that opens before a split's effective instant has its prices divided by the
 * split's ratio (4 for a 4:1 split) and its volume multiplied by it, so shares before and after
 * compare one to one. Splits and dividends: the provider's adjusted close (adjusted for both)
 * sets each bar's factor `adjustedClose / close`, which scales open, high and low as well; the
 * volume is adjusted for splits only (a dividend changes no share count).
 */
import type { CandleRow } from './series';

export interface Split {
  /** The instant (unix ms) from which prices trade split: the first bar at or after it is not scaled. */
  t: number;
  /** New shares per old share: 4 for a 4:1 split, 0.1 for a 1:10 reverse split. */
  ratio: number;
}

/** The product of the ratios of the splits effective after each bar's open, bar by bar. */
function laterSplitFactors(rows: readonly CandleRow[], splits: readonly Split[]): Float64Array {
  const factors = new Float64Array(rows.length).fill(1);
  for (const split of splits) {
    if (!(split.ratio > 0) || split.ratio === 1) continue;
    for (let i = 0; i < rows.length && rows[i]!.t < split.t; i++) factors[i]! *= split.ratio;
  }
  return factors;
}

/**
 * Bars adjusted for splits: prices divided, and volume multiplied, by the later splits' ratios
 * (`volumeAdjusted`: the source's volume already is, so it is kept).
 */
export function adjustForSplits(
  rows: readonly CandleRow[],
  splits: readonly Split[],
  { volumeAdjusted = false } = {},
): CandleRow[] {
  const factors = laterSplitFactors(rows, splits);
  return rows.map((row, i) => {
    const f = factors[i]!;
    const v = volumeAdjusted ? row.v : row.v * f;
    return f === 1 ? row : { t: row.t, o: row.o / f, h: row.h / f, l: row.l / f, c: row.c / f, v };
  });
}

/**
 * Bars adjusted for splits and dividends from the provider's adjusted closes (one per row):
 * open, high, low and close scaled by `adjustedClose / close`, volume by the later splits.
 * A row without a usable adjusted close (or with a zero close) keeps its prices.
 */
export function adjustWithAdjustedCloses(
  rows: readonly CandleRow[],
  adjustedCloses: readonly (number | null)[],
  splits: readonly Split[],
): CandleRow[] {
  const volumeFactors = laterSplitFactors(rows, splits);
  return rows.map((row, i) => {
    const adjusted = adjustedCloses[i];
    const k =
      adjusted != null && Number.isFinite(adjusted) && adjusted > 0 && row.c > 0 ? adjusted / row.c : 1;
    return { t: row.t, o: row.o * k, h: row.h * k, l: row.l * k, c: row.c * k, v: row.v * volumeFactors[i]! };
  });
}

/** "4.000000/1.000000" (the provider's notation) -> 4; null when it is not a positive ratio. */
export function parseSplitRatio(text: string): number | null {
  const match = /^\s*([\d.]+)\s*[/:]\s*([\d.]+)\s*$/.exec(text);
  if (!match) return null;
  const ratio = Number(match[1]) / Number(match[2]);
  return Number.isFinite(ratio) && ratio > 0 ? ratio : null;
}
