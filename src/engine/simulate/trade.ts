/** A closed round trip as the trade list reports it. */

/**
 * Why a position closed: the exit rules ('signal'), the target profit, the stop loss, the
 * trailing stop, the daily exit time, or the end of the data.
 */
export type ExitReason = 'signal' | 'target' | 'stop' | 'trailing' | 'time' | 'end';

/** Long for a buy request, short for a sell request. */
export type PositionSide = 'long' | 'short';

export interface Trade {
  side: PositionSide;
  /** 0-based row of the series of the entry fill (the bar after the entry signal). */
  entryIndex: number;
  /** 0-based row of the series of the exit fill. */
  exitIndex: number;
  /** Open time of the entry bar, ISO 8601 UTC. */
  entryTime: string;
  /** Open time of the exit bar, ISO 8601 UTC (the fill itself may be later in that bar). */
  exitTime: string;
  /** Fill price including slippage, in price units. */
  entryPrice: number;
  /** Fill price including slippage, in price units. */
  exitPrice: number;
  exitReason: ExitReason;
  /** Units held (fractional with all-in fractional sizing). */
  quantity: number;
  /** Profit in money after commission on both fills (slippage is in the prices). */
  pnl: number;
  /** pnl as a percent of the entry value (entryPrice * quantity). */
  returnPct: number;
  /** Bars from the entry bar to the exit bar, both counted (1 = out on the entry bar). */
  barsHeld: number;
  /** Maximum favourable excursion while open, percent of the entry price (>= 0). */
  mfePct: number;
  /** Maximum adverse excursion while open, percent of the entry price (<= 0). */
  maePct: number;
}
