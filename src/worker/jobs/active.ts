/**
 * GET /api/jobs?state=active: a job in flight as the list answers it, with what it is for,
 * its progress and the page that follows it.
 */
import type { ActiveJob } from '../../shared/api/jobs';
import { jobLinkPath } from '../../shared/job-links';
import { requestFingerprint } from '../../shared/request-fingerprint';
import type { ActiveJobRow } from '../db/jobs';

export function activeJobAnswer({ job, createdAt }: ActiveJobRow): ActiveJob {
  const { request } = job;
  // A queued run (ML or ticks) is followed in the builder, an analysis on its run's page.
  const run = job.kind !== 'robustness';
  return {
    id: job.id,
    kind: job.kind,
    // listActiveJobs reads only queued and running jobs.
    state: job.state === 'queued' ? 'queued' : 'running',
    done: job.done,
    total: job.totalChunks,
    subject: {
      exchange: request.exchange,
      stock: request.stock,
      timeframe: request.timeframe,
      backtestId: run ? null : job.backtestId,
    },
    requestFingerprint: run ? requestFingerprint(request) : null,
    link: jobLinkPath(
      run
        ? { kind: job.kind, id: job.id, state: job.state, resultBacktestId: job.resultBacktestId }
        : { kind: 'robustness', backtestId: job.backtestId },
    ),
    createdAt,
  };
}
