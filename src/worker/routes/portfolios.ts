import { Hono } from 'hono';
import type { User } from '../../shared/api/auth';
import { planById } from '../../shared/plans';
import {
  PORTFOLIO_EXCHANGE,
  type Portfolio,
  portfolioRunSchema,
  portfolioSchema,
} from '../../shared/portfolio';
import type { AppEnv } from '../env';
import { ApiError } from '../errors';
import { requireUser } from '../auth/middleware';
import { runPortfolioBacktest } from '../backtests/portfolio-run';
import { entitlementRefusal } from '../backtests/entitlements';
import { monthlyLimit } from '../backtests/quota';
import { assertMayRunBacktests } from '../billing/run-allowance';
import { summaryOf } from '../backtests/result';
import { reversedDates } from '../backtests/tradable';
import { countBacktestsThisMonth, insertBacktest } from '../db/backtests';
import {
  deletePortfolio,
  findPortfolio,
  insertPortfolio,
  listPortfolios,
  updatePortfolio,
} from '../db/portfolios';
import { validate } from '../validation';
import { UPGRADE_MESSAGE } from './backtests';

const NOT_YOURS = 'No portfolio of yours has this id.';

/** Portfolios a user may keep: the plan's number, unlimited (null) for admins. */
function portfolioLimit(user: User): number | null {
  return user.role === 'admin' ? null : planById(user.plan).limits.portfolios;
}

function fail(status: 400 | 402 | 404, message: string): never {
  throw new ApiError(status, message);
}

async function ownPortfolio(db: D1Database, user: User, id: string): Promise<Portfolio> {
  return (await findPortfolio(db, user.id, id)) ?? fail(404, NOT_YOURS);
}

/**
 * Saved portfolios (named symbols with weights, at most the plan's number of them) and their
 * backtests: the request's strategy on every symbol with one capital, stored as one run that
 * counts once toward the month's quota.
 */
export const portfolios = new Hono<AppEnv>()
  .use(requireUser)
  .get('/', async (c) => c.json({ portfolios: await listPortfolios(c.env.DB, c.var.user.id) }))
  .post('/', validate('json', portfolioSchema), async (c) => {
    const user = c.var.user;
    const limit = portfolioLimit(user);
    const saved = await insertPortfolio(c.env.DB, user.id, c.req.valid('json'), limit);
    if (!saved) {
      fail(
        402,
        `Your ${planById(user.plan).name} plan keeps ${limit} ${limit === 1 ? 'portfolio' : 'portfolios'}. ` +
          'Delete one or upgrade your plan (see /pricing).',
      );
    }
    return c.json(saved, 201);
  })
  .get('/:id', async (c) => c.json(await ownPortfolio(c.env.DB, c.var.user, c.req.param('id'))))
  .put('/:id', validate('json', portfolioSchema), async (c) => {
    const updated = await updatePortfolio(c.env.DB, c.var.user.id, c.req.param('id'), c.req.valid('json'));
    return c.json(updated ?? fail(404, NOT_YOURS));
  })
  .delete('/:id', async (c) => {
    if (!(await deletePortfolio(c.env.DB, c.var.user.id, c.req.param('id')))) fail(404, NOT_YOURS);
    return c.body(null, 204);
  })
  .post('/:id/backtests', validate('json', portfolioRunSchema), async (c) => {
    const user = c.var.user;
    const portfolio = await ownPortfolio(c.env.DB, user, c.req.param('id'));
    const body = c.req.valid('json');
    const request = { ...body, exchange: PORTFOLIO_EXCHANGE, stock: portfolio.name };
    const reversed = reversedDates(request);
    if (reversed) fail(400, reversed.message);
    if (request.mode === 'ml')
      fail(400, 'A portfolio runs as a standard backtest: choose the standard mode.');
    for (const { exchange, symbol } of portfolio.symbols) {
      const refused = entitlementRefusal(c.env, user, { ...body, exchange, stock: symbol });
      if (refused) fail(402, `${symbol} (${exchange}): ${refused.message}`);
    }
    await assertMayRunBacktests(c.env, user);
    const limit = monthlyLimit(user);
    if (limit !== null && (await countBacktestsThisMonth(c.env.DB, user.id)) >= limit)
      fail(402, UPGRADE_MESSAGE);
    const run = await runPortfolioBacktest(c.env, user.id, portfolio, request);
    const id = await insertBacktest(
      c.env.DB,
      {
        userId: user.id,
        request,
        source: run.source,
        summary: summaryOf(run.result.metrics),
        result: run.result,
      },
      limit,
    );
    if (!id) fail(402, UPGRADE_MESSAGE);
    return c.json({ id, result: run.result }, 201);
  });
