/**
 * Maximum favourable and adverse excursion of a trade (MFE / MAE, as in John Sweeney's
 * "Maximum Adverse Excursion", 1997): the best and worst market price while the position was
 * open, as percents of the entry fill price (MFE >= 0, MAE <= 0; a short's favourable side is
 * down). What counts as "while open" follows the simulator's bar path (exit-levels.ts):
 * - the entry bar and every bar before the exit bar: their whole range (the entry fills at
 *   the open, then the bar runs its course);
 * - the exit bar: an exit at the open (signal, time, a gap through a level) saw only the open;
 *   a stop saw the open and the stop level (the adverse move comes first); a target inside the
 *   bar saw the bar's adverse extreme and the target; the end of data saw the whole bar.
 */
import type { ExitReason } from './trade';

export interface Excursion {
  favourablePct: number;
  adversePct: number;
}

/**
 * The trade's excursion from the highest high and lowest low of its bars before the exit bar
 * (the simulator tracks them while the position is open) and the exit bar's open, high, low and
 * the price the exit reached (before slippage). Written into `out` when given (the simulator
 * passes one object for all its trades, so closing a trade allocates nothing).
 */
export function exitExcursion(
  long: boolean,
  entryPrice: number,
  highestBefore: number,
  lowestBefore: number,
  open: number,
  high: number,
  low: number,
  exitMarketPrice: number,
  reason: ExitReason,
  out: Excursion = { favourablePct: 0, adversePct: 0 },
): Excursion {
  // The exit bar's prices in the order the trade saw them: the open, then what the exit reached.
  const first =
    reason === 'end'
      ? high
      : reason === 'target' && exitMarketPrice !== open
        ? long
          ? low
          : high
        : exitMarketPrice;
  const second = reason === 'end' ? low : exitMarketPrice;
  // Plain comparisons, not Math.max / Math.min: the first of equal extremes is kept.
  let highest = highestBefore;
  let lowest = lowestBefore;
  if (open > highest) highest = open;
  if (open < lowest) lowest = open;
  if (first > highest) highest = first;
  if (first < lowest) lowest = first;
  if (second > highest) highest = second;
  if (second < lowest) lowest = second;
  return extremesExcursion(long, entryPrice, highest, lowest, out);
}

/**
 * The excursion of a trade whose highest and lowest market prices while open are known (a tick
 * run sees every trade up to the exit).
 */
export function extremesExcursion(
  long: boolean,
  entryPrice: number,
  highest: number,
  lowest: number,
  out: Excursion = { favourablePct: 0, adversePct: 0 },
): Excursion {
  const up = ((highest - entryPrice) / entryPrice) * 100;
  const down = ((lowest - entryPrice) / entryPrice) * 100;
  out.favourablePct = long ? Math.max(up, 0) : Math.max(-down, 0);
  out.adversePct = long ? Math.min(down, 0) : Math.min(-up, 0);
  return out;
}
