import { $ } from '@hono/zod-openapi';
import {
  analysisListAnswerSchema,
  robustnessRequestSchema,
  type RobustnessResult,
} from '../../shared/api/robustness';
import { jobCreatedSchema } from '../../shared/api/jobs';
import { ApiError } from '../errors';
import { findOwnBacktest } from '../db/backtests';
import { listAnalyses } from '../db/jobs';
import { requireUser } from '../auth/middleware';
import { createRobustnessJob } from '../jobs/robustness/create';
import { apiRoute, apiRouter, jsonAnswer, jsonBody } from '../openapi/api-route';

const startRoute = apiRoute({
  method: 'post',
  path: '/{id}/robustness',
  tags: ['Jobs'],
  summary: 'Start a robustness analysis of a run (one of the month’s quota)',
  description:
    "Owner only (others 404): starts a robustness analysis of the run `{grid?, blocks?, walkForward?}` → 202 `{jobId}`, followed with GET /api/jobs/{id}. Counts as one backtest of the month (402 past the month's limit, naming it). Configurations per analysis: Basic 50, Professional 1,000, Enterprise and admins 10,000 (402 over it). ML runs answer 400.",
  rules: { access: 'user', token: 'run', errors: [400, 402, 404] },
  request: { body: jsonBody(robustnessRequestSchema) },
  responses: { 202: jsonAnswer('The queued job', jobCreatedSchema) },
});

const listRoute = apiRoute({
  method: 'get',
  path: '/{id}/robustness',
  tags: ['Jobs'],
  summary: 'The run’s robustness analyses, newest first',
  description:
    "Owner only (others 404): the run's analyses, newest first: `{analyses: [{jobId, state, createdAt, configurations, pbo, suggestion}]}` (`pbo` and `suggestion` null until done).",
  rules: { access: 'user', token: 'read', errors: [404] },
  responses: { 200: jsonAnswer('The analyses', analysisListAnswerSchema) },
});

/**
 * POST /api/backtests/:id/robustness starts a robustness analysis of the user's run (a job);
 * GET lists the run's analyses, newest first, with the PBO and suggestion of those done.
 */
export const robustness = $(apiRouter().use(requireUser))
  .openapi(startRoute, async (c) => {
    const jobId = await createRobustnessJob(
      c.env,
      c.var.user,
      c.req.param('id'),
      c.req.valid('json'),
      c.req.url,
    );
    return c.json({ jobId }, 202);
  })
  .openapi(listRoute, async (c) => {
    const backtestId = c.req.param('id');
    if (!(await findOwnBacktest(c.env.DB, c.var.user.id, backtestId))) {
      throw new ApiError(404, 'No backtest of yours has this id.');
    }
    const rows = await listAnalyses(c.env.DB, c.var.user.id, backtestId);
    const analyses = await Promise.all(
      rows.map(async ({ id, state, createdAt, configurations, resultKey }) => {
        const result =
          state === 'done' && resultKey
            ? await (await c.env.DATASETS.get(resultKey))?.json<RobustnessResult>()
            : null;
        return {
          jobId: id,
          state,
          createdAt,
          configurations,
          pbo: result?.pbo?.pbo ?? null,
          suggestion: result?.suggestion?.settings ?? null,
        };
      }),
    );
    return c.json({ analyses }, 200);
  });
