import { Hono } from 'hono';
import { exportStrategy } from '../../engine/index';
import { exportFileName, exportQuerySchema } from '../../shared/strategy-export';
import type { AppEnv } from '../env';
import { ApiError } from '../errors';
import { attachment } from '../attachment';
import { requireUser } from '../auth/middleware';
import { findOwnBacktest } from '../db/backtests';
import { validate } from '../validation';

/** GET /api/backtests/:id/export?format=pine|python: the run's strategy as a source file (docs/strategy-export.md). */
export const exports = new Hono<AppEnv>()
  .use(requireUser)
  .get('/:id/export', validate('query', exportQuerySchema), async (c) => {
    const run = await findOwnBacktest(c.env.DB, c.var.user.id, c.req.param('id'));
    if (!run) throw new ApiError(404, 'No backtest of yours has this id.');
    const { format } = c.req.valid('query');
    attachment(c, exportFileName(run.stock, format));
    return c.text(exportStrategy(run.request, format));
  });
