/**
 * Target profit, stop loss and trailing stop as price levels, and whether a bar reaches them.
 *
 * Conventions (docs/conventions.md#fills; backtesting.py does the same):
 * - A percentage is of the entry price, for all three (a 5% trailing stop trails by 5% of the
 *   entry price); points are price units.
 * - The bar's open comes first: an open at or beyond a level (a gap) fills at the open.
 * - Otherwise, if the low (long) reaches the stop and the high reaches the target in the same
 *   bar, the stop is taken: the bar's path is unknown, so the pessimistic order is assumed.
 * - Stop loss and trailing stop are both stop orders; the tighter one is hit first. On a tie the
 *   reason is 'stop'.
 * - The trailing stop trails the best price since entry (the entry price at first). A bar's
 *   favourable extreme moves it only after that bar has been checked: within one bar we cannot
 *   tell whether the high came before the low, so assuming it did would be optimistic.
 *
 * The levels are fixed at the entry (below); the bar check runs on plain numbers inside the
 * simulator's bar loop (simulate.ts), where a call per bar would cost more than the check.
 */
export interface PriceDistance {
  unit: 'percentage' | 'points';
  /** Percent of the entry price, or price points; > 0. */
  value: number;
}

export interface ExitRules {
  targetProfit: PriceDistance | null;
  stopLoss: PriceDistance | null;
  trailingStop: PriceDistance | null;
}

/** The rule's distance from the entry price in price units; NaN when the rule is not set. */
export function priceOffset(rule: PriceDistance | null, entryPrice: number): number {
  if (rule === null) return Number.NaN;
  return rule.unit === 'points' ? rule.value : (entryPrice * rule.value) / 100;
}

/** The target profit level of a position (direction 1 long, -1 short); NaN without the rule. */
export function targetLevel(rules: ExitRules, direction: number, entryPrice: number): number {
  return entryPrice + direction * priceOffset(rules.targetProfit, entryPrice);
}

/** The stop loss level of a position (direction 1 long, -1 short); NaN without the rule. */
export function stopLevel(rules: ExitRules, direction: number, entryPrice: number): number {
  return entryPrice - direction * priceOffset(rules.stopLoss, entryPrice);
}
