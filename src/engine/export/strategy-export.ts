/** A request's strategy as source code in another platform's language (docs/strategy-export.md). */
import type { BacktestRequest } from '../../shared/backtest-request';
import type { ExportFormat } from '../../shared/strategy-export';
import { pineStrategy } from './pine';
import { pythonStrategy } from './python';
import { type TradingDays, exchangeTradingDays } from './trading-days';

export type { TradingDays } from './trading-days';

/**
 * The code, counting the run's dates, square-off and sessions in `days`: the trading days the
 * run was read in (by default the exchange's, as a run on the server reads them).
 */
export function exportStrategy(
  request: BacktestRequest,
  format: ExportFormat,
  days: TradingDays = exchangeTradingDays(request.exchange),
): string {
  return format === 'pine' ? pineStrategy(request, days) : pythonStrategy(request, days);
}
