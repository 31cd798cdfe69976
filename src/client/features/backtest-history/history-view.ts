/** Sorting and filtering the history list, as plain functions of the runs. */
import type { BacktestListItem } from '../../../shared/api/backtests';
import { isSampleMarket, isUploadMarket } from '../../../shared/data-sources';

export const HISTORY_SORTS = {
  newest: 'Newest first',
  oldest: 'Oldest first',
  bestReturn: 'Highest return',
  smallestDrawdown: 'Smallest drawdown',
} as const;
export type HistorySort = keyof typeof HISTORY_SORTS;

const ORDER: Record<HistorySort, (a: BacktestListItem, b: BacktestListItem) => number> = {
  newest: (a, b) => b.createdAt.localeCompare(a.createdAt),
  oldest: (a, b) => a.createdAt.localeCompare(b.createdAt),
  bestReturn: (a, b) => b.summary.totalReturnPct - a.summary.totalReturnPct,
  smallestDrawdown: (a, b) => a.summary.maxDrawdownPct - b.summary.maxDrawdownPct,
};

/**
 * The runs whose symbol (or exchange, or the sample's and uploads' names) contains `symbol`,
 * case-insensitively, tested on a day on or after `testedFrom` when one is given, in the
 * chosen order (ties keep the list's order: newest first).
 */
export function viewOfHistory(
  runs: readonly BacktestListItem[],
  { sort, symbol, testedFrom }: { sort: HistorySort; symbol: string; testedFrom: string },
): BacktestListItem[] {
  const needle = symbol.trim().toLowerCase();
  return runs
    .filter((run) => {
      if (testedFrom && run.toDate < testedFrom) return false;
      if (!needle) return true;
      const names = [run.stock, run.exchange, `${run.exchange}:${run.stock}`];
      if (isSampleMarket(run.exchange, run.stock)) names.push('S&P 500');
      if (isUploadMarket(run.exchange)) names.push('uploaded');
      return names.some((name) => name.toLowerCase().includes(needle));
    })
    .sort(ORDER[sort]);
}
