/**
 * What a tick run carries from one chunk of trades to the next (tick-run.ts): the account, the
 * open position with its trailing level, the counts for the warnings and the intrabar summary.
 * Plain numbers only, so a queue message or a stored row can hold it between chunks; JSON drops
 * NaN and the infinities (a level that is not set, a limit that never fires), so it travels as
 * text through encodeTickRunState / decodeTickRunState.
 */

/** The open position of a tick run (absent while flat). */
export interface OpenTickPosition {
  /** Bar of the entry fill. */
  entryIndex: number;
  /** Fill price including slippage, and the trade it filled at. */
  entryPrice: number;
  entryMarketPrice: number;
  quantity: number;
  entryCommission: number;
  /** Equity just before the entry. */
  capital: number;
  /** Target and stop levels; NaN when not set. */
  target: number;
  stop: number;
  /** Trailing stop distance in price units; NaN when not set. */
  trailDistance: number;
  /** Best price since the entry (the entry price at first), trade by trade: the trailing level's base. */
  bestPrice: number;
  /** The daily exit time's instant for this position (+Infinity without one). */
  deadline: number;
  /** The bar whose open closes it for the bar limit (+Infinity without one). */
  barLimit: number;
  /** Highest high and lowest low of its bars before the current one (excursions). */
  highest: number;
  lowest: number;
  /**
   * The same position under the bar convention, for `changedFromBars`: its trailing base (bar
   * extremes), and the bar and reason code it exited at (-1 while it has not).
   */
  barBestPrice: number;
  barExitBar: number;
  barExitReason: number;
}

export interface TickRunState {
  /** The next bar to run. */
  nextBar: number;
  /** Money not in a position. */
  cash: number;
  /** Whether the last bar run scheduled an entry at the next bar's first trade. */
  entryPending: boolean;
  unfilledEntries: number;
  squaredOffEntries: number;
  bankruptAt: number;
  /** Entries filling before this time are squared off. */
  closedUntil: number;
  position: OpenTickPosition | null;
  /** Trades handed to the run so far. */
  ticks: number;
  /** Exits the trades placed where the bar convention could not (tick-run.ts). */
  exitsDecidedByTicks: number;
  /** Trades whose exit bar or reason differs from the bar convention's for the same entry. */
  changedFromBars: number;
}

/** The state a run starts from, with `initialCapital` and bars before `firstBar` left out. */
export function initialTickRunState(firstBar: number, initialCapital: number): TickRunState {
  return {
    nextBar: Math.max(firstBar, 0),
    cash: initialCapital,
    entryPending: false,
    unfilledEntries: 0,
    squaredOffEntries: 0,
    bankruptAt: -1,
    closedUntil: Number.NEGATIVE_INFINITY,
    position: null,
    ticks: 0,
    exitsDecidedByTicks: 0,
    changedFromBars: 0,
  };
}

const NON_FINITE: Record<string, number> = {
  NaN: Number.NaN,
  Infinity: Number.POSITIVE_INFINITY,
  '-Infinity': Number.NEGATIVE_INFINITY,
};

/** The state as JSON text, NaN and the infinities written as the strings "NaN", "Infinity", "-Infinity". */
export function encodeTickRunState(state: TickRunState): string {
  return JSON.stringify(state, (_key, value: unknown) =>
    typeof value === 'number' && !Number.isFinite(value) ? String(value) : value,
  );
}

/** The state encodeTickRunState wrote. */
export function decodeTickRunState(text: string): TickRunState {
  return JSON.parse(text, (_key, value: unknown) =>
    typeof value === 'string' && Object.hasOwn(NON_FINITE, value) ? NON_FINITE[value] : value,
  ) as TickRunState;
}
