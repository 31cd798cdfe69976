/**
 * The bar loop: turns entry/exit signals into trades and an equity curve (DESIGN.md section 4).
 *
 * Order of events in bar i:
 * 1. Open. A pending entry (signal at i - 1's close) fills at the open, slippage against the
 *    trader, unless the day's square-off has passed (square-off.ts). A pending exit signal, or else a daily exit time reached (the bar opens at or
 *    after it) or the most bars a position may be held, closes an open position at the open.
 * 2. Intrabar, from the entry bar on: stop loss, trailing stop and target against the bar's
 *    open, low and high (exit-levels.ts); then the trailing stop follows the bar's extreme.
 * 3. Close. Equity is marked to the close. With a position open, an exit signal schedules an
 *    exit at the next open, and on the last bar the position closes at the close ('end').
 *    Without one, an entry signal schedules an entry at the next open, unless this is the last
 *    bar. Signals while a position is open are ignored: one position at a time.
 * Nothing happens before `firstTradableBar` (the warm-up): its signals are ignored.
 *
 * Costs: `slippagePoints` moves every fill against the trader (entries, exits, stops, targets
 * and the end-of-data close; a sell never fills below 0); `commissionPct` of the traded value
 * is charged on each fill. All-in sizing spends the whole equity including the entry
 * commission: quantity = equity / (price * (1 + commission)), floored with whole units; the
 * other sizings are in positionSize.
 *
 * A short is sized the same way and its P&L is quantity * (entry - exit).
 *
 * The daily exit time is wall-clock HH:MM in an IANA zone: a position closes at the open of the
 * first bar that opens at or after the first such time following its entry. That instant is
 * found once, at the entry (zone-clock.ts), so the bar loop compares numbers only. The same
 * time squares the day off: from it until the next trading session no new position opens.
 */
import type { SizingMode } from '../../shared/backtest-vocabulary';
import type { CandleSeries } from '../candles/series';
import { zoneClock } from '../candles/zone-clock';
import { ExitLevels, levelExit, type ExitRules } from './exit-levels';
import { tradeExcursion } from './excursions';
import { positionSize } from './position-size';
import { entriesClosedAfterSquareOff, type DailyExitTime } from './square-off';
import { EXIT_REASONS, TradeRecorder, type TradeColumns } from './trade-columns';
import type { ExitReason, PositionSide } from './trade';

export type { DailyExitTime } from './square-off';

export interface SimulationSettings extends ExitRules {
  side: PositionSide;
  /** Row of the first bar whose signals count; earlier bars are warm-up. */
  firstTradableBar: number;
  /** Money at the start. */
  initialCapital: number;
  /** Percent of the traded value charged per fill (per side). */
  commissionPct: number;
  /** Price points each fill moves against the trader. */
  slippagePoints: number;
  sizing: SizingMode;
  /** Units (fixed-quantity), cash (fixed-cash) or percent of equity at risk (risk-percent). */
  sizingValue?: number | null;
  dailyExitTime: DailyExitTime | null;
  /**
   * Bars a position may stay open: it closes at the open of bar entry + maxBarsHeld ('time').
   * Unlimited when absent (the ML run's label horizon sets it).
   */
  maxBarsHeld?: number;
}

export interface TradeSignals {
  /** 1 where the entry rules hold at the bar's close. */
  entry: Uint8Array;
  /** 1 where the exit rules hold at the bar's close. */
  exit: Uint8Array;
}

export interface SimulationResult {
  trades: TradeColumns;
  /** Equity at each bar's close, marked to market; NaN before `firstTradableBar`. */
  equity: Float64Array;
  warnings: string[];
}

interface OpenPosition {
  entryIndex: number;
  entryPrice: number;
  quantity: number;
  entryCommission: number;
  /** Equity just before the entry. */
  capital: number;
  levels: ExitLevels;
  /** Unix ms of the daily exit time that closes it; +Infinity without one. */
  exitDeadline: number;
}

const REASON_CODES = Object.fromEntries(EXIT_REASONS.map((reason, code) => [reason, code])) as Record<
  ExitReason,
  number
>;

/** When a position entered at a given time must close for the daily exit time (never without one). */
function exitDeadlines(exitTime: DailyExitTime | null): (entryTime: number) => number {
  if (exitTime === null) return () => Number.POSITIVE_INFINITY;
  const clock = zoneClock(exitTime.timeZone);
  return (entryTime) => clock.nextWallClockTime(entryTime, exitTime.minuteOfDay);
}

export function simulate(
  series: CandleSeries,
  signals: TradeSignals,
  settings: SimulationSettings,
): SimulationResult {
  const { t, o, h, l, c } = series;
  const bars = c.length;
  const direction = settings.side === 'long' ? 1 : -1;
  const commissionRate = settings.commissionPct / 100;
  const slippage = settings.slippagePoints;
  const exitDeadlineAfter = exitDeadlines(settings.dailyExitTime);
  const entriesClosedAt = entriesClosedAfterSquareOff(settings.dailyExitTime, series.calendar);
  const maxBarsHeld = settings.maxBarsHeld ?? Number.POSITIVE_INFINITY;
  const firstBar = Math.max(settings.firstTradableBar, 0);
  // NaN over the warm-up only: the bar loop writes every bar from firstBar on.
  const equity = new Float64Array(bars).fill(Number.NaN, 0, firstBar);
  const trades = new TradeRecorder(settings.side);
  let unfilledEntries = 0;
  let squaredOffEntries = 0;
  let bankruptAt = -1;

  /** Buys fill higher, sells lower (never below 0). */
  const fillPrice = (price: number, buying: boolean) =>
    buying ? price + slippage : Math.max(price - slippage, 0);

  const enter = (bar: number, capital: number): OpenPosition | null => {
    const entryPrice = fillPrice(o[bar]!, direction === 1);
    const quantity = positionSize(settings, capital, entryPrice, commissionRate);
    if (!(quantity > 0) || !Number.isFinite(quantity)) {
      unfilledEntries++;
      return null;
    }
    return {
      entryIndex: bar,
      entryPrice,
      quantity,
      entryCommission: entryPrice * quantity * commissionRate,
      capital,
      levels: new ExitLevels(settings.side, entryPrice, settings),
      exitDeadline: exitDeadlineAfter(t[bar]!),
    };
  };

  /** Closes the position at `price` (before slippage); returns the equity after the exit. */
  const close = (position: OpenPosition, bar: number, price: number, reason: ExitReason): number => {
    const exitPrice = fillPrice(price, direction === -1);
    const { entryPrice, quantity } = position;
    const exitCommission = exitPrice * quantity * commissionRate;
    const pnl = direction * quantity * (exitPrice - entryPrice) - position.entryCommission - exitCommission;
    // Slippage paid on both fills: what the fill prices gave up against the market prices.
    const slippagePaid =
      quantity * (Math.abs(exitPrice - price) + Math.abs(entryPrice - o[position.entryIndex]!));
    const excursion = tradeExcursion(
      series,
      settings.side,
      position.entryIndex,
      entryPrice,
      bar,
      price,
      reason,
    );
    const costs = position.entryCommission + exitCommission + slippagePaid;
    trades.record(
      position.entryIndex,
      bar,
      entryPrice,
      exitPrice,
      quantity,
      pnl,
      REASON_CODES[reason],
      excursion,
      costs,
    );
    return position.capital + pnl;
  };

  let cash = settings.initialCapital;
  let position: OpenPosition | null = null;
  let entryPending = false;
  let exitPending = false;
  for (let bar = firstBar; bar < bars; bar++) {
    if (entryPending) {
      entryPending = false;
      if (entriesClosedAt(t[bar]!)) squaredOffEntries++;
      else position = enter(bar, cash);
    }
    if (position !== null && bar > position.entryIndex) {
      if (exitPending) {
        cash = close(position, bar, o[bar]!, 'signal');
        position = null;
      } else if (t[bar]! >= position.exitDeadline || bar - position.entryIndex >= maxBarsHeld) {
        cash = close(position, bar, o[bar]!, 'time');
        position = null;
      }
    }
    exitPending = false;
    if (position !== null) {
      const exit = levelExit(position.levels, o[bar]!, h[bar]!, l[bar]!);
      if (exit !== null) {
        cash = close(position, bar, exit.price, exit.reason);
        position = null;
      } else {
        position.levels.follow(h[bar]!, l[bar]!);
      }
    }

    if (position !== null) {
      if (bar === bars - 1) {
        cash = close(position, bar, c[bar]!, 'end');
        position = null;
        equity[bar] = cash;
      } else {
        equity[bar] =
          position.capital -
          position.entryCommission +
          direction * position.quantity * (c[bar]! - position.entryPrice);
        exitPending = signals.exit[bar] === 1;
      }
    } else {
      equity[bar] = cash;
      if (cash <= 0 && bankruptAt < 0) bankruptAt = bar;
      entryPending = bar < bars - 1 && cash > 0 && signals.entry[bar] === 1;
    }
  }

  const warnings: string[] = [];
  if (unfilledEntries > 0) {
    warnings.push(
      `${unfilledEntries} entry signal${unfilledEntries > 1 ? 's' : ''} could not be filled: ${
        settings.sizing === 'fixed-quantity'
          ? `the capital does not pay for ${settings.sizingValue} units at that price`
          : 'the capital does not buy one unit at that price'
      }`,
    );
  }
  if (squaredOffEntries > 0) {
    warnings.push(
      `${squaredOffEntries} entry signal${squaredOffEntries > 1 ? 's' : ''} came after the daily exit time: no new position opens until the next session`,
    );
  }
  if (bankruptAt >= 0) {
    warnings.push(
      `The account lost all its capital by ${new Date(t[bankruptAt]!).toISOString()}; no later trades`,
    );
  }
  return { trades: trades.finish(), equity, warnings };
}
