import { Hono } from 'hono';
import type { Usage } from '../../shared/api/usage';
import type { AppEnv } from '../env';
import { requireUser } from '../auth/middleware';
import { usageOf } from '../plans/usage';

/** GET /api/usage: the signed-in user's backtests this month, the plan's limit and its reset day. */
export const usage = new Hono<AppEnv>()
  .use(requireUser)
  .get('/', async (c) => c.json((await usageOf(c.env.DB, c.var.user)) satisfies Usage));
