import { Hono } from 'hono';
import { robustnessRequestSchema } from '../../shared/api/robustness';
import type { AppEnv } from '../env';
import { requireUser } from '../auth/middleware';
import { createRobustnessJob } from '../jobs/robustness/create';
import { validate } from '../validation';

/** POST /api/backtests/:id/robustness: starts a robustness analysis of the user's run (a job). */
export const robustness = new Hono<AppEnv>()
  .use(requireUser)
  .post('/:id/robustness', validate('json', robustnessRequestSchema), async (c) => {
    const jobId = await createRobustnessJob(c.env, c.var.user, c.req.param('id'), c.req.valid('json'));
    return c.json({ jobId }, 202);
  });
