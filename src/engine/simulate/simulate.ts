/**
 * The bar loop: turns entry/exit signals into trades and an equity curve (docs/conventions.md#fills).
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
 * first bar that opens at or after the first such time following its entry. That instant and
 * that bar are found once, at the entry (zone-clock.ts), so the bar loop compares bar numbers
 * only. The same time squares the day off: from it until the next trading session no new
 * position opens.
 */
import type { SizingMode } from '../../shared/backtest-vocabulary';
import type { CandleSeries } from '../candles/series';
import { zoneClock, type ZoneClock } from '../candles/zone-clock';
import { exitExcursion, type Excursion } from './excursions';
import { priceOffset, stopLevel, targetLevel, type ExitRules } from './exit-levels';
import { firstBarAtOrAfter } from './bar-at-time';
import { positionSize } from './position-size';
import { SquareOff, type DailyExitTime } from './square-off';
import {
  END_EXIT,
  EXIT_REASONS,
  SIGNAL_EXIT,
  STOP_EXIT,
  TARGET_EXIT,
  TIME_EXIT,
  TRAILING_EXIT,
  TradeRecorder,
  type TradeColumns,
} from './trade-columns';
import type { PositionSide } from './trade';

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

/** Buys fill higher, sells lower (never below 0). */
export function fillPrice(price: number, buying: boolean, slippage: number): number {
  return buying ? price + slippage : Math.max(price - slippage, 0);
}

export function simulate(
  series: CandleSeries,
  signals: TradeSignals,
  settings: SimulationSettings,
): SimulationResult {
  const firstBar = Math.max(settings.firstTradableBar, 0);
  // NaN over the warm-up only: the bar loop writes every bar from firstBar on.
  const equity = new Float64Array(series.c.length).fill(Number.NaN, 0, firstBar);
  const run = new BarLoop(series, signals, settings, equity);
  run.walk(firstBar);
  return { trades: run.trades.finish(), equity, warnings: runWarnings(run, settings, series.t) };
}

/**
 * One run of the bar loop. Written for V8, so that no bar allocates and the optimised code
 * survives from run to run: the run's numbers live in fields that only ever hold numbers and the
 * open position's per-bar state in locals of `hold` (a double captured by a closure is boxed on
 * every write); no closure is made per run; each loop sits in its own small method (flat
 * stretches, held stretches), the rare paths (entry, exit, warnings) in others.
 */
class BarLoop {
  readonly trades: TradeRecorder;
  /**
   * Money not in a position: the equity whenever the account is flat. Declared with a double
   * (not left undefined until the constructor), so the field holds doubles unboxed.
   */
  cash = Number.NaN;
  /** Entry signals whose fill the sizing refused (no unit affordable). */
  unfilledEntries = 0;
  /** Entry signals whose fill came after the day's square-off. */
  squaredOffEntries = 0;
  /** The first flat bar with no money left; -1 while there is money. */
  bankruptAt = -1;

  private readonly t: Float64Array;
  private readonly o: Float64Array;
  private readonly h: Float64Array;
  private readonly l: Float64Array;
  private readonly c: Float64Array;
  private readonly entrySignals: Uint8Array;
  private readonly exitSignals: Uint8Array;
  private readonly long: boolean;
  private readonly direction: number;
  private readonly commissionRate: number;
  private readonly slippage: number;
  private readonly maxBarsHeld: number;
  private readonly lastBar: number;
  private readonly clock: ZoneClock | null;
  private readonly exitMinuteOfDay: number;
  private readonly squareOff: SquareOff;
  /** Entries filling before this time are squared off (the day of the last refused fill ends). */
  private closedUntil = Number.NEGATIVE_INFINITY;
  /** The last exit deadline the clock gave, the entry time it was asked for and its bar. */
  private deadline = Number.NaN;
  private deadlineAskedAt = Number.NaN;
  private deadlineBar = Number.NaN;
  /** Scratch for each closed trade's excursion. */
  private readonly excursion: Excursion = { favourablePct: Number.NaN, adversePct: Number.NaN };

  // The open position, set by `open` (NaN-initialised so the fields start out as doubles).
  private entryIndex = 0;
  private entryPrice = Number.NaN;
  private quantity = Number.NaN;
  private entryCommission = Number.NaN;
  /** Equity just before the entry. */
  private capital = Number.NaN;
  /**
   * The bar whose open closes it for time: the first to open at or after its daily exit time,
   * or the bar limit's, whichever comes first (+Infinity without either). A bar number, so the
   * held-bar loop compares bars rather than reading every bar's time.
   */
  private timeExitBar = Number.NaN;
  private target = Number.NaN;
  private stop = Number.NaN;
  private trailDistance = Number.NaN;

  constructor(
    series: CandleSeries,
    signals: TradeSignals,
    private readonly settings: SimulationSettings,
    private readonly equity: Float64Array,
  ) {
    ({ t: this.t, o: this.o, h: this.h, l: this.l, c: this.c } = series);
    this.entrySignals = signals.entry;
    this.exitSignals = signals.exit;
    this.long = settings.side === 'long';
    this.direction = this.long ? 1 : -1;
    this.commissionRate = settings.commissionPct / 100;
    this.slippage = settings.slippagePoints;
    this.maxBarsHeld = settings.maxBarsHeld ?? Number.POSITIVE_INFINITY;
    this.lastBar = series.c.length - 1;
    const exitTime = settings.dailyExitTime;
    this.clock = exitTime === null ? null : zoneClock(exitTime.timeZone);
    this.exitMinuteOfDay = exitTime === null ? 0 : exitTime.minuteOfDay;
    this.squareOff = new SquareOff(exitTime, series.calendar);
    this.trades = new TradeRecorder(settings.side);
    this.cash = settings.initialCapital;
  }

  /** Runs bars [bar, end of data): flat up to the bar that schedules an entry, then the trade. */
  walk(bar: number): void {
    while (bar <= this.lastBar) {
      if (this.cash <= 0 && this.bankruptAt < 0) this.bankruptAt = bar;
      const signal = this.flatUntilEntry(bar);
      if (signal < 0) return;
      bar = this.open(signal + 1) ? this.hold() : signal + 1;
    }
  }

  /**
   * Writes the cash as the equity of flat bars from `bar` on, up to and including the first
   * whose entry signal schedules an entry (a close before the last bar, with money); returns
   * that bar, or -1 when the data ends flat. A plain loop: flat stretches are short (tens of
   * bars between trades), where indexOf and fill cost more per call than they save.
   */
  private flatUntilEntry(bar: number): number {
    const { t, entrySignals, equity, lastBar, cash, closedUntil } = this;
    const canEnter = cash > 0;
    for (; bar < lastBar; bar++) {
      equity[bar] = cash;
      if (canEnter && entrySignals[bar] === 1) {
        // Entries stay closed for the rest of a squared-off day: counted here, not tried.
        if (t[bar + 1]! < closedUntil) this.squaredOffEntries++;
        else return bar;
      }
    }
    if (bar === lastBar) equity[bar] = cash;
    return -1;
  }

  /** Fills a pending entry at `bar`'s open, unless squared off or unaffordable; whether it did. */
  private open(bar: number): boolean {
    if (this.squareOff.entriesClosedAt(this.t[bar]!)) {
      this.squaredOffEntries++;
      this.closedUntil = this.squareOff.reopensAt();
      return false;
    }
    const entryPrice = fillPrice(this.o[bar]!, this.long, this.slippage);
    const quantity = positionSize(this.settings, this.cash, entryPrice, this.commissionRate);
    if (!(quantity > 0) || !Number.isFinite(quantity)) {
      this.unfilledEntries++;
      return false;
    }
    this.entryIndex = bar;
    this.entryPrice = entryPrice;
    this.quantity = quantity;
    this.entryCommission = entryPrice * quantity * this.commissionRate;
    this.capital = this.cash;
    const barLimit = bar + this.maxBarsHeld;
    const deadlineBar = this.deadlineBarAfter(bar);
    // Not Math.min: a bar limit that is no number never fires, as `bar - entry >= NaN` would not.
    this.timeExitBar = barLimit < deadlineBar ? barLimit : deadlineBar;
    this.target = targetLevel(this.settings, this.direction, entryPrice);
    this.stop = stopLevel(this.settings, this.direction, entryPrice);
    this.trailDistance = priceOffset(this.settings.trailingStop, entryPrice);
    return true;
  }

  /**
   * The first bar opening at or after the first daily exit time after `bar`'s open (the length
   * of the series when none does); +Infinity without a daily exit time.
   */
  private deadlineBarAfter(bar: number): number {
    if (this.clock === null) return Number.POSITIVE_INFINITY;
    const entryTime = this.t[bar]!;
    // The first exit time after an earlier entry is also the first after every later entry
    // before it: the zone clock is asked again only once the entries have passed it.
    if (!(entryTime >= this.deadlineAskedAt && entryTime < this.deadline)) {
      this.deadlineAskedAt = entryTime;
      this.deadline = this.clock.nextWallClockTime(entryTime, this.exitMinuteOfDay);
      this.deadlineBar = firstBarAtOrAfter(this.t, this.deadline, bar + 1);
    }
    return this.deadlineBar;
  }

  /**
   * Holds the open position from its entry bar until a bar closes it (steps 1-3 of the module
   * note); returns the bar from which the account is flat (the exit bar: its close is flat).
   * The loop only finds the exit (`break` with its price and reason) and closes after it: a
   * call inside the loop with a per-bar double (`open`) would box that double on every bar.
   */
  private hold(): number {
    const { o, h, l, c, equity, exitSignals, long, lastBar } = this;
    const { entryIndex, entryPrice, timeExitBar, stop, target, trailDistance } = this;
    // Marked-to-market equity is capital - entryCommission + direction * quantity * (close -
    // entryPrice), evaluated left to right: its first two terms and products are fixed.
    const heldCapital = this.capital - this.entryCommission;
    const signedQuantity = this.direction * this.quantity;
    let bestPrice = entryPrice;
    // Highest high and lowest low of the position's bars before the exit bar (excursions.ts).
    let highest = Number.NEGATIVE_INFINITY;
    let lowest = Number.POSITIVE_INFINITY;
    let bar = entryIndex;
    let price: number;
    let reason = END_EXIT;
    for (; ; bar++) {
      const open = o[bar]!;
      // After the entry bar: an exit signal at the previous close, else the daily exit time or
      // the bar limit, closes at the open.
      const signalled = bar > entryIndex && exitSignals[bar - 1] === 1;
      if (signalled || (bar > entryIndex && bar >= timeExitBar)) {
        price = open;
        reason = signalled ? SIGNAL_EXIT : TIME_EXIT;
        break;
      }
      // Stop loss, trailing stop and target (exit-levels.ts), on numbers: one test per bar
      // whether any level is reached; which one (the open first, then the stop) only at the exit.
      const high = h[bar]!;
      const low = l[bar]!;
      if (long) {
        const trailing = bestPrice - trailDistance;
        const protective = stop >= trailing || Number.isNaN(trailing) ? stop : trailing;
        if (open <= protective || open >= target || low <= protective || high >= target) {
          const stopReason = protective === stop ? STOP_EXIT : TRAILING_EXIT;
          if (open <= protective || open >= target) {
            price = open;
            reason = open <= protective ? stopReason : TARGET_EXIT;
          } else {
            price = low <= protective ? protective : target;
            reason = low <= protective ? stopReason : TARGET_EXIT;
          }
          break;
        }
        if (high > bestPrice) bestPrice = high;
      } else {
        const trailing = bestPrice + trailDistance;
        const protective = stop <= trailing || Number.isNaN(trailing) ? stop : trailing;
        if (open >= protective || open <= target || high >= protective || low <= target) {
          const stopReason = protective === stop ? STOP_EXIT : TRAILING_EXIT;
          if (open >= protective || open <= target) {
            price = open;
            reason = open >= protective ? stopReason : TARGET_EXIT;
          } else {
            price = high >= protective ? protective : target;
            reason = high >= protective ? stopReason : TARGET_EXIT;
          }
          break;
        }
        if (low < bestPrice) bestPrice = low;
      }
      if (bar === lastBar) {
        price = c[bar]!;
        break;
      }
      equity[bar] = heldCapital + signedQuantity * (c[bar]! - entryPrice);
      if (high > highest) highest = high;
      if (low < lowest) lowest = low;
    }
    this.close(bar, price, reason, highest, lowest);
    if (reason !== END_EXIT) return bar;
    equity[bar] = this.cash;
    return bar + 1;
  }

  /**
   * Closes the position at `price` (before slippage) in `bar`; `highest` and `lowest` are the
   * extremes of its bars before `bar`.
   */
  private close(bar: number, price: number, reason: number, highest: number, lowest: number): void {
    const { entryIndex, entryPrice, quantity, entryCommission, commissionRate } = this;
    const exitPrice = fillPrice(price, !this.long, this.slippage);
    const exitCommission = exitPrice * quantity * commissionRate;
    const pnl = this.direction * quantity * (exitPrice - entryPrice) - entryCommission - exitCommission;
    // Slippage paid on both fills: what the fill prices gave up against the market prices.
    const slippagePaid =
      quantity * (Math.abs(exitPrice - price) + Math.abs(entryPrice - this.o[entryIndex]!));
    const excursion = exitExcursion(
      this.long,
      entryPrice,
      highest,
      lowest,
      this.o[bar]!,
      this.h[bar]!,
      this.l[bar]!,
      price,
      EXIT_REASONS[reason]!,
      this.excursion,
    );
    const costs = entryCommission + exitCommission + slippagePaid;
    this.trades.record(entryIndex, bar, entryPrice, exitPrice, quantity, pnl, reason, excursion, costs);
    this.cash = this.capital + pnl;
  }
}

/** What a run counted of the entries it could not fill and of its money (runWarnings). */
export interface RunCounts {
  /** Entry signals whose fill the sizing refused. */
  readonly unfilledEntries: number;
  /** Entry signals whose fill came after the day's square-off. */
  readonly squaredOffEntries: number;
  /** The first flat bar with no money left; -1 while there is money. */
  readonly bankruptAt: number;
}

/** What the user should know about a run: refused and squared-off entries, bankruptcy. */
export function runWarnings(run: RunCounts, settings: SimulationSettings, openTimes: Float64Array): string[] {
  const { unfilledEntries, squaredOffEntries, bankruptAt } = run;
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
      `The account lost all its capital by ${new Date(openTimes[bankruptAt]!).toISOString()}; no later trades`,
    );
  }
  return warnings;
}
