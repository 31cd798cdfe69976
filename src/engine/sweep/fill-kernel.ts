/**
 * The sweep's fill loop: the simulator's rules (simulate.ts, exit-levels.ts, excursions.ts,
 * square-off.ts) rewritten for many runs over the same bars. Same events in the same order
 * with the same floating-point expressions, so trades and equity are bit-identical to
 * simulate() (tests/engine/sweep/sweep.test.ts proves it against runBacktest). What differs
 * is only how the work is done:
 * - no object per position, exit or excursion: the open position lives in local numbers;
 * - flat stretches are skipped to the next entry signal (Uint8Array.indexOf) and their equity
 *   written with one fill();
 * - a trade's excursion is tracked while it is open instead of re-reading its bars at the exit;
 * - the caller passes the equity buffer, reused across configurations, and a trade capacity
 *   (the previous configuration's count, so the columns rarely grow);
 * - no warnings (the sweep reports metrics).
 */
import type { CandleSeries } from '../candles/series';
import { zoneClock } from '../candles/zone-clock';
import { priceOffset } from '../simulate/exit-levels';
import { positionSize } from '../simulate/position-size';
import type { SimulationSettings, TradeSignals } from '../simulate/simulate';
import { entriesClosedAfterSquareOff } from '../simulate/square-off';
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

/** As simulate.ts: buys fill higher, sells lower (never below 0). */
function fillPrice(price: number, buying: boolean, slippage: number): number {
  return buying ? price + slippage : Math.max(price - slippage, 0);
}

/**
 * Runs the fill loop over bars [settings.firstTradableBar, end) and writes each of those bars'
 * equity into `equity` (bars before are left as they are). Returns the closed trades;
 * `tradeCapacity` sizes their columns up front (they grow when it is exceeded).
 */
export function fillKernel(
  series: CandleSeries,
  signals: TradeSignals,
  settings: SimulationSettings,
  end: number,
  equity: Float64Array,
  tradeCapacity = 256,
): TradeColumns {
  const { t, o, h, l, c } = series;
  const entrySignals = signals.entry;
  const exitSignals = signals.exit;
  const long = settings.side === 'long';
  const direction = long ? 1 : -1;
  const commissionRate = settings.commissionPct / 100;
  const slippage = settings.slippagePoints;
  const exitTime = settings.dailyExitTime;
  const clock = exitTime === null ? null : zoneClock(exitTime.timeZone);
  const entriesClosedAt = entriesClosedAfterSquareOff(exitTime, series.calendar);
  const { targetProfit, stopLoss, trailingStop } = settings;
  const trades = new TradeRecorder(settings.side, tradeCapacity);
  const excursion = { favourablePct: 0, adversePct: 0 };
  const lastBar = end - 1;

  let cash = settings.initialCapital;
  // The open position, when `inPosition`.
  let inPosition = false;
  let entryIndex = 0;
  let entryPrice = 0;
  let quantity = 0;
  let entryCommission = 0;
  let capital = 0;
  // Marked-to-market equity is capital - entryCommission + direction * quantity * (close -
  // entryPrice), evaluated left to right: its first two products are fixed per position.
  let heldCapital = 0;
  let signedQuantity = 0;
  let exitDeadline = Number.POSITIVE_INFINITY;
  let target = Number.NaN;
  let stop = Number.NaN;
  let trailDistance = Number.NaN;
  let bestPrice = 0;
  // Highest high and lowest low of the position's bars before the current one.
  let highest = Number.NEGATIVE_INFINITY;
  let lowest = Number.POSITIVE_INFINITY;

  /** Records the exit at `bar` and returns the equity after it (simulate.ts close + excursions.ts). */
  const close = (bar: number, price: number, reason: number): number => {
    const exitPrice = fillPrice(price, !long, slippage);
    const exitCommission = exitPrice * quantity * commissionRate;
    const pnl = direction * quantity * (exitPrice - entryPrice) - entryCommission - exitCommission;
    const slippagePaid = quantity * (Math.abs(exitPrice - price) + Math.abs(entryPrice - o[entryIndex]!));
    // The exit bar's prices the trade saw (excursions.ts): the open, then what the exit reached.
    const open = o[bar]!;
    const seenFirst =
      reason === END_EXIT
        ? h[bar]!
        : reason === TARGET_EXIT && price !== open
          ? long
            ? l[bar]!
            : h[bar]!
          : price;
    const seenSecond = reason === END_EXIT ? l[bar]! : price;
    const high = Math.max(highest, open, seenFirst, seenSecond);
    const low = Math.min(lowest, open, seenFirst, seenSecond);
    const up = ((high - entryPrice) / entryPrice) * 100;
    const down = ((low - entryPrice) / entryPrice) * 100;
    excursion.favourablePct = long ? Math.max(up, 0) : Math.max(-down, 0);
    excursion.adversePct = long ? Math.min(down, 0) : Math.min(-up, 0);
    const costs = entryCommission + exitCommission + slippagePaid;
    trades.record(entryIndex, bar, entryPrice, exitPrice, quantity, pnl, reason, excursion, costs);
    inPosition = false;
    return capital + pnl;
  };

  let bar = Math.max(settings.firstTradableBar, 0);
  while (bar < end) {
    if (!inPosition) {
      // Flat: equity is the cash until the bar whose entry signal schedules the next entry.
      const signal = cash > 0 ? entrySignals.indexOf(1, bar) : -1;
      const scheduling = signal >= 0 && signal < lastBar ? signal : -1;
      const flatTo = scheduling >= 0 ? scheduling + 1 : end;
      equity.fill(cash, bar, flatTo);
      bar = flatTo;
      if (scheduling < 0) break;
      // The entry fills at this bar's open unless the day has been squared off.
      if (entriesClosedAt(t[bar]!)) continue;
      entryPrice = fillPrice(o[bar]!, long, slippage);
      quantity = positionSize(settings, cash, entryPrice, commissionRate);
      if (!(quantity > 0) || !Number.isFinite(quantity)) continue;
      inPosition = true;
      entryIndex = bar;
      entryCommission = entryPrice * quantity * commissionRate;
      capital = cash;
      heldCapital = capital - entryCommission;
      signedQuantity = direction * quantity;
      exitDeadline =
        clock === null ? Number.POSITIVE_INFINITY : clock.nextWallClockTime(t[bar]!, exitTime!.minuteOfDay);
      target = entryPrice + direction * priceOffset(targetProfit, entryPrice);
      stop = entryPrice - direction * priceOffset(stopLoss, entryPrice);
      trailDistance = priceOffset(trailingStop, entryPrice);
      bestPrice = entryPrice;
      highest = Number.NEGATIVE_INFINITY;
      lowest = Number.POSITIVE_INFINITY;
    } else if (bar > entryIndex) {
      // An exit signal at the previous close, else the daily exit time, closes at the open.
      if (exitSignals[bar - 1] === 1) cash = close(bar, o[bar]!, SIGNAL_EXIT);
      else if (t[bar]! >= exitDeadline) cash = close(bar, o[bar]!, TIME_EXIT);
    }

    if (inPosition) {
      // Stop, trailing stop and target against the bar (exit-levels.ts levelExit).
      const open = o[bar]!;
      const high = h[bar]!;
      const low = l[bar]!;
      if (long) {
        const trailing = bestPrice - trailDistance;
        const protective = stop >= trailing || Number.isNaN(trailing) ? stop : trailing;
        const reason = protective === stop ? STOP_EXIT : TRAILING_EXIT;
        if (open <= protective) cash = close(bar, open, reason);
        else if (open >= target) cash = close(bar, open, TARGET_EXIT);
        else if (low <= protective) cash = close(bar, protective, reason);
        else if (high >= target) cash = close(bar, target, TARGET_EXIT);
        else if (high > bestPrice) bestPrice = high;
      } else {
        const trailing = bestPrice + trailDistance;
        const protective = stop <= trailing || Number.isNaN(trailing) ? stop : trailing;
        const reason = protective === stop ? STOP_EXIT : TRAILING_EXIT;
        if (open >= protective) cash = close(bar, open, reason);
        else if (open <= target) cash = close(bar, open, TARGET_EXIT);
        else if (high >= protective) cash = close(bar, protective, reason);
        else if (low <= target) cash = close(bar, target, TARGET_EXIT);
        else if (low < bestPrice) bestPrice = low;
      }
    }

    // Closed during this bar: the flat branch writes its equity and looks for entries from it.
    if (!inPosition) continue;
    if (bar === lastBar) {
      cash = close(bar, c[bar]!, END_EXIT);
      equity[bar] = cash;
    } else {
      equity[bar] = heldCapital + signedQuantity * (c[bar]! - entryPrice);
      if (h[bar]! > highest) highest = h[bar]!;
      if (l[bar]! < lowest) lowest = l[bar]!;
    }
    bar++;
  }
  return trades.finish();
}
