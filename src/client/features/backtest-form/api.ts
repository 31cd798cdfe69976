/** The builder's calls to our API (the worker talks to the market-data provider, never the browser). */
import { queryOptions } from '@tanstack/react-query';
import * as z from 'zod';
import type { BacktestRequestInput } from '../../../shared/backtest-request';
import { backtestCreatedAnswerSchema, backtestQueuedAnswerSchema } from '../../../shared/api/backtests';
import { mlJobAnswerSchema } from '../../../shared/api/jobs';
import { datasetCreatedAnswerSchema, datasetListAnswerSchema } from '../../../shared/api/datasets';
import { NO_CONTENT, apiFetch } from '../../lib/api-client';
import { cancelJob, jobQuery } from '../../lib/jobs';
import { queryKeys } from '../../lib/query-keys';

/** The signed-in user's uploaded datasets, and the storage they take against the plan's cap. */
export function listDatasets() {
  return apiFetch('/api/datasets', datasetListAnswerSchema);
}

export const datasetsQuery = () => queryOptions({ queryKey: queryKeys.datasets, queryFn: listDatasets });

/** Uploads an OHLCV CSV as a multipart form; a blank name leaves the file's own name. */
export async function uploadDataset(file: File, name: string) {
  const body = new FormData();
  body.append('file', file);
  const query = name.trim() ? `?name=${encodeURIComponent(name.trim())}` : '';
  return (await apiFetch(`/api/datasets${query}`, datasetCreatedAnswerSchema, { method: 'POST', body }))
    .dataset;
}

export function deleteDataset(id: string) {
  return apiFetch(`/api/datasets/${encodeURIComponent(id)}`, NO_CONTENT, { method: 'DELETE' });
}

/** 201 {id, result}: the run is stored; 202 {jobId}: an ML run too large for one request, queued. */
const submittedAnswerSchema = z.union([backtestCreatedAnswerSchema, backtestQueuedAnswerSchema]);

/** Runs and stores a backtest (the result page reads it by id), or queues a large ML run as a job. */
export function submitBacktest(request: BacktestRequestInput) {
  return apiFetch('/api/backtests', submittedAnswerSchema, { method: 'POST', json: request });
}

/** GET /api/jobs/:id of a queued ML run, asked again every second until it has ended. */
export const mlJobQuery = (jobId: string) => jobQuery(jobId, mlJobAnswerSchema);

export const cancelMlJob = (jobId: string) => cancelJob(jobId, mlJobAnswerSchema);
