/** The robustness lab's calls: start an analysis of a run, list them, follow its job, cancel it. */
import { queryOptions } from '@tanstack/react-query';
import { jobCreatedSchema } from '../../../shared/api/jobs';
import {
  type RobustnessRequest,
  analysisListAnswerSchema,
  jobAnswerSchema,
} from '../../../shared/api/robustness';
import { apiFetch } from '../../lib/api-client';
import { cancelJob, jobQuery } from '../../lib/jobs';

/** POST /api/backtests/:id/robustness: 202 {jobId}, 400 (grid, blocks, windows) or 402 (plan). */
export function startAnalysis(backtestId: string, body: RobustnessRequest) {
  return apiFetch(`/api/backtests/${encodeURIComponent(backtestId)}/robustness`, jobCreatedSchema, {
    json: body,
  });
}

/** GET /api/backtests/:id/robustness: the run's analyses, newest first. */
export const analysesQuery = (backtestId: string) =>
  queryOptions({
    queryKey: ['backtests', backtestId, 'robustness'],
    queryFn: async () =>
      (
        await apiFetch(
          `/api/backtests/${encodeURIComponent(backtestId)}/robustness`,
          analysisListAnswerSchema,
        )
      ).analyses,
  });

/** GET /api/jobs/:id of an analysis, asked again every second until it has ended. */
export const analysisJobQuery = (jobId: string) => jobQuery(jobId, jobAnswerSchema);

export const cancelAnalysis = (jobId: string) => cancelJob(jobId, jobAnswerSchema);
