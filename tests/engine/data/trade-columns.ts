/** Hand-written trades as the engine's trade columns, for tests of what reads them. */
import { EXIT_REASONS, type TradeColumns } from '../../../src/engine/simulate/trade-columns';
import type { Trade } from '../../../src/engine/simulate/trade';

type TradeFields = Omit<Trade, 'entryTime' | 'exitTime' | 'barsHeld' | 'mfePct' | 'maePct'> &
  Partial<Pick<Trade, 'mfePct' | 'maePct'>> & { costs?: number };

export function tradeColumnsOf(trades: readonly TradeFields[]): TradeColumns {
  return {
    side: trades[0]?.side ?? 'long',
    count: trades.length,
    entryIndex: Int32Array.from(trades, (trade) => trade.entryIndex),
    exitIndex: Int32Array.from(trades, (trade) => trade.exitIndex),
    entryPrice: Float64Array.from(trades, (trade) => trade.entryPrice),
    exitPrice: Float64Array.from(trades, (trade) => trade.exitPrice),
    quantity: Float64Array.from(trades, (trade) => trade.quantity),
    pnl: Float64Array.from(trades, (trade) => trade.pnl),
    returnPct: Float64Array.from(trades, (trade) => trade.returnPct),
    exitReason: Uint8Array.from(trades, (trade) => EXIT_REASONS.indexOf(trade.exitReason)),
    mfePct: Float64Array.from(trades, (trade) => trade.mfePct ?? 0),
    maePct: Float64Array.from(trades, (trade) => trade.maePct ?? 0),
    costs: Float64Array.from(trades, (trade) => trade.costs ?? 0),
  };
}

/** One unit of a long trade at price 1, closed on its signal: only its bars and its result vary. */
export function plainTrade(entryIndex: number, exitIndex: number, pnl: number, returnPct = pnl): TradeFields {
  return {
    side: 'long',
    entryIndex,
    exitIndex,
    entryPrice: 1,
    exitPrice: 1,
    exitReason: 'signal',
    quantity: 1,
    pnl,
    returnPct,
  };
}
