import { $ } from '@hono/zod-openapi';
import { exportStrategy } from '../../engine/index';
import { exportFileName, exportQuerySchema } from '../../shared/strategy-export';
import { ApiError } from '../errors';
import { attachment } from '../attachment';
import { requireUser } from '../auth/middleware';
import { findOwnBacktest } from '../db/backtests';
import { apiRoute, apiRouter, mediaAnswer } from '../openapi/api-route';

const exportRoute = apiRoute({
  method: 'get',
  path: '/{id}/export',
  tags: ['Backtests'],
  summary: "The run's strategy as Pine Script v6 or Python (backtesting.py with TA-Lib)",
  description:
    "Owner only (others 404): the run's strategy, `format=pine` as Pine Script v6 or `format=python` as Python for backtesting.py (`text/plain`, a download).",
  rules: { access: 'user', token: 'read', errors: [400, 404] },
  request: { query: exportQuerySchema },
  responses: { 200: mediaAnswer('The source file', 'text/plain', { attachment: true }) },
});

/** GET /api/backtests/:id/export?format=pine|python: the run's strategy as a source file (docs/strategy-export.md). */
export const exports = $(apiRouter().use(requireUser)).openapi(exportRoute, async (c) => {
  const run = await findOwnBacktest(c.env.DB, c.var.user.id, c.req.param('id'));
  if (!run) throw new ApiError(404, 'No backtest of yours has this id.');
  const { format } = c.req.valid('query');
  attachment(c, exportFileName(run.stock, format));
  return c.text(exportStrategy(run.request, format), 200);
});
