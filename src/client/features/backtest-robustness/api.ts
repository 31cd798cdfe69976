/** The robustness lab's calls: start an analysis of a run, follow its job, cancel it. */
import { queryOptions } from '@tanstack/react-query';
import {
  type JobState,
  type RobustnessRequest,
  jobAnswerSchema,
  jobCreatedSchema,
} from '../../../shared/robustness-jobs';
import { apiFetch } from '../../lib/api-client';

/** POST /api/backtests/:id/robustness: 202 {jobId}, 400 (grid, blocks, windows) or 402 (plan). */
export function startAnalysis(backtestId: string, body: RobustnessRequest) {
  return apiFetch(`/api/backtests/${encodeURIComponent(backtestId)}/robustness`, jobCreatedSchema, {
    json: body,
  });
}

export function cancelJob(jobId: string) {
  return apiFetch(`/api/jobs/${encodeURIComponent(jobId)}`, jobAnswerSchema, { method: 'DELETE' });
}

/** A job that will not change any more. */
export function isFinal(state: JobState | undefined): boolean {
  return state === 'done' || state === 'failed' || state === 'cancelled';
}

/** How often a running job is asked for its progress. */
export const JOB_POLL_MS = 1000;

/** GET /api/jobs/:id, asked again every second until the job is done, failed or cancelled. */
export function jobQuery(jobId: string) {
  return queryOptions({
    queryKey: ['jobs', jobId],
    queryFn: () => apiFetch(`/api/jobs/${encodeURIComponent(jobId)}`, jobAnswerSchema),
    refetchInterval: (query) => (isFinal(query.state.data?.state) ? false : JOB_POLL_MS),
  });
}
