import { Hono } from 'hono';
import {
  type AnalysisListAnswer,
  robustnessRequestSchema,
  type RobustnessResult,
} from '../../shared/api/robustness';
import { ApiError } from '../errors';
import { findOwnBacktest } from '../db/backtests';
import { listAnalyses } from '../db/jobs';
import type { AppEnv } from '../env';
import { requireUser } from '../auth/middleware';
import { createRobustnessJob } from '../jobs/robustness/create';
import { validate } from '../validation';

/**
 * POST /api/backtests/:id/robustness starts a robustness analysis of the user's run (a job);
 * GET lists the run's analyses, newest first, with the PBO and suggestion of those done.
 */
export const robustness = new Hono<AppEnv>()
  .use(requireUser)
  .post('/:id/robustness', validate('json', robustnessRequestSchema), async (c) => {
    const jobId = await createRobustnessJob(
      c.env,
      c.var.user,
      c.req.param('id'),
      c.req.valid('json'),
      c.req.url,
    );
    return c.json({ jobId }, 202);
  })
  .get('/:id/robustness', async (c) => {
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
    return c.json({ analyses } satisfies AnalysisListAnswer);
  });
