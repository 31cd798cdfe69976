/** One stored run, as the result page and the compare view both read it. */
import { queryOptions } from '@tanstack/react-query';
import type { BacktestRun } from '../../../shared/backtest-result';
import { apiFetch } from '../api-client';

export function fetchBacktest(id: string) {
  return apiFetch<BacktestRun>(`/api/backtests/${encodeURIComponent(id)}`);
}

export const backtestQuery = (id: string) =>
  queryOptions({ queryKey: ['backtests', id], queryFn: () => fetchBacktest(id) });
