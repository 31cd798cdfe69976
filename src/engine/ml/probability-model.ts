/** What every model of an ML run gives once trained: P(label 1) for a row. */
export interface ProbabilityModel {
  /** P(label = 1) for `row` of the feature columns (every feature finite there). */
  probability(columns: readonly Float64Array[], row: number): number;
}
