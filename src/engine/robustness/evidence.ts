/**
 * The least evidence an overfitting or significance figure is reported on, and the limits past
 * which a result is flagged, in one place with their reasons.
 */
export const EVIDENCE = {
  /**
   * PBO's in-sample and out-of-sample Sharpe ratios are measured on halves of S blocks; with
   * fewer than 8 bars a block each half's ratio rests on a handful of bars per block and the
   * ranking is mostly noise (Bailey et al. 2017 use blocks of tens of observations), so PBO is
   * left out (null with the reason) below 8 bars a block.
   */
  pboPeriodsPerBlock: 8,
  /**
   * The deflated Sharpe ratio's normal approximation of the Sharpe ratio's sampling error
   * (Lo 2002; Bailey and Lopez de Prado 2014, with skewness and kurtosis) is poor on short
   * samples, whose third and fourth moments are unstable; below 100 observations the figure
   * carries a warning.
   */
  dsrObservations: 100,
  /**
   * Folds whose model gives every test bar one probability rank nothing; past a quarter of the
   * folds, the pooled scores mostly reflect differences between folds' base rates, not skill.
   */
  degenerateFoldShare: 0.25,
  /**
   * An out-of-sample ROC AUC above 0.75 is beyond what price-based features reach on liquid
   * markets (published studies report 0.50-0.60), so it signals information from the future.
   */
  leakAuc: 0.75,
  /** One feature carrying more than this share of the permutation importance, likewise. */
  leakImportanceShare: 0.5,
  /**
   * A Monte Carlo of a trade list redraws those trades only: its 5th and 95th percentiles are
   * set by the one or two most extreme of them, and a bootstrap of n trades has few distinct
   * paths when n is small. Below 30 trades (the usual least sample for a mean's sampling
   * distribution to settle) the percentiles carry a warning.
   */
  monteCarloTrades: 30,
} as const;

export const LEAK_WARNING =
  'Results this strong usually mean information from the future; check the data and the features';

/**
 * Why PBO is left out of `periods` returns cut into `blocks` blocks, or null when there are
 * enough: `unit` names the periods ("out-of-sample bars", "days") and `each` one of them in the
 * plural ("bars", "days").
 */
export function pboTooFewReason(periods: number, blocks: number, unit: string, each: string): string | null {
  const needed = blocks * EVIDENCE.pboPeriodsPerBlock;
  if (periods >= needed) return null;
  return (
    `${periods} ${unit} are too few for PBO: its ${blocks} blocks need ` +
    `${EVIDENCE.pboPeriodsPerBlock} ${each} each (${needed} ${each})`
  );
}

/** The warning a deflated Sharpe ratio measured on `observations` `unit` carries, or null. */
export function dsrTooFewWarning(observations: number, unit: string): string | null {
  if (observations >= EVIDENCE.dsrObservations) return null;
  return (
    `Only ${observations} ${unit}: the deflated Sharpe ratio needs at least ` +
    `${EVIDENCE.dsrObservations} to be reliable`
  );
}

/** The warning a Monte Carlo of `trades` trades carries, or null. */
export function monteCarloTooFewWarning(trades: number): string | null {
  if (trades >= EVIDENCE.monteCarloTrades) return null;
  return (
    `Only ${trades} trade${trades === 1 ? '' : 's'}: these percentiles rest on too few trades to be ` +
    `reliable; they need at least ${EVIDENCE.monteCarloTrades}`
  );
}
