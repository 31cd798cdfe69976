/** One stored run, as the result page and the compare view both read it. */
import { queryOptions } from '@tanstack/react-query';
import { backtestRunSchema } from '../../../shared/api/backtests';
import { apiFetch } from '../api-client';
import { queryKeys } from '../query-keys';

export function fetchBacktest(id: string) {
  return apiFetch(`/api/backtests/${encodeURIComponent(id)}`, backtestRunSchema);
}

export const backtestQuery = (id: string) =>
  queryOptions({ queryKey: queryKeys.backtests.byId(id), queryFn: () => fetchBacktest(id) });
