/**
 * How many bars make a year, to annualise per-bar Sharpe and Sortino ratios.
 *
 * We assume an equity market: 252 trading days a year and, intraday, the regular US session
 * of 6.5 hours (09:30-16:00, 390 minutes), counting a partial last bar as a bar (an hourly
 * session has 7 bars: 09:30, 10:30, ... 15:30). So 5 min = 78 bars a day, 15 min = 26,
 * 30 min = 13, 1 hour = 7, 1 day = 1. A market that trades around the clock every day (crypto)
 * would use 365 days of 24 hours instead (1 hour = 8,760 bars a year), which gives a Sharpe
 * ratio sqrt(8760 / 1764) = 2.2 times larger for the same per-bar returns; forex (24 hours, 5
 * days) would use 260 days of 24 hours.
 */
import { TIMEFRAME_MINUTES, type Timeframe } from '../../shared/backtest-vocabulary';

export const TRADING_DAYS_PER_YEAR = 252;
export const SESSION_MINUTES = 390;

/** Bars in a trading year of the timeframe (see the module note). */
export function barsPerYear(timeframe: Timeframe): number {
  const minutes = TIMEFRAME_MINUTES[timeframe];
  const barsPerDay = minutes >= SESSION_MINUTES ? 1 : Math.ceil(SESSION_MINUTES / minutes);
  return TRADING_DAYS_PER_YEAR * barsPerDay;
}
