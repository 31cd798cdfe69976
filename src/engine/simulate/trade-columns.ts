/**
 * The trades of a run as typed-array columns, one entry per closed round trip in order: no
 * object per trade while the bar loop runs (a run on a million bars can close hundreds of
 * thousands). Times stay bar indexes; `listTrades` turns rows into the trade list where it is
 * printed or sent.
 */
import { EXIT_REASONS } from '../../shared/backtest-result';
import { IsoTimeFormatter } from './iso-time';
import type { PositionSide, Trade } from './trade';

/** Exit reasons by code: `exitReason[i]` is an index into the shared list of reasons. */
export { EXIT_REASONS };

/** The exitReason column's code of each reason (its index in EXIT_REASONS). */
export const SIGNAL_EXIT = EXIT_REASONS.indexOf('signal');
export const TIME_EXIT = EXIT_REASONS.indexOf('time');
export const STOP_EXIT = EXIT_REASONS.indexOf('stop');
export const TRAILING_EXIT = EXIT_REASONS.indexOf('trailing');
export const TARGET_EXIT = EXIT_REASONS.indexOf('target');
export const END_EXIT = EXIT_REASONS.indexOf('end');

export interface TradeColumns {
  readonly side: PositionSide;
  readonly count: number;
  /** Row of the entry fill (the bar after the entry signal). */
  readonly entryIndex: Int32Array;
  /** Row of the exit fill. */
  readonly exitIndex: Int32Array;
  /** Fill prices including slippage. */
  readonly entryPrice: Float64Array;
  readonly exitPrice: Float64Array;
  /** Units held. */
  readonly quantity: Float64Array;
  /** Profit in money after commission on both fills. */
  readonly pnl: Float64Array;
  /** pnl as a percent of the entry value (entryPrice * quantity). */
  readonly returnPct: Float64Array;
  /** Code of the exit reason (EXIT_REASONS). */
  readonly exitReason: Uint8Array;
  /**
   * Maximum favourable and adverse excursion while the trade was open, in percent of the entry
   * price: how far the market went for (>= 0) and against (<= 0) the position (excursions.ts).
   */
  readonly mfePct: Float64Array;
  readonly maePct: Float64Array;
  /** Costs paid on the round trip in money: commission on both fills plus slippage. */
  readonly costs: Float64Array;
}

type Mutable<T> = { -readonly [K in keyof T]: T[K] };

function grown<T extends Int32Array | Float64Array | Uint8Array>(column: T, capacity: number): T {
  const larger = new (column.constructor as new (length: number) => T)(capacity);
  larger.set(column);
  return larger;
}

/** Appends trades to columns that double when full; `finish` trims them to the count. */
export class TradeRecorder {
  private readonly columns: Mutable<TradeColumns>;

  constructor(side: PositionSide, capacity = 256) {
    this.columns = {
      side,
      count: 0,
      entryIndex: new Int32Array(capacity),
      exitIndex: new Int32Array(capacity),
      entryPrice: new Float64Array(capacity),
      exitPrice: new Float64Array(capacity),
      quantity: new Float64Array(capacity),
      pnl: new Float64Array(capacity),
      returnPct: new Float64Array(capacity),
      exitReason: new Uint8Array(capacity),
      mfePct: new Float64Array(capacity),
      maePct: new Float64Array(capacity),
      costs: new Float64Array(capacity),
    };
  }

  record(
    entryIndex: number,
    exitIndex: number,
    entryPrice: number,
    exitPrice: number,
    quantity: number,
    pnl: number,
    exitReason: number,
    excursion: { favourablePct: number; adversePct: number },
    costs: number,
  ): void {
    const columns = this.columns;
    const row = columns.count;
    if (row === columns.entryIndex.length) this.grow(2 * row);
    columns.entryIndex[row] = entryIndex;
    columns.exitIndex[row] = exitIndex;
    columns.entryPrice[row] = entryPrice;
    columns.exitPrice[row] = exitPrice;
    columns.quantity[row] = quantity;
    columns.pnl[row] = pnl;
    columns.returnPct[row] = (pnl / (entryPrice * quantity)) * 100;
    columns.exitReason[row] = exitReason;
    columns.mfePct[row] = excursion.favourablePct;
    columns.maePct[row] = excursion.adversePct;
    columns.costs[row] = costs;
    columns.count = row + 1;
  }

  finish(): TradeColumns {
    const { side, count } = this.columns;
    const { entryIndex, exitIndex, entryPrice, exitPrice, quantity, pnl, returnPct, exitReason } =
      this.columns;
    const { mfePct, maePct, costs } = this.columns;
    return {
      side,
      count,
      entryIndex: entryIndex.subarray(0, count),
      exitIndex: exitIndex.subarray(0, count),
      entryPrice: entryPrice.subarray(0, count),
      exitPrice: exitPrice.subarray(0, count),
      quantity: quantity.subarray(0, count),
      pnl: pnl.subarray(0, count),
      returnPct: returnPct.subarray(0, count),
      exitReason: exitReason.subarray(0, count),
      mfePct: mfePct.subarray(0, count),
      maePct: maePct.subarray(0, count),
      costs: costs.subarray(0, count),
    };
  }

  private grow(capacity: number): void {
    const columns = this.columns;
    columns.entryIndex = grown(columns.entryIndex, capacity);
    columns.exitIndex = grown(columns.exitIndex, capacity);
    columns.entryPrice = grown(columns.entryPrice, capacity);
    columns.exitPrice = grown(columns.exitPrice, capacity);
    columns.quantity = grown(columns.quantity, capacity);
    columns.pnl = grown(columns.pnl, capacity);
    columns.returnPct = grown(columns.returnPct, capacity);
    columns.exitReason = grown(columns.exitReason, capacity);
    columns.mfePct = grown(columns.mfePct, capacity);
    columns.maePct = grown(columns.maePct, capacity);
    columns.costs = grown(columns.costs, capacity);
  }
}

/** Trade columns of consecutive parts of one run (chunks of a tick run), in order, as one. */
export function joinTradeColumns(side: PositionSide, parts: readonly TradeColumns[]): TradeColumns {
  const recorder = new TradeRecorder(
    side,
    Math.max(
      1,
      parts.reduce((sum, part) => sum + part.count, 0),
    ),
  );
  const excursion = { favourablePct: 0, adversePct: 0 };
  for (const part of parts) {
    for (let row = 0; row < part.count; row++) {
      excursion.favourablePct = part.mfePct[row]!;
      excursion.adversePct = part.maePct[row]!;
      recorder.record(
        part.entryIndex[row]!,
        part.exitIndex[row]!,
        part.entryPrice[row]!,
        part.exitPrice[row]!,
        part.quantity[row]!,
        part.pnl[row]!,
        part.exitReason[row]!,
        excursion,
        part.costs[row]!,
      );
    }
  }
  return recorder.finish();
}

/**
 * Trade `row` as the trade list reports it, times as ISO 8601 UTC from the bars' open times.
 * Pass one formatter for a whole list: it caches each day's date text.
 */
export function tradeAt(
  trades: TradeColumns,
  row: number,
  openTimes: Float64Array,
  isoTime: IsoTimeFormatter = new IsoTimeFormatter(),
): Trade {
  const entryIndex = trades.entryIndex[row]!;
  const exitIndex = trades.exitIndex[row]!;
  return {
    side: trades.side,
    entryIndex,
    exitIndex,
    entryTime: isoTime.format(openTimes[entryIndex]!),
    exitTime: isoTime.format(openTimes[exitIndex]!),
    entryPrice: trades.entryPrice[row]!,
    exitPrice: trades.exitPrice[row]!,
    exitReason: EXIT_REASONS[trades.exitReason[row]!]!,
    quantity: trades.quantity[row]!,
    pnl: trades.pnl[row]!,
    returnPct: trades.returnPct[row]!,
    barsHeld: exitIndex - entryIndex + 1,
    mfePct: trades.mfePct[row]!,
    maePct: trades.maePct[row]!,
  };
}

/** The first `limit` trades (all by default) as the trade list, for an answer or a file. */
export function listTrades(trades: TradeColumns, openTimes: Float64Array, limit = trades.count): Trade[] {
  const isoTime = new IsoTimeFormatter();
  const rows = Math.min(limit, trades.count);
  const list: Trade[] = new Array<Trade>(rows);
  for (let row = 0; row < rows; row++) list[row] = tradeAt(trades, row, openTimes, isoTime);
  return list;
}
