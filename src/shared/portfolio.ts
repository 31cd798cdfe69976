/** Portfolio backtests (one strategy over several symbols, one shared capital): limits and names. */

/** Most symbols one portfolio holds. */
export const MAX_PORTFOLIO_SYMBOLS = 20;

/** How far the weights' sum may stray from 1 (typed weights such as 0.333, 0.333, 0.334 add up exactly). */
export const WEIGHT_SUM_TOLERANCE = 1e-6;
