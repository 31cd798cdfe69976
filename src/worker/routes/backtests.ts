import { Hono } from 'hono';
import type { BacktestCreatedAnswer, BacktestListAnswer, BacktestRun } from '../../shared/api/backtests';
import { runBacktest, seriesFromColumns } from '../../engine/index';
import { backtestRequestSchema } from '../../shared/backtest-request';
import { CODE_OF_TIMEFRAME } from '../../shared/timeframes';
import type { AppEnv } from '../env';
import { ApiError } from '../errors';
import { validate } from '../validation';
import { requireUser } from '../auth/middleware';
import { mayUseMl, monthlyLimit } from '../backtests/quota';
import { summaryOf, toResultBody } from '../backtests/result';
import { noBarsToTrade, reversedDates } from '../backtests/tradable';
import { requiredWarmupBars } from '../backtests/warmup';
import {
  countBacktestsThisMonth,
  deleteOwnBacktest,
  findOwnBacktest,
  insertBacktest,
  listBacktests,
} from '../db/backtests';
import { loadCandles } from '../market-data/candles';
import { calendarOf } from '../market-data/sessions';

export const UPGRADE_MESSAGE = 'Please upgrade your membership to generate backtesting results.';

/** Backtests: run and store (plan quota), list, read, delete; each user sees only their own. */
export const backtests = new Hono<AppEnv>()
  .use(requireUser)
  .post('/', validate('json', backtestRequestSchema), async (c) => {
    const user = c.var.user;
    const request = c.req.valid('json');
    const reversed = reversedDates(request);
    if (reversed) throw new ApiError(400, reversed.message, { fields: reversed.fields });
    const limit = monthlyLimit(user);
    if (
      (request.mode === 'ml' && !mayUseMl(user)) ||
      (limit !== null && (await countBacktestsThisMonth(c.env.DB, user.id)) >= limit)
    ) {
      throw new ApiError(402, UPGRADE_MESSAGE);
    }

    const answer = await loadCandles(
      c.env,
      {
        exchange: request.exchange.toUpperCase(),
        symbol: request.stock.toUpperCase(),
        timeframe: CODE_OF_TIMEFRAME[request.timeframe],
        from: request.fromDate,
        to: request.toDate,
        warmup: requiredWarmupBars(request),
      },
      user.id,
    );
    const empty = noBarsToTrade(request, answer);
    if (empty) throw new ApiError(400, empty.message);

    // Trading days (session VWAP, pivots, the request's dates) in the exchange's own calendar.
    const series = seriesFromColumns(answer.candles, calendarOf(request.exchange.toUpperCase()));
    const result = toResultBody(runBacktest(request, series, { warmupBars: answer.warmupBars }), series.t, {
      source: answer.source,
      timezone: answer.timezone,
      warmupBars: answer.warmupBars,
      warnings: answer.warnings,
    });
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
