/**
 * Constants of a stored backtest result. Its shape is src/shared/api/backtests.ts; the engine
 * names exit reasons with these codes.
 */

export const EXIT_REASONS = ['signal', 'target', 'stop', 'trailing', 'time', 'end'] as const;
export type ExitReasonCode = (typeof EXIT_REASONS)[number];

export const MAX_STORED_TRADES = 5000;
export const MAX_CURVE_POINTS = 2000;
