/**
 * Following a queued job (a robustness analysis or a large ML run): GET /api/jobs/:id asked
 * again every second until the job has ended, and DELETE /api/jobs/:id to cancel it. Each
 * caller passes the answer schema of its kind of job.
 */
import { queryOptions } from '@tanstack/react-query';
import type * as z from 'zod';
import type { JobState } from '../../shared/api/jobs';
import { ApiError, apiFetch } from './api-client';
import { queryKeys } from './query-keys';

/** A job that will not change any more. */
export function isFinalJobState(state: JobState | undefined): boolean {
  return state === 'done' || state === 'failed' || state === 'cancelled';
}

/** How often a running job is asked for its progress. */
export const JOB_POLL_MS = 1000;

const isNoSuchJob = (error: unknown) => error instanceof ApiError && error.status === 404;

const jobPath = (jobId: string) => `/api/jobs/${encodeURIComponent(jobId)}`;

export function jobQuery<S extends z.ZodType<{ state: JobState }>>(jobId: string, schema: S) {
  return queryOptions({
    queryKey: queryKeys.job(jobId),
    queryFn: (): Promise<z.output<S>> => apiFetch(jobPath(jobId), schema),
    // Not asked again once it has ended, or when there is no such job of the user's (404).
    refetchInterval: (query) =>
      isFinalJobState(query.state.data?.state) || isNoSuchJob(query.state.error) ? false : JOB_POLL_MS,
  });
}

/** The job's parts still queued are skipped; answers the job as it stands. */
export function cancelJob<S extends z.ZodType>(jobId: string, schema: S) {
  return apiFetch(jobPath(jobId), schema, { method: 'DELETE' });
}

/** What the page says when a cancel reached a job that had already ended (409). */
export const FINISHED_BEFORE_CANCEL = 'The run finished before it could be cancelled';

/** Whether a cancel failed because the job had already ended (DELETE /api/jobs/:id answered 409). */
export function finishedBeforeCancel(error: unknown): boolean {
  return error instanceof ApiError && error.status === 409;
}
