/** Exporting a strategy as code: the formats and the query of GET /api/backtests/:id/export. */
import * as z from 'zod';

/** Pine Script v6 for TradingView, or Python for backtesting.py with TA-Lib. */
export const EXPORT_FORMATS = ['pine', 'python'] as const;
export type ExportFormat = (typeof EXPORT_FORMATS)[number];

export const exportQuerySchema = z.object({
  format: z.enum(EXPORT_FORMATS, { error: 'Format is pine or python' }),
});

/** The file name an export downloads as. */
export function exportFileName(stock: string, format: ExportFormat): string {
  const base = stock.replace(/[^A-Za-z0-9_-]+/g, '_').toLowerCase() || 'strategy';
  return format === 'pine' ? `${base}_strategy.pine` : `${base}_strategy.py`;
}
