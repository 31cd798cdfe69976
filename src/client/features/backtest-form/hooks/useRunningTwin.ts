import { useQueryClient } from '@tanstack/react-query';
import type { ActiveJob } from '../../../../shared/api/jobs';
import type { BacktestRequestInput } from '../../../../shared/backtest-request';
import { activeJobsQuery } from '../../../lib/active-jobs';
import { useAuth } from '../../../lib/auth/auth-context';
import { runningTwinOf } from '../running-twin';

/**
 * Finds the run in flight that sending a request would repeat (running-twin.ts), with the jobs
 * in flight read from the server at that moment: one started in another tab or by a script
 * counts too. When they cannot be read, none is found and the run is not held back.
 */
export function useRunningTwin(): (request: BacktestRequestInput) => Promise<ActiveJob | undefined> {
  const { user } = useAuth();
  const queryClient = useQueryClient();
  return async (request) => {
    if (!user) return undefined;
    try {
      const jobs = await queryClient.fetchQuery({ ...activeJobsQuery(user.id), staleTime: 0 });
      return runningTwinOf(request, jobs);
    } catch {
      return undefined;
    }
  };
}
