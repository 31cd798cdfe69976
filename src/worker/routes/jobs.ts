import { $ } from '@hono/zod-openapi';
import type { User } from '../../shared/api/auth';
import { activeJobsAnswerSchema, jobListQuerySchema, type MlJobAnswer } from '../../shared/api/jobs';
import {
  type AnyJobAnswer,
  anyJobAnswerSchema,
  type JobAnswer,
  MAX_PARTIAL_CONFIGURATIONS,
  type RobustnessResult,
} from '../../shared/api/robustness';
import type { Env } from '../env';
import { ApiError } from '../errors';
import { requireUser } from '../auth/middleware';
import { trialsOfAnalysis } from '../backtests/trials';
import { analysisWithTrialsInDsr } from '../backtests/trials-dsr';
import { apiRoute, apiRouter, jsonAnswer } from '../openapi/api-route';
import { activeJobAnswer } from '../jobs/active';
import {
  cancelJob,
  findJob,
  listActiveJobs,
  sweptSoFar,
  type Job,
  type RobustnessJob,
  type RunJob,
} from '../db/jobs';
import { deleteJobFiles } from '../jobs/series';

/** The job if `user` may see it (its owner, or an admin); a 404 otherwise, as if it did not exist. */
async function visibleJob(env: Env, user: User, id: string): Promise<Job> {
  const job = await findJob(env.DB, id);
  if (!job || (job.userId !== user.id && user.role !== 'admin')) {
    throw new ApiError(404, 'No job of yours has this id.');
  }
  return job;
}

/** An ML job or a run on ticks: progress, and the stored run's id once done (mlJobAnswerSchema). */
function mlAnswerOf(job: RunJob): MlJobAnswer {
  return {
    id: job.id,
    kind: job.kind,
    state: job.state,
    done: job.done,
    total: job.totalChunks,
    backtestId: job.resultBacktestId,
    ...(job.error !== null && { error: job.error }),
  };
}

async function answerOf(env: Env, job: Job): Promise<AnyJobAnswer> {
  return job.kind === 'robustness' ? robustnessAnswerOf(env, job) : mlAnswerOf(job);
}

async function robustnessAnswerOf(env: Env, job: RobustnessJob): Promise<JobAnswer> {
  const answer: JobAnswer = {
    id: job.id,
    kind: 'robustness',
    backtestId: job.backtestId,
    state: job.state,
    done: job.done,
    total: job.totalChunks,
    configurations: job.configurations,
    ...(job.error !== null && { error: job.error }),
  };
  const running = job.state === 'queued' || job.state === 'running';
  if (running && job.done > 0 && job.configurations <= MAX_PARTIAL_CONFIGURATIONS) {
    const configurations = (await sweptSoFar(env.DB, job.id)) as RobustnessResult['configurations'];
    return { ...answer, partial: { configurations } };
  }
  if (job.state !== 'done' || !job.resultKey) return answer;
  const stored = await env.DATASETS.get(job.resultKey);
  if (!stored) throw new Error(`the result of job ${job.id} is missing from R2`);
  const kept = await stored.json<RobustnessResult>();
  // Results stored before pboReason and dsrWarning were kept have neither.
  const result = { ...kept, pboReason: kept.pboReason ?? null, dsrWarning: kept.dsrWarning ?? null };
  return { ...answer, result: analysisWithTrialsInDsr(result, await trialsOfAnalysis(env.DB, job)) };
}

const activeRoute = apiRoute({
  method: 'get',
  path: '/',
  tags: ['Jobs'],
  summary: 'The user’s jobs in flight (queued or running): progress, what each is for, a link to follow it',
  description:
    "`state=active`: the signed-in user's own jobs still queued or running, oldest first: `{jobs: [{id, kind, state, done, total, subject: {exchange, stock, timeframe, backtestId}, requestFingerprint, link, createdAt}]}`; another `state` → 400.",
  rules: { access: 'user', token: 'read', errors: [400] },
  request: { query: jobListQuerySchema },
  responses: { 200: jsonAnswer('The jobs, oldest first', activeJobsAnswerSchema) },
});

const jobRoute = apiRoute({
  method: 'get',
  path: '/{id}',
  tags: ['Jobs'],
  summary: 'A job’s progress and, once done, its result',
  description:
    'Owner or admin (others 404): `{id, backtestId, state, done, total, configurations, error?, result?}`; `kind` is robustness, ml or ticks. `state` is queued, running, done, failed (with `error`) or cancelled; `done` of `total` chunks.',
  rules: { access: 'user', token: 'read', errors: [404] },
  responses: { 200: jsonAnswer('The job', anyJobAnswerSchema) },
});

const cancelRoute = apiRoute({
  method: 'delete',
  path: '/{id}',
  tags: ['Jobs'],
  summary: 'Cancel a job',
  description:
    'Owner or admin (others 404): cancels the job → 200 with the job; chunks still queued are acknowledged and skipped; 409 once finished.',
  rules: { access: 'user', token: 'run', errors: [404, 409] },
  responses: { 200: jsonAnswer('The cancelled job', anyJobAnswerSchema) },
});

/**
 * GET /api/jobs?state=active: the user's own jobs in flight (an admin's too, never others').
 * GET /api/jobs/:id: progress and, once done, the result (robustness) or the stored run's id
 * (ML); DELETE cancels. Owner or admin only.
 */
export const jobs = $(apiRouter().use(requireUser))
  .openapi(activeRoute, async (c) => {
    const rows = await listActiveJobs(c.env.DB, c.var.user.id);
    return c.json({ jobs: rows.map(activeJobAnswer) }, 200);
  })
  .openapi(jobRoute, async (c) =>
    c.json(await answerOf(c.env, await visibleJob(c.env, c.var.user, c.req.param('id'))), 200),
  )
  .openapi(cancelRoute, async (c) => {
    const job = await visibleJob(c.env, c.var.user, c.req.param('id'));
    if (!(await cancelJob(c.env.DB, job.id))) {
      throw new ApiError(409, `This job has already finished (${job.state}).`);
    }
    await deleteJobFiles(c.env, job);
    return c.json(await answerOf(c.env, (await findJob(c.env.DB, job.id))!), 200);
  });
