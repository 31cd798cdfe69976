import { Hono } from 'hono';
import type {
  BacktestCreatedAnswer,
  BacktestListAnswer,
  BacktestQueuedAnswer,
  BacktestResultBody,
  BacktestRun,
} from '../../shared/api/backtests';
import { runBacktest } from '../../engine/index';
import { backtestRequestSchema } from '../../shared/backtest-request';
import type { AppEnv } from '../env';
import { ApiError } from '../errors';
import { validate } from '../validation';
import { requireUser } from '../auth/middleware';
import { entitlementRefusal } from '../backtests/entitlements';
import { mayUseMl, monthlyLimit, UPGRADE_MESSAGE } from '../backtests/quota';
import { runDataQuality } from '../backtests/data-quality';
import { summaryOf, toResultBody } from '../backtests/result';
import { loadRunCandles, runSeries } from '../backtests/run-series';
import { noBarsToTrade, reversedDates } from '../backtests/tradable';
import { requiredWarmupBars } from '../backtests/warmup';
import {
  countBacktestsThisMonth,
  deleteOwnBacktest,
  findOwnBacktest,
  insertBacktest,
  listBacktests,
} from '../db/backtests';
import { startMlRun } from '../ml/ml-start';

export { UPGRADE_MESSAGE };

/**
 * Backtests: run and store (plan quota), list, read, delete; each user sees only their own. An
 * ML run too large for the request is queued as a job instead (202 {jobId}, src/worker/ml).
 */
export const backtests = new Hono<AppEnv>()
  .use(requireUser)
  .post('/', validate('json', backtestRequestSchema), async (c) => {
    const user = c.var.user;
    const request = c.req.valid('json');
    const reversed = reversedDates(request);
    if (reversed) throw new ApiError(400, reversed.message, { fields: reversed.fields });
    // Plan limits are checked before anything is fetched, and a refused run does not count.
    const refused = entitlementRefusal(c.env, user, request);
    if (refused) throw new ApiError(402, refused.message, { fields: refused.fields });
    const limit = monthlyLimit(user);
    if (
      (request.mode === 'ml' && !mayUseMl(user)) ||
      (limit !== null && (await countBacktestsThisMonth(c.env.DB, user.id)) >= limit)
    ) {
      throw new ApiError(402, UPGRADE_MESSAGE);
    }

    const answer = await loadRunCandles(c.env, request, user.id, requiredWarmupBars(request));
    const empty = noBarsToTrade(request, answer);
    if (empty) throw new ApiError(400, empty.message);

    const series = runSeries(request, answer.candles);
    let result: BacktestResultBody;
    if (request.mode === 'ml') {
      const started = await startMlRun(c.env, user, request, answer, series, limit);
      if ('jobId' in started) return c.json({ jobId: started.jobId } satisfies BacktestQueuedAnswer, 202);
      result = started.result;
    } else {
      result = toResultBody(runBacktest(request, series, { warmupBars: answer.warmupBars }), series, {
        source: answer.source,
        initialCapital: request.initialCapital,
        timezone: answer.timezone,
        warmupBars: answer.warmupBars,
        warnings: answer.warnings,
      });
    }
    result.dataQuality = runDataQuality(request.exchange, answer, series);
    const id = await insertBacktest(
      c.env.DB,
      { userId: user.id, request, source: answer.source, summary: summaryOf(result.metrics), result },
      limit,
    );
    if (!id) throw new ApiError(402, UPGRADE_MESSAGE);
    return c.json({ id, result } satisfies BacktestCreatedAnswer, 201);
  })
  .get('/', async (c) =>
    c.json({ backtests: await listBacktests(c.env.DB, c.var.user.id) } satisfies BacktestListAnswer),
  )
  .get('/:id', async (c) => {
    const run = await findOwnBacktest(c.env.DB, c.var.user.id, c.req.param('id'));
    if (!run) throw new ApiError(404, 'No backtest of yours has this id.');
    return c.json(run satisfies BacktestRun);
  })
  .delete('/:id', async (c) => {
    const deleted = await deleteOwnBacktest(c.env.DB, c.var.user.id, c.req.param('id'));
    if (!deleted) throw new ApiError(404, 'No backtest of yours has this id.');
    return c.body(null, 204);
  });
