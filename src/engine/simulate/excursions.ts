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
import type { CandleSeries } from '../candles/series';
import type { ExitReason, PositionSide } from './trade';

export interface Excursion {
  favourablePct: number;
  adversePct: number;
}

export function tradeExcursion(
  series: CandleSeries,
  side: PositionSide,
  entryIndex: number,
  entryPrice: number,
  exitIndex: number,
  exitMarketPrice: number,
  reason: ExitReason,
): Excursion {
  const { o, h, l } = series;
  let highest = Number.NEGATIVE_INFINITY;
  let lowest = Number.POSITIVE_INFINITY;
  for (let bar = entryIndex; bar < exitIndex; bar++) {
    if (h[bar]! > highest) highest = h[bar]!;
    if (l[bar]! < lowest) lowest = l[bar]!;
  }
  const long = side === 'long';
  const seen = (price: number) => {
    if (price > highest) highest = price;
    if (price < lowest) lowest = price;
  };
  seen(o[exitIndex]!);
  if (reason === 'end') {
    seen(h[exitIndex]!);
    seen(l[exitIndex]!);
  } else if (reason === 'target' && exitMarketPrice !== o[exitIndex]) {
    seen(long ? l[exitIndex]! : h[exitIndex]!);
    seen(exitMarketPrice);
  } else {
    seen(exitMarketPrice);
  }
  const up = ((highest - entryPrice) / entryPrice) * 100;
  const down = ((lowest - entryPrice) / entryPrice) * 100;
  return long
    ? { favourablePct: Math.max(up, 0), adversePct: Math.min(down, 0) }
    : { favourablePct: Math.max(-down, 0), adversePct: Math.min(-up, 0) };
}
