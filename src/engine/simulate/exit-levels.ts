/**
 * Target profit, stop loss and trailing stop as price levels, and whether a bar reaches them.
 *
 * Conventions (DESIGN.md section 4; backtesting.py does the same):
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
 */
import type { ExitReason, PositionSide } from './trade';

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
function priceOffset(rule: PriceDistance | null, entryPrice: number): number {
  if (rule === null) return Number.NaN;
  return rule.unit === 'points' ? rule.value : (entryPrice * rule.value) / 100;
}

/** Levels of one open position; NaN where the rule is not set. */
export class ExitLevels {
  readonly target: number;
  readonly stop: number;
  private readonly trailDistance: number;
  /** Best price since entry: highest high for a long, lowest low for a short. */
  private bestPrice: number;

  constructor(
    readonly side: PositionSide,
    entryPrice: number,
    rules: ExitRules,
  ) {
    const direction = side === 'long' ? 1 : -1;
    this.target = entryPrice + direction * priceOffset(rules.targetProfit, entryPrice);
    this.stop = entryPrice - direction * priceOffset(rules.stopLoss, entryPrice);
    this.trailDistance = priceOffset(rules.trailingStop, entryPrice);
    this.bestPrice = entryPrice;
  }

  get trailing(): number {
    return this.side === 'long' ? this.bestPrice - this.trailDistance : this.bestPrice + this.trailDistance;
  }

  /** Moves the trailing stop with the bar's favourable extreme (call after checking the bar). */
  follow(high: number, low: number): void {
    if (this.side === 'long') {
      if (high > this.bestPrice) this.bestPrice = high;
    } else if (low < this.bestPrice) {
      this.bestPrice = low;
    }
  }
}

/** Where and why a bar takes a position out, before slippage. */
export interface LevelExit {
  price: number;
  reason: ExitReason;
}

/** The exit this bar triggers through the levels, or null when it triggers none. */
export function levelExit(levels: ExitLevels, open: number, high: number, low: number): LevelExit | null {
  const { stop, target } = levels;
  const trailing = levels.trailing;
  if (levels.side === 'long') {
    // NaN levels drop out: Math.max would return NaN, so pick explicitly.
    const protective = stop >= trailing || Number.isNaN(trailing) ? stop : trailing;
    const reason: ExitReason = protective === stop ? 'stop' : 'trailing';
    if (open <= protective) return { price: open, reason };
    if (open >= target) return { price: open, reason: 'target' };
    if (low <= protective) return { price: protective, reason };
    if (high >= target) return { price: target, reason: 'target' };
    return null;
  }
  const protective = stop <= trailing || Number.isNaN(trailing) ? stop : trailing;
  const reason: ExitReason = protective === stop ? 'stop' : 'trailing';
  if (open >= protective) return { price: open, reason };
  if (open <= target) return { price: open, reason: 'target' };
  if (high >= protective) return { price: protective, reason };
  if (low <= target) return { price: target, reason: 'target' };
  return null;
}
