/** A request's strategy as source code in another platform's language (docs/strategy-export.md). */
import type { BacktestRequest } from '../../shared/backtest-request';
import type { ExportFormat } from '../../shared/strategy-export';
import { pineStrategy } from './pine';
import { pythonStrategy } from './python';

export function exportStrategy(request: BacktestRequest, format: ExportFormat): string {
  return format === 'pine' ? pineStrategy(request) : pythonStrategy(request);
}
