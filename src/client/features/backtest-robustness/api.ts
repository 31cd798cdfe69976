/** The robustness lab's calls: start an analysis of a run, follow its job, cancel it. */
import { jobCreatedSchema } from '../../../shared/api/jobs';
import { type RobustnessRequest, jobAnswerSchema } from '../../../shared/api/robustness';
import { apiFetch } from '../../lib/api-client';
import { cancelJob, jobQuery } from '../../lib/jobs';

/** POST /api/backtests/:id/robustness: 202 {jobId}, 400 (grid, blocks, windows) or 402 (plan). */
export function startAnalysis(backtestId: string, body: RobustnessRequest) {
  return apiFetch(`/api/backtests/${encodeURIComponent(backtestId)}/robustness`, jobCreatedSchema, {
    json: body,
  });
}

/** GET /api/jobs/:id of an analysis, asked again every second until it has ended. */
export const analysisJobQuery = (jobId: string) => jobQuery(jobId, jobAnswerSchema);

export const cancelAnalysis = (jobId: string) => cancelJob(jobId, jobAnswerSchema);
