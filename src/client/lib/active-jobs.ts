/**
 * The signed-in user's jobs in flight (GET /api/jobs?state=active), which every page shows:
 * asked again every few seconds while any job is in flight, and when the window regains focus
 * (a run started in another tab or by a script shows up then); a job started or cancelled on
 * this page calls refreshActiveJobs. Never asked for a signed-out visitor.
 */
import { type QueryClient, queryOptions, useQuery } from '@tanstack/react-query';
import { type ActiveJob, activeJobsAnswerSchema } from '../../shared/api/jobs';
import { apiFetch } from './api-client';
import { useAuth } from './auth/auth-context';
import { queryKeys } from './query-keys';

/** How often the list is asked again while it holds any job. */
export const ACTIVE_JOBS_POLL_MS = 3000;

export function activeJobsQuery(userId: string) {
  return queryOptions({
    queryKey: queryKeys.activeJobs.of(userId),
    queryFn: async () => (await apiFetch('/api/jobs?state=active', activeJobsAnswerSchema)).jobs,
    refetchInterval: (query) => ((query.state.data?.length ?? 0) > 0 ? ACTIVE_JOBS_POLL_MS : false),
    refetchOnWindowFocus: true,
  });
}

/**
 * The jobs in flight of the signed-in user; `fresh` once the list has been read since the
 * caller mounted (a signed-out visitor has none).
 */
export function useActiveJobs(): { jobs: readonly ActiveJob[]; fresh: boolean } {
  const { user } = useAuth();
  const query = useQuery({ ...activeJobsQuery(user?.id ?? ''), enabled: user !== null });
  if (!user) return { jobs: [], fresh: true };
  return { jobs: query.data ?? [], fresh: query.isFetchedAfterMount && query.data !== undefined };
}

/** Asks for the jobs in flight again: a job was just started or cancelled here. */
export function refreshActiveJobs(queryClient: QueryClient) {
  return queryClient.invalidateQueries({ queryKey: queryKeys.activeJobs.all });
}
