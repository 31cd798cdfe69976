/**
 * A reference backtester for differential tests of the engine's bar loop (simulate.ts).
 *
 * backtesting.py, the reference tool of metrics-and-fills.md, is Python and cannot run in this
 * project's tests, so this is a second implementation of the same written conventions
 * (docs/conventions.md#fills, which agrees with backtesting.py on fills), built another way and
 * kept plain rather than fast:
 * - orders rest in a book: market orders for signal entries, signal exits and the daily exit
 *   time; a stop order per protective level (stop loss, trailing stop); a limit order for the
 *   target;
 * - each bar is replayed as a price path: the open (a jump from the previous close, so an
 *   order it crosses fills at the open), then the adverse extreme, then the favourable one
 *   (the pessimistic order), then the close;
 * - the daily exit time is found by reading the zone's wall clock minute by minute through
 *   `Intl.DateTimeFormat`, not by offset arithmetic.
 */
import type { CandleSeries } from '../../../src/engine/candles/series';
import type { PriceDistance } from '../../../src/engine/simulate/exit-levels';
import type { DailyExitTime, SimulationSettings, TradeSignals } from '../../../src/engine/simulate/simulate';
import type { ExitReason, Trade } from '../../../src/engine/simulate/trade';

/** The reference's answer: the trade list as the engine reports it at its edge. */
export interface ReferenceResult {
  trades: Trade[];
  equity: Float64Array;
  warnings: string[];
}

const MINUTE_MS = 60_000;

interface Holding {
  entryIndex: number;
  entryPrice: number;
  quantity: number;
  entryCommission: number;
  cashBefore: number;
  /** Highest high (long) or lowest low (short) of the bars checked so far; the entry price at first. */
  bestPrice: number;
  deadline: number;
  /** Highest and lowest market price the position has seen along the bars' paths. */
  highestSeen: number;
  lowestSeen: number;
}

type MarketOrder = { kind: 'enter' } | { kind: 'exit'; reason: 'signal' };

/** Reads the wall clock of `timeZone` as minutes after local midnight. */
function wallClockReader(timeZone: string): (instant: number) => number {
  const format = new Intl.DateTimeFormat('en-GB', {
    timeZone,
    hourCycle: 'h23',
    hour: '2-digit',
    minute: '2-digit',
  });
  return (instant) => {
    const parts = format.formatToParts(instant);
    const part = (type: string) => Number(parts.find((p) => p.type === type)!.value);
    return part('hour') * 60 + part('minute');
  };
}

/**
 * The first whole minute after `after` at which the wall clock reads the exit time, or at
 * which it jumps forward over it (daylight saving time). While the reading is more than two
 * hours short of the exit time the walk strides ahead, which is safe because a daylight-saving
 * switch moves the clock by one hour at most.
 */
function deadlineByWalkingTheClock(
  after: number,
  exit: DailyExitTime,
  readWallClock: (t: number) => number,
): number {
  let instant = Math.floor(after / MINUTE_MS) * MINUTE_MS + MINUTE_MS;
  let previous = readWallClock(instant - MINUTE_MS);
  for (;;) {
    const reading = readWallClock(instant);
    if (reading === exit.minuteOfDay) return instant;
    const jumpedOver = reading > previous + 1 && exit.minuteOfDay > previous && exit.minuteOfDay < reading;
    if (jumpedOver) return instant;
    const minutesShort = (exit.minuteOfDay - reading + 1440) % 1440;
    const stride = Math.max(1, minutesShort - 120);
    previous = stride === 1 ? reading : readWallClock(instant + (stride - 1) * MINUTE_MS);
    instant += stride * MINUTE_MS;
  }
}

/**
 * When the trading day holding `instant` began: the last whole minute at or before it at which
 * the calendar zone's wall clock read the session open, found by walking back (in strides while
 * the reading is more than two hours past the open, as above).
 */
function dayStartByWalkingTheClock(instant: number, openMinute: number, readDayClock: (t: number) => number) {
  let at = Math.floor(instant / MINUTE_MS) * MINUTE_MS;
  for (;;) {
    const reading = readDayClock(at);
    if (reading === openMinute) return at;
    const minutesPast = (reading - openMinute + 1440) % 1440;
    at -= Math.max(1, minutesPast - 120) * MINUTE_MS;
  }
}

function offsetFrom(rule: PriceDistance | null, entryPrice: number): number | null {
  if (rule === null) return null;
  return rule.unit === 'points' ? rule.value : entryPrice * (rule.value / 100);
}

export function referenceBacktest(
  series: CandleSeries,
  signals: TradeSignals,
  settings: SimulationSettings,
): ReferenceResult {
  const long = settings.side === 'long';
  const sign = long ? 1 : -1;
  const rate = settings.commissionPct / 100;
  const bars = series.c.length;
  const readWallClock = settings.dailyExitTime ? wallClockReader(settings.dailyExitTime.timeZone) : null;
  const iso = (bar: number) => new Date(series.t[bar]!).toISOString();
  const readDayClock = wallClockReader(series.calendar?.timeZone ?? 'Etc/UTC');
  const sessionOpen = series.calendar?.openMinute ?? 0;
  /** The square-off: a fill at or after the day's exit time waits for the next session. */
  const afterSquareOff = (bar: number) => {
    if (!settings.dailyExitTime || !readWallClock) return false;
    const dayStart = dayStartByWalkingTheClock(series.t[bar]!, sessionOpen, readDayClock);
    return series.t[bar]! >= deadlineByWalkingTheClock(dayStart, settings.dailyExitTime, readWallClock);
  };
  let squaredOff = 0;

  // A buy pays the slippage, a sell gives it up (never below zero).
  const buyAt = (price: number) => price + settings.slippagePoints;
  const sellAt = (price: number) => Math.max(0, price - settings.slippagePoints);

  const trades: Trade[] = [];
  const equity: number[] = Array.from({ length: bars }, () => Number.NaN);
  let cash = settings.initialCapital;
  let holding: Holding | null = null;
  let book: MarketOrder[] = [];
  let unfilled = 0;
  let ruinedAt: number | null = null;

  const open = (bar: number) => {
    const price = long ? buyAt(series.o[bar]!) : sellAt(series.o[bar]!);
    // What one unit costs with its commission, and how many units all the cash pays for.
    const unitCost = price * (1 + rate);
    const allIn = price > 0 ? cash / unitCost : 0;
    const figure = settings.sizingValue ?? Number.NaN;
    let quantity = allIn;
    if (settings.sizing === 'all-in-whole-units') quantity = Math.floor(allIn);
    if (settings.sizing === 'fixed-quantity') quantity = price > 0 && figure * unitCost <= cash ? figure : 0;
    if (settings.sizing === 'fixed-cash') quantity = price > 0 ? Math.min(figure, cash) / unitCost : 0;
    if (settings.sizing === 'risk-percent') {
      // Units whose loss from the entry to the stop is the chosen percent of the cash.
      const stopDistance = offsetFrom(settings.stopLoss, price) ?? Number.NaN;
      quantity = Math.min((cash * (figure / 100)) / stopDistance, allIn);
    }
    if (!Number.isFinite(quantity) || quantity <= 0) {
      unfilled += 1;
      return;
    }
    const deadline =
      settings.dailyExitTime && readWallClock
        ? deadlineByWalkingTheClock(series.t[bar]!, settings.dailyExitTime, readWallClock)
        : Infinity;
    holding = {
      entryIndex: bar,
      entryPrice: price,
      quantity,
      entryCommission: rate * (price * quantity),
      cashBefore: cash,
      bestPrice: price,
      deadline,
      highestSeen: series.o[bar]!,
      lowestSeen: series.o[bar]!,
    };
  };

  const see = (position: Holding, price: number) => {
    position.highestSeen = Math.max(position.highestSeen, price);
    position.lowestSeen = Math.min(position.lowestSeen, price);
  };

  const closeAt = (position: Holding, bar: number, marketPrice: number, reason: ExitReason) => {
    see(position, marketPrice);
    const excursionUp = (100 * (position.highestSeen - position.entryPrice)) / position.entryPrice;
    const excursionDown = (100 * (position.lowestSeen - position.entryPrice)) / position.entryPrice;
    const exitPrice = long ? sellAt(marketPrice) : buyAt(marketPrice);
    const gross = (exitPrice - position.entryPrice) * position.quantity * sign;
    const pnl = gross - position.entryCommission - rate * (exitPrice * position.quantity);
    trades.push({
      side: settings.side,
      entryIndex: position.entryIndex,
      exitIndex: bar,
      entryTime: iso(position.entryIndex),
      exitTime: iso(bar),
      entryPrice: position.entryPrice,
      exitPrice,
      exitReason: reason,
      quantity: position.quantity,
      pnl,
      returnPct: (100 * pnl) / (position.entryPrice * position.quantity),
      barsHeld: 1 + bar - position.entryIndex,
      mfePct: Math.max(0, long ? excursionUp : -excursionDown),
      maePct: Math.min(0, long ? excursionDown : -excursionUp),
    });
    cash = position.cashBefore + pnl;
    holding = null;
  };

  /** The protective stop orders resting for a position, tightest first; a tie goes to the stop loss. */
  const stopOrders = (position: Holding): { level: number; reason: ExitReason }[] => {
    const orders: { level: number; reason: ExitReason }[] = [];
    const stopOffset = offsetFrom(settings.stopLoss, position.entryPrice);
    if (stopOffset !== null) orders.push({ level: position.entryPrice - sign * stopOffset, reason: 'stop' });
    const trail = offsetFrom(settings.trailingStop, position.entryPrice);
    if (trail !== null) orders.push({ level: position.bestPrice - sign * trail, reason: 'trailing' });
    // Sorted so the one the adverse move reaches first comes first; sort is stable for ties.
    return orders.sort((a, b) => sign * (b.level - a.level));
  };
  const targetOrder = (position: Holding): number | null => {
    const offset = offsetFrom(settings.targetProfit, position.entryPrice);
    return offset === null ? null : position.entryPrice + sign * offset;
  };

  /** Replays the bar's path through the resting stop and limit orders. */
  const replayPath = (position: Holding, bar: number) => {
    const o = series.o[bar]!;
    const adverse = long ? series.l[bar]! : series.h[bar]!;
    const favourable = long ? series.h[bar]! : series.l[bar]!;
    const reachedDown = (price: number, level: number) => sign * (price - level) <= 0;
    const reachedUp = (price: number, level: number) => sign * (price - level) >= 0;
    const stops = stopOrders(position);
    const target = targetOrder(position);
    // The open: a gap through a level fills at the open.
    const gappedStop = stops.find((order) => reachedDown(o, order.level));
    if (gappedStop) return closeAt(position, bar, o, gappedStop.reason);
    if (target !== null && reachedUp(o, target)) return closeAt(position, bar, o, 'target');
    // Then the adverse extreme, then the favourable one.
    see(position, o);
    const hitStop = stops.find((order) => reachedDown(adverse, order.level));
    if (hitStop) return closeAt(position, bar, hitStop.level, hitStop.reason);
    see(position, adverse);
    if (target !== null && reachedUp(favourable, target)) return closeAt(position, bar, target, 'target');
    see(position, favourable);
    // Still open: the trailing stop follows this bar's favourable extreme from the next bar on.
    if (sign * (favourable - position.bestPrice) > 0) position.bestPrice = favourable;
  };

  for (let bar = Math.max(0, settings.firstTradableBar); bar < bars; bar++) {
    // `holding` changes inside the helpers, which TypeScript's narrowing cannot see: read it afresh.
    const held = () => holding as Holding | null;
    const heldBefore = held();
    for (const order of book) {
      const position = held();
      if (order.kind === 'enter') {
        if (afterSquareOff(bar)) squaredOff += 1;
        else open(bar);
      } else if (position) closeAt(position, bar, series.o[bar]!, order.reason);
    }
    book = [];
    if (heldBefore && held() === heldBefore && series.t[bar]! >= heldBefore.deadline) {
      closeAt(heldBefore, bar, series.o[bar]!, 'time');
    }
    const current = held();
    if (current) replayPath(current, bar);

    const stillHeld = held();
    const last = bar === bars - 1;
    if (stillHeld && last) closeAt(stillHeld, bar, series.c[bar]!, 'end');
    if (stillHeld && !last) {
      equity[bar] =
        stillHeld.cashBefore -
        stillHeld.entryCommission +
        sign * stillHeld.quantity * (series.c[bar]! - stillHeld.entryPrice);
      if (signals.exit[bar] === 1) book.push({ kind: 'exit', reason: 'signal' });
      continue;
    }
    equity[bar] = cash;
    if (cash <= 0) ruinedAt ??= bar;
    if (!last && cash > 0 && signals.entry[bar] === 1 && !stillHeld) book.push({ kind: 'enter' });
  }

  const warnings: string[] = [];
  if (unfilled > 0) {
    warnings.push(
      `${unfilled} entry signal${unfilled === 1 ? '' : 's'} could not be filled: ${
        settings.sizing === 'fixed-quantity'
          ? `the capital does not pay for ${settings.sizingValue} units at that price`
          : 'the capital does not buy one unit at that price'
      }`,
    );
  }
  if (squaredOff > 0) {
    warnings.push(
      `${squaredOff} entry signal${squaredOff === 1 ? '' : 's'} came after the daily exit time: no new position opens until the next session`,
    );
  }
  if (ruinedAt !== null) {
    warnings.push(`The account lost all its capital by ${iso(ruinedAt)}; no later trades`);
  }
  return { trades, equity: Float64Array.from(equity), warnings };
}
