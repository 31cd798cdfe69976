/**
 * The bar loop of simulate.ts with exits found in the trades (docs/conventions.md#fills-with-ticks,
 * docs/decisions/0007-exits-in-ticks.md).
 * Signals come from bars (built from the same trades, tick-bars.ts); what happens at a bar's
 * open and close is the bar loop's, with the bar's first trade as its open:
 * 1. Open. A pending entry fills at the bar's first trade. A pending exit signal or the most
 *    bars a position may be held closes an open position at that trade.
 * 2. Intrabar, trade by trade in order, from the entry trade on: the daily exit time (the first
 *    trade at or after it), then the stop loss, trailing stop and target. A level fills at the
 *    first trade at or beyond it, at that trade's price: a trade that gaps through a stop fills
 *    where it traded, as a bar that opens beyond a level fills at its open. The trailing stop
 *    follows each trade in the position's favour once that trade has been checked.
 * 3. Close. Equity is marked to the bar's close; signals schedule entries and exits as in bars.
 * Bars without an exit inside them run exactly as the bar loop runs them, so a run whose exits
 * all come at a bar's open or the end of the data equals the bar mode's, trade for trade.
 *
 * A run advances one chunk of trades at a time (`advance`): a day of trades, say, covering
 * consecutive bars. Everything it carries from one chunk to the next is in its state
 * (tick-run-state.ts), so a chunk may run in another process, resumed from the state the last
 * one left. The bars and signals are the whole run's; only the trades come in chunks.
 *
 * Beside each position the run follows the same entry under the bar convention (one test per
 * bar), to count the trades whose exit the trades changed (`changedFromBars`).
 *
 * Written for V8 as the bar loop is (decision 0004): numbers in fields, the per-trade scan in
 * small methods called once per bar, nothing allocated per bar.
 */
import type { CandleSeries } from '../candles/series';
import { zoneClock, type ZoneClock } from '../candles/zone-clock';
import { extremesExcursion, type Excursion } from '../simulate/excursions';
import { priceOffset, stopLevel, targetLevel } from '../simulate/exit-levels';
import { positionSize } from '../simulate/position-size';
import { fillPrice, runWarnings, type SimulationSettings, type TradeSignals } from '../simulate/simulate';
import { SquareOff } from '../simulate/square-off';
import {
  END_EXIT,
  SIGNAL_EXIT,
  STOP_EXIT,
  TARGET_EXIT,
  TIME_EXIT,
  TRAILING_EXIT,
  TradeRecorder,
  type TradeColumns,
} from '../simulate/trade-columns';
import { initialTickRunState, type OpenTickPosition, type TickRunState } from './tick-run-state';
import type { TickSeries } from './tick-series';

/** Trades of consecutive bars, handed to a run at once. */
export interface TickChunk {
  /** The trades, in order. */
  readonly ticks: TickSeries;
  /** The bar (row of the run's bars) of the chunk's first trades. */
  readonly firstBar: number;
  /**
   * Bar firstBar + k holds trades [barTicks[k], barTicks[k + 1]) of `ticks`; the chunk covers
   * barTicks.length - 1 bars, each with a trade at least.
   */
  readonly barTicks: Int32Array;
}

/** What one chunk gave: the bars it ran from `firstBar` on, and the trades it closed. */
export interface TickChunkResult {
  /** First bar of `equity`: the run's next bar when the chunk began. */
  readonly firstBar: number;
  /** Equity at each bar's close, marked to market, from `firstBar` to the chunk's end. */
  readonly equity: Float64Array;
  /** Round trips closed in the chunk, bar indexes of the run's bars. */
  readonly trades: TradeColumns;
}

/** What the trades decided, for the result (the request's intrabar "ticks"). */
export interface IntrabarSummary {
  mode: 'ticks';
  /** Trades the run read. */
  ticks: number;
  /**
   * Exits the trades placed where the bar convention could not: after a bar's first trade, or
   * at a daily exit time that came after its bar's start.
   */
  exitsDecidedByTicks: number;
  /** Round trips whose exit bar or reason differs from what the bar convention gives the same entry. */
  changedFromBars: number;
}

export class TickRun {
  // The account and the counts (tick-run-state.ts), NaN-initialised where they hold doubles.
  private cash = Number.NaN;
  private nextBar = 0;
  private entryPending = false;
  private unfilledEntries = 0;
  private squaredOffEntries = 0;
  private bankruptAt = -1;
  private closedUntil = Number.NEGATIVE_INFINITY;
  private ticks = 0;
  private exitsDecidedByTicks = 0;
  private changedFromBars = 0;

  // The open position (OpenTickPosition); `holding` says whether there is one.
  private holding = false;
  private entryIndex = 0;
  private entryPrice = Number.NaN;
  private entryMarketPrice = Number.NaN;
  private quantity = Number.NaN;
  private entryCommission = Number.NaN;
  private capital = Number.NaN;
  private target = Number.NaN;
  private stop = Number.NaN;
  private trailDistance = Number.NaN;
  private bestPrice = Number.NaN;
  private deadline = Number.NaN;
  private barLimit = Number.NaN;
  private highest = Number.NaN;
  private lowest = Number.NaN;
  private barBestPrice = Number.NaN;
  private barExitBar = -1;
  private barExitReason = -1;

  /** The last deadline the clock gave and the entry time it was asked for (a cache). */
  private clockDeadline = Number.NaN;
  private clockAskedAt = Number.NaN;

  // The chunk being run: its trades, and where the bars' equity goes.
  private prices: Float64Array = new Float64Array(0);
  private times: Float64Array = new Float64Array(0);
  private chunkEquity: Float64Array = new Float64Array(0);
  private equityOffset = 0;
  private recorder: TradeRecorder;

  private readonly barTimes: Float64Array;
  private readonly closes: Float64Array;
  private readonly opens: Float64Array;
  private readonly highs: Float64Array;
  private readonly lows: Float64Array;
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
  private readonly excursion: Excursion = { favourablePct: Number.NaN, adversePct: Number.NaN };

  /**
   * A run over `bars` and their signals, from the start (`firstTradableBar`) or from a state a
   * run left after a chunk.
   */
  constructor(
    bars: CandleSeries,
    signals: TradeSignals,
    private readonly settings: SimulationSettings,
    state: TickRunState = initialTickRunState(settings.firstTradableBar, settings.initialCapital),
  ) {
    ({ t: this.barTimes, o: this.opens, h: this.highs, l: this.lows, c: this.closes } = bars);
    this.entrySignals = signals.entry;
    this.exitSignals = signals.exit;
    this.long = settings.side === 'long';
    this.direction = this.long ? 1 : -1;
    this.commissionRate = settings.commissionPct / 100;
    this.slippage = settings.slippagePoints;
    this.maxBarsHeld = settings.maxBarsHeld ?? Number.POSITIVE_INFINITY;
    this.lastBar = bars.c.length - 1;
    const exitTime = settings.dailyExitTime;
    this.clock = exitTime === null ? null : zoneClock(exitTime.timeZone);
    this.exitMinuteOfDay = exitTime === null ? 0 : exitTime.minuteOfDay;
    this.squareOff = new SquareOff(exitTime, bars.calendar);
    this.recorder = new TradeRecorder(settings.side);
    this.restore(state);
  }

  /** Runs the chunk's bars from the run's next bar on; the chunk must reach that bar. */
  advance(chunk: TickChunk): TickChunkResult {
    const { ticks, firstBar, barTicks } = chunk;
    const end = firstBar + barTicks.length - 1;
    const from = this.nextBar;
    if (firstBar > from || end < from) {
      throw new RangeError(`The chunk holds bars ${firstBar} to ${end - 1}; the run's next bar is ${from}`);
    }
    if (end > this.lastBar + 1) {
      throw new RangeError(`The chunk ends at bar ${end - 1}, after the last bar ${this.lastBar}`);
    }
    if (barTicks[barTicks.length - 1]! > ticks.p.length) {
      throw new RangeError(
        `The chunk's bars need ${barTicks[barTicks.length - 1]} trades, it has ${ticks.p.length}`,
      );
    }
    this.prices = ticks.p;
    this.times = ticks.t;
    this.chunkEquity = new Float64Array(end - from);
    this.equityOffset = from;
    this.recorder = new TradeRecorder(this.settings.side, 16);
    for (let bar = from; bar < end; bar++) {
      const first = barTicks[bar - firstBar]!;
      const next = barTicks[bar - firstBar + 1]!;
      if (!(next > first)) throw new RangeError(`Bar ${bar} has no trades in the chunk`);
      this.runBar(bar, first, next);
    }
    this.nextBar = end;
    this.ticks += barTicks[barTicks.length - 1]! - barTicks[0]!;
    return { firstBar: from, equity: this.chunkEquity, trades: this.recorder.finish() };
  }

  /** What the run carries to its next chunk. */
  state(): TickRunState {
    const position: OpenTickPosition | null = this.holding
      ? {
          entryIndex: this.entryIndex,
          entryPrice: this.entryPrice,
          entryMarketPrice: this.entryMarketPrice,
          quantity: this.quantity,
          entryCommission: this.entryCommission,
          capital: this.capital,
          target: this.target,
          stop: this.stop,
          trailDistance: this.trailDistance,
          bestPrice: this.bestPrice,
          deadline: this.deadline,
          barLimit: this.barLimit,
          highest: this.highest,
          lowest: this.lowest,
          barBestPrice: this.barBestPrice,
          barExitBar: this.barExitBar,
          barExitReason: this.barExitReason,
        }
      : null;
    return {
      nextBar: this.nextBar,
      cash: this.cash,
      entryPending: this.entryPending,
      unfilledEntries: this.unfilledEntries,
      squaredOffEntries: this.squaredOffEntries,
      bankruptAt: this.bankruptAt,
      closedUntil: this.closedUntil,
      position,
      ticks: this.ticks,
      exitsDecidedByTicks: this.exitsDecidedByTicks,
      changedFromBars: this.changedFromBars,
    };
  }

  summary(): IntrabarSummary {
    return {
      mode: 'ticks',
      ticks: this.ticks,
      exitsDecidedByTicks: this.exitsDecidedByTicks,
      changedFromBars: this.changedFromBars,
    };
  }

  /** The bar loop's warnings (refused and squared-off entries, bankruptcy) so far. */
  warnings(): string[] {
    const { unfilledEntries, squaredOffEntries, bankruptAt } = this;
    return runWarnings({ unfilledEntries, squaredOffEntries, bankruptAt }, this.settings, this.barTimes);
  }

  private restore(state: TickRunState): void {
    this.cash = state.cash;
    this.nextBar = state.nextBar;
    this.entryPending = state.entryPending;
    this.unfilledEntries = state.unfilledEntries;
    this.squaredOffEntries = state.squaredOffEntries;
    this.bankruptAt = state.bankruptAt;
    this.closedUntil = state.closedUntil;
    this.ticks = state.ticks;
    this.exitsDecidedByTicks = state.exitsDecidedByTicks;
    this.changedFromBars = state.changedFromBars;
    const position = state.position;
    this.holding = position !== null;
    if (position === null) return;
    this.entryIndex = position.entryIndex;
    this.entryPrice = position.entryPrice;
    this.entryMarketPrice = position.entryMarketPrice;
    this.quantity = position.quantity;
    this.entryCommission = position.entryCommission;
    this.capital = position.capital;
    this.target = position.target;
    this.stop = position.stop;
    this.trailDistance = position.trailDistance;
    this.bestPrice = position.bestPrice;
    this.deadline = position.deadline;
    this.barLimit = position.barLimit;
    this.highest = position.highest;
    this.lowest = position.lowest;
    this.barBestPrice = position.barBestPrice;
    this.barExitBar = position.barExitBar;
    this.barExitReason = position.barExitReason;
  }

  /** One bar, its trades [first, next) of the chunk: steps 1-3 of the module note. */
  private runBar(bar: number, first: number, next: number): void {
    if (!this.holding && this.entryPending) {
      this.entryPending = false;
      this.holding = this.open(bar, this.prices[first]!);
    }
    if (this.holding) {
      const reason = this.holdBar(bar, first, next);
      if (reason < 0) return;
      if (reason === END_EXIT) {
        this.chunkEquity[bar - this.equityOffset] = this.cash;
        return;
      }
    }
    this.flatBar(bar);
  }

  /**
   * A bar the account ends flat: equity is the cash, and its entry signal schedules an entry at
   * the next bar (not on the last bar, not without money, not while the day is squared off).
   */
  private flatBar(bar: number): void {
    const cash = this.cash;
    if (cash <= 0 && this.bankruptAt < 0) this.bankruptAt = bar;
    this.chunkEquity[bar - this.equityOffset] = cash;
    if (bar < this.lastBar && cash > 0 && this.entrySignals[bar] === 1) {
      // Entries stay closed for the rest of a squared-off day: counted here, not tried.
      if (this.barTimes[bar + 1]! < this.closedUntil) this.squaredOffEntries++;
      else this.entryPending = true;
    }
  }

  /** Fills a pending entry at `bar`'s first trade, unless squared off or unaffordable; whether it did. */
  private open(bar: number, marketPrice: number): boolean {
    if (this.squareOff.entriesClosedAt(this.barTimes[bar]!)) {
      this.squaredOffEntries++;
      this.closedUntil = this.squareOff.reopensAt();
      return false;
    }
    const entryPrice = fillPrice(marketPrice, this.long, this.slippage);
    const quantity = positionSize(this.settings, this.cash, entryPrice, this.commissionRate);
    if (!(quantity > 0) || !Number.isFinite(quantity)) {
      this.unfilledEntries++;
      return false;
    }
    this.entryIndex = bar;
    this.entryPrice = entryPrice;
    this.entryMarketPrice = marketPrice;
    this.quantity = quantity;
    this.entryCommission = entryPrice * quantity * this.commissionRate;
    this.capital = this.cash;
    this.barLimit = bar + this.maxBarsHeld;
    this.deadline = this.deadlineAfter(this.barTimes[bar]!);
    this.target = targetLevel(this.settings, this.direction, entryPrice);
    this.stop = stopLevel(this.settings, this.direction, entryPrice);
    this.trailDistance = priceOffset(this.settings.trailingStop, entryPrice);
    this.bestPrice = entryPrice;
    this.barBestPrice = entryPrice;
    this.highest = Number.NEGATIVE_INFINITY;
    this.lowest = Number.POSITIVE_INFINITY;
    this.barExitBar = -1;
    this.barExitReason = -1;
    return true;
  }

  /** The first daily exit time after `entryTime` (+Infinity without one), as the bar loop finds it. */
  private deadlineAfter(entryTime: number): number {
    if (this.clock === null) return Number.POSITIVE_INFINITY;
    if (!(entryTime >= this.clockAskedAt && entryTime < this.clockDeadline)) {
      this.clockAskedAt = entryTime;
      this.clockDeadline = this.clock.nextWallClockTime(entryTime, this.exitMinuteOfDay);
    }
    return this.clockDeadline;
  }

  /**
   * Holds the open position through `bar`, trades [first, next): closes it at its exit trade
   * and returns the exit reason's code, or marks equity to the close and returns -1.
   */
  private holdBar(bar: number, first: number, next: number): number {
    if (this.barExitBar < 0) this.barConventionStep(bar);
    let exitTick: number;
    let reason = -1;
    const signalled = bar > this.entryIndex && this.exitSignals[bar - 1] === 1;
    if (signalled || (bar > this.entryIndex && bar >= this.barLimit)) {
      exitTick = first;
      reason = signalled ? SIGNAL_EXIT : TIME_EXIT;
    } else {
      // The first trade at or after the daily exit time, after the entry's own trade.
      let deadlineTick = next;
      if (this.times[next - 1]! >= this.deadline) {
        deadlineTick = bar === this.entryIndex ? first + 1 : first;
        while (deadlineTick < next && this.times[deadlineTick]! < this.deadline) deadlineTick++;
      }
      exitTick = this.long ? this.scanLong(first, deadlineTick) : this.scanShort(first, deadlineTick);
      if (exitTick >= 0) reason = this.levelReason(this.prices[exitTick]!);
      else if (deadlineTick < next) {
        exitTick = deadlineTick;
        reason = TIME_EXIT;
      } else if (bar === this.lastBar) {
        exitTick = next - 1;
        reason = END_EXIT;
      }
    }
    if (exitTick < 0) {
      // As the bar loop writes it: capital - entry commission + direction * quantity * (close - entry).
      const heldCapital = this.capital - this.entryCommission;
      const signedQuantity = this.direction * this.quantity;
      this.chunkEquity[bar - this.equityOffset] =
        heldCapital + signedQuantity * (this.closes[bar]! - this.entryPrice);
      if (this.highs[bar]! > this.highest) this.highest = this.highs[bar]!;
      if (this.lows[bar]! < this.lowest) this.lowest = this.lows[bar]!;
      return -1;
    }
    // Where the bar loop could not have put it: inside the bar (the end of the data aside, which
    // both close at the last price), or at a daily exit time that had not come at the bar's start.
    const decidedByTicks =
      (exitTick !== first && reason !== END_EXIT) ||
      (reason === TIME_EXIT && bar < this.barLimit && this.barTimes[bar]! < this.deadline);
    if (decidedByTicks) this.exitsDecidedByTicks++;
    if (this.barExitBar !== bar || this.barExitReason !== reason) this.changedFromBars++;
    this.close(bar, first, exitTick, reason);
    return reason;
  }

  /**
   * The first trade of [from, to) at or beyond the long position's stop, trailing stop or
   * target (-1 when none), the trailing base following each trade after it is checked.
   */
  private scanLong(from: number, to: number): number {
    const prices = this.prices;
    const target = this.target === this.target ? this.target : Number.POSITIVE_INFINITY;
    const stop = this.stop === this.stop ? this.stop : Number.NEGATIVE_INFINITY;
    const distance = this.trailDistance;
    let best = this.bestPrice;
    // The tighter of the stop and the trailing level (a trailing level that is NaN: none).
    let protective = best - distance;
    if (!(protective > stop)) protective = stop;
    for (let tick = from; tick < to; tick++) {
      const price = prices[tick]!;
      if (price <= protective || price >= target) {
        this.bestPrice = best;
        return tick;
      }
      if (price > best) {
        best = price;
        const trailing = best - distance;
        if (trailing > protective) protective = trailing;
      }
    }
    this.bestPrice = best;
    return -1;
  }

  /** scanLong for a short position: levels mirrored, the trailing base following the lows. */
  private scanShort(from: number, to: number): number {
    const prices = this.prices;
    const target = this.target === this.target ? this.target : Number.NEGATIVE_INFINITY;
    const stop = this.stop === this.stop ? this.stop : Number.POSITIVE_INFINITY;
    const distance = this.trailDistance;
    let best = this.bestPrice;
    let protective = best + distance;
    if (!(protective < stop)) protective = stop;
    for (let tick = from; tick < to; tick++) {
      const price = prices[tick]!;
      if (price >= protective || price <= target) {
        this.bestPrice = best;
        return tick;
      }
      if (price < best) {
        best = price;
        const trailing = best + distance;
        if (trailing < protective) protective = trailing;
      }
    }
    this.bestPrice = best;
    return -1;
  }

  /**
   * Which level a trade the scan stopped at reached: the stop side first, as the bar loop
   * orders them; the stop loss rather than the trailing stop on a tie.
   */
  private levelReason(price: number): number {
    const trailing = this.bestPrice - this.direction * this.trailDistance;
    const stop = this.stop;
    const stopFirst = Number.isNaN(trailing) || (this.long ? stop >= trailing : stop <= trailing);
    const protective = stopFirst ? stop : trailing;
    const stopped = this.long ? price <= protective : price >= protective;
    if (!stopped) return TARGET_EXIT;
    return stopFirst ? STOP_EXIT : TRAILING_EXIT;
  }

  /**
   * The bar loop's test of the same position on `bar` (simulate.ts, hold): records the bar and
   * reason it would exit at, from the bar's open, high and low and its own trailing base.
   */
  private barConventionStep(bar: number): void {
    const open = this.opens[bar]!;
    const high = this.highs[bar]!;
    const low = this.lows[bar]!;
    const { stop, target } = this;
    if (bar > this.entryIndex) {
      const signalled = this.exitSignals[bar - 1] === 1;
      if (signalled || bar >= this.barLimit || this.barTimes[bar]! >= this.deadline) {
        this.barExitBar = bar;
        this.barExitReason = signalled ? SIGNAL_EXIT : TIME_EXIT;
        return;
      }
    }
    let reason = -1;
    if (this.long) {
      const trailing = this.barBestPrice - this.trailDistance;
      const protective = stop >= trailing || Number.isNaN(trailing) ? stop : trailing;
      const stopReason = protective === stop ? STOP_EXIT : TRAILING_EXIT;
      if (open <= protective) reason = stopReason;
      else if (open >= target) reason = TARGET_EXIT;
      else if (low <= protective) reason = stopReason;
      else if (high >= target) reason = TARGET_EXIT;
      else if (high > this.barBestPrice) this.barBestPrice = high;
    } else {
      const trailing = this.barBestPrice + this.trailDistance;
      const protective = stop <= trailing || Number.isNaN(trailing) ? stop : trailing;
      const stopReason = protective === stop ? STOP_EXIT : TRAILING_EXIT;
      if (open >= protective) reason = stopReason;
      else if (open <= target) reason = TARGET_EXIT;
      else if (high >= protective) reason = stopReason;
      else if (low <= target) reason = TARGET_EXIT;
      else if (low < this.barBestPrice) this.barBestPrice = low;
    }
    if (reason < 0 && bar === this.lastBar) reason = END_EXIT;
    if (reason >= 0) {
      this.barExitBar = bar;
      this.barExitReason = reason;
    }
  }

  /** Closes the position at trade `exitTick` of `bar` (trades from `first`), as the bar loop's close. */
  private close(bar: number, first: number, exitTick: number, reason: number): void {
    const { entryPrice, quantity, entryCommission, commissionRate } = this;
    const price = this.prices[exitTick]!;
    const exitPrice = fillPrice(price, !this.long, this.slippage);
    const exitCommission = exitPrice * quantity * commissionRate;
    const pnl = this.direction * quantity * (exitPrice - entryPrice) - entryCommission - exitCommission;
    const slippagePaid =
      quantity * (Math.abs(exitPrice - price) + Math.abs(entryPrice - this.entryMarketPrice));
    // The market's extremes while open: the bars before this one, then its trades up to the exit.
    let highest = this.highest;
    let lowest = this.lowest;
    for (let tick = first; tick <= exitTick; tick++) {
      const traded = this.prices[tick]!;
      if (traded > highest) highest = traded;
      if (traded < lowest) lowest = traded;
    }
    const excursion = extremesExcursion(this.long, entryPrice, highest, lowest, this.excursion);
    const costs = entryCommission + exitCommission + slippagePaid;
    this.recorder.record(
      this.entryIndex,
      bar,
      entryPrice,
      exitPrice,
      quantity,
      pnl,
      reason,
      excursion,
      costs,
    );
    this.cash = this.capital + pnl;
    this.holding = false;
  }
}
