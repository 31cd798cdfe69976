/** The history page's calls: the user's runs, one run's request, and deleting a run. */
import { queryOptions } from '@tanstack/react-query';
import type { BacktestRequest } from '../../../shared/backtest-request';
import type { BacktestListItem } from '../../../shared/backtest-result';
import { apiFetch } from '../../lib/api-client';

export async function listBacktests() {
  return (await apiFetch<{ backtests: BacktestListItem[] }>('/api/backtests')).backtests;
}

export const backtestListQuery = () =>
  queryOptions({ queryKey: ['backtests', 'list'], queryFn: listBacktests });

/** The stored request of a run, to load it into the form. */
export async function fetchRunRequest(id: string) {
  return (await apiFetch<{ request: BacktestRequest }>(`/api/backtests/${encodeURIComponent(id)}`)).request;
}

export function deleteBacktest(id: string) {
  return apiFetch<void>(`/api/backtests/${encodeURIComponent(id)}`, { method: 'DELETE' });
}
