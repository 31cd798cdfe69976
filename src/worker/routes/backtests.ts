import { Hono } from 'hono';
import type { CandlesAnswer } from '../../shared/api/market';
import { runBacktest, seriesFromColumns } from '../../engine/index';
import { backtestRequestSchema } from '../../shared/backtest-request';
import { CODE_OF_TIMEFRAME } from '../../shared/timeframes';
import type { AppEnv } from '../env';
import { jsonError } from '../errors';
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
import { CandleRequestError } from '../market-data/candle-answer';
import { loadCandles } from '../market-data/candles';
import { calendarOf } from '../market-data/sessions';

export const UPGRADE_MESSAGE = 'Please upgrade your membership to generate backtesting results.';

/** Backtests: run and store (plan quota), list, read, delete; each user sees only their own. */
export const backtests = new Hono<AppEnv>()
  .use(requireUser)
  .post('/', validate('json', backtestRequestSchema), async (c) => {
    const user = c.get('user')!;
    const request = c.req.valid('json');
    const reversed = reversedDates(request);
    if (reversed) return jsonError(c, 400, reversed.message, reversed.fields);
    const limit = monthlyLimit(user);
    if (
      (request.mode === 'ml' && !mayUseMl(user)) ||
      (limit !== null && (await countBacktestsThisMonth(c.env.DB, user.id)) >= limit)
    ) {
      return jsonError(c, 402, UPGRADE_MESSAGE);
    }

    let answer: CandlesAnswer;
    try {
      answer = await loadCandles(
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
    } catch (error) {
      if (error instanceof CandleRequestError) return jsonError(c, error.status, error.message);
      throw error;
    }
    const empty = noBarsToTrade(request, answer);
    if (empty) return jsonError(c, 400, empty.message);

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
    if (!id) return jsonError(c, 402, UPGRADE_MESSAGE);
    return c.json({ id, result }, 201);
  })
  .get('/', async (c) => c.json({ backtests: await listBacktests(c.env.DB, c.get('user')!.id) }))
  .get('/:id', async (c) => {
    const run = await findOwnBacktest(c.env.DB, c.get('user')!.id, c.req.param('id'));
    if (!run) return jsonError(c, 404, 'No backtest of yours has this id.');
    return c.json(run);
  })
  .delete('/:id', async (c) => {
    const deleted = await deleteOwnBacktest(c.env.DB, c.get('user')!.id, c.req.param('id'));
    if (!deleted) return jsonError(c, 404, 'No backtest of yours has this id.');
    return c.body(null, 204);
  });
