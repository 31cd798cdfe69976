/**
 * Counts, on the reference cases, of the trades where a documented difference between the
 * engine and an export's platform could show (docs/strategy-export.md#checked-against-backtestingpy):
 * what each platform does with the stop and target on the entry bar and in one bar together.
 */
import type { Trade } from '../../../../src/engine/index';
import { priceOffset, stopLevel, targetLevel } from '../../../../src/engine/simulate/exit-levels';
import { simulationSettings } from '../../../../src/engine/backtest';
import type { ReferenceCase } from './reference-cases';

interface Levels {
  /** The tighter of the stop loss and the trailing stop (NaN without either). */
  protective: number;
  target: number;
}

/**
 * The levels of a position filled at `fill`, each `distanceFrom` (the fill in the run; the
 * signal bar's close where Pine measures a percentage before the fill) away from the fill.
 */
function levelsOf(reference: ReferenceCase, fill: number, distanceFrom: number): Levels {
  const rules = simulationSettings(reference.request, 0);
  const direction = rules.side === 'long' ? 1 : -1;
  // A level's distance from `distanceFrom`, then placed from the fill.
  const placed = (level: number) => fill + (level - distanceFrom);
  const stop = placed(stopLevel(rules, direction, distanceFrom));
  const trailing = fill - direction * priceOffset(rules.trailingStop, distanceFrom);
  const tighter = direction * stop >= direction * trailing || Number.isNaN(trailing) ? stop : trailing;
  return { protective: tighter, target: placed(targetLevel(rules, direction, distanceFrom)) };
}

/** Which level a bar reaches first, the stop taken when both are (the run's order). */
function barOutcome(reference: ReferenceCase, bar: number, levels: Levels): 'stop' | 'target' | 'none' {
  const { o, h, l } = reference.series;
  const long = reference.request.transactionType === 'buy';
  const adverse = long ? l[bar]! : h[bar]!;
  const favourable = long ? h[bar]! : l[bar]!;
  const reaches = (price: number, level: number, against: boolean) =>
    long === against ? price <= level : price >= level;
  if (reaches(o[bar]!, levels.protective, true) || reaches(adverse, levels.protective, true)) return 'stop';
  if (reaches(o[bar]!, levels.target, false) || reaches(favourable, levels.target, false)) return 'target';
  return 'none';
}

const signalClose = (reference: ReferenceCase, trade: Trade) => reference.series.c[trade.entryIndex - 1]!;

/**
 * backtesting.py refuses a level on the far side of the signal bar's close with the order (it
 * checks them against that close): after a gap at the open past a level's distance, that level
 * is set at the entry bar's close instead. The trades where that happened, and those whose entry
 * bar then reached the level (the trades it changes).
 */
export function levelsBeyondSignalClose(reference: ReferenceCase): { entries: number; changed: number } {
  const long = reference.request.transactionType === 'buy';
  let entries = 0;
  let changed = 0;
  for (const trade of reference.trades) {
    const close = signalClose(reference, trade);
    const levels = levelsOf(reference, trade.entryPrice, trade.entryPrice);
    const beyond = (level: number, against: boolean) => (long === against ? level >= close : level <= close);
    const refused = {
      protective: beyond(levels.protective, true) ? levels.protective : Number.NaN,
      target: beyond(levels.target, false) ? levels.target : Number.NaN,
    };
    if (Number.isNaN(refused.protective) && Number.isNaN(refused.target)) continue;
    entries += 1;
    if (barOutcome(reference, trade.entryIndex, refused) !== 'none') changed += 1;
  }
  return { entries, changed };
}

/**
 * Pine sets the levels with the entry order, in ticks from the fill to come; a percentage is of
 * the signal bar's close there, of the fill from the entry bar's close on. The trades whose entry
 * bar would end otherwise with the distances measured from that close.
 */
export function pineEntryBarsFromSignalClose(reference: ReferenceCase): number {
  return reference.trades.filter((trade) => {
    const fromFill = levelsOf(reference, trade.entryPrice, trade.entryPrice);
    const fromClose = levelsOf(reference, trade.entryPrice, signalClose(reference, trade));
    return (
      barOutcome(reference, trade.entryIndex, fromFill) !== barOutcome(reference, trade.entryIndex, fromClose)
    );
  }).length;
}

/**
 * The trades stopped out in a bar that reached the target too (not at its open): the run takes
 * the stop, Pine's broker emulator guesses the order from the bar's shape.
 */
export function stopAndTargetInOneBar(reference: ReferenceCase): number {
  const long = reference.request.transactionType === 'buy';
  const { o, h, l } = reference.series;
  return reference.trades.filter((trade) => {
    if (trade.exitReason !== 'stop' && trade.exitReason !== 'trailing') return false;
    const { target } = levelsOf(reference, trade.entryPrice, trade.entryPrice);
    const bar = trade.exitIndex;
    const gapped = long ? o[bar]! <= trade.exitPrice : o[bar]! >= trade.exitPrice;
    return !gapped && (long ? h[bar]! >= target : l[bar]! <= target);
  }).length;
}
