/** The history page's calls: the user's runs, one run's request, and deleting a run. */
import { queryOptions } from '@tanstack/react-query';
import { backtestListAnswerSchema } from '../../../shared/api/backtests';
import { NO_CONTENT, apiFetch } from '../../lib/api-client';
import { fetchBacktest } from '../../lib/backtests/api';
import { queryKeys } from '../../lib/query-keys';

export async function listBacktests() {
  return (await apiFetch('/api/backtests', backtestListAnswerSchema)).backtests;
}

export const backtestListQuery = () =>
  queryOptions({ queryKey: queryKeys.backtests.list, queryFn: listBacktests });

/** The stored request of a run, to load it into the form. */
export async function fetchRunRequest(id: string) {
  return (await fetchBacktest(id)).request;
}

export function deleteBacktest(id: string) {
  return apiFetch(`/api/backtests/${encodeURIComponent(id)}`, NO_CONTENT, { method: 'DELETE' });
}
