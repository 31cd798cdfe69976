import { $ } from '@hono/zod-openapi';
import { usageSchema } from '../../shared/api/usage';
import { requireUser } from '../auth/middleware';
import { apiRoute, apiRouter, jsonAnswer } from '../openapi/api-route';
import { usageOf } from '../plans/usage';

const usageRoute = apiRoute({
  method: 'get',
  path: '/',
  tags: ['Backtests'],
  summary: 'Backtests used this month, the plan’s limit and the reset day',
  description:
    'Signed in: `{used, limit, resetsOn}` (`limit` null = unlimited, `resetsOn` YYYY-MM-DD). Runs refused with 400 (from after to, no bars in range, a period longer than the bars loaded) are not counted; a robustness analysis counts as one backtest.',
  rules: { access: 'user', token: 'read' },
  responses: { 200: jsonAnswer('The usage', usageSchema) },
});

/** GET /api/usage: the signed-in user's backtests this month, the plan's limit and its reset day. */
export const usage = $(apiRouter().use(requireUser)).openapi(usageRoute, async (c) =>
  c.json(await usageOf(c.env.DB, c.var.user), 200),
);
