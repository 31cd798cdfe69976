import { $ } from '@hono/zod-openapi';
import { backtestCreatedAnswerSchema } from '../../shared/api/backtests';
import { portfolioAnswerSchema, portfolioListAnswerSchema } from '../../shared/api/portfolios';
import type { User } from '../../shared/api/auth';
import { planById } from '../../shared/plans';
import {
  type Portfolio,
  type PortfolioInput,
  portfolioRunSchema,
  portfolioSchema,
} from '../../shared/portfolio';
import type { Env } from '../env';
import { ApiError } from '../errors';
import { requireUser } from '../auth/middleware';
import {
  deletePortfolio,
  findPortfolio,
  insertPortfolio,
  listPortfolios,
  updatePortfolio,
} from '../db/portfolios';
import { unknownSymbols } from '../market-data/known-symbols';
import { limitOf } from '../plans/limits';
import { startPortfolioRun } from '../runs/start-portfolio-run';
import { apiRoute, apiRouter, jsonAnswer, jsonBody, noBody } from '../openapi/api-route';

const NOT_YOURS = 'No portfolio of yours has this id.';

/** Portfolios a user may keep: the plan's number, unlimited (null) for admins. */
function portfolioLimit(user: User): number | null {
  return limitOf(user, 'portfolios');
}

function fail(status: 400 | 402 | 404, message: string): never {
  throw new ApiError(status, message);
}

/** Refuses a portfolio whose symbols are not on their exchange's list, naming each one. */
async function checkListed(env: Env, portfolio: PortfolioInput) {
  const fields = await unknownSymbols(env, portfolio.symbols);
  if (fields.length === 0) return;
  const names = fields.map((field) => {
    const entry = portfolio.symbols[Number(field.path.split('.')[1])]!;
    return `${entry.symbol} (${entry.exchange})`;
  });
  throw new ApiError(400, `Not on the exchanges' lists: ${names.join(', ')}.`, { fields });
}

async function ownPortfolio(db: D1Database, user: User, id: string): Promise<Portfolio> {
  return (await findPortfolio(db, user.id, id)) ?? fail(404, NOT_YOURS);
}

const listRoute = apiRoute({
  method: 'get',
  path: '/',
  tags: ['Portfolios'],
  summary: "The user's portfolios",
  description: "Signed in: the user's own portfolios only.",
  rules: { access: 'user', token: 'read' },
  responses: { 200: jsonAnswer('The portfolios', portfolioListAnswerSchema) },
});

const saveRoute = apiRoute({
  method: 'post',
  path: '/',
  tags: ['Portfolios'],
  summary: 'Save a portfolio',
  description:
    "Signed in: `{name, symbols: [{exchange, symbol, weight?}]}` → 201: 1-20 symbols, weights on all or none, adding up to 1; a symbol its exchange's list lacks answers 400 naming each. 402 past the plan's number of portfolios.",
  rules: { access: 'user', errors: [400, 402] },
  request: { body: jsonBody(portfolioSchema) },
  responses: { 201: jsonAnswer('The saved portfolio', portfolioAnswerSchema) },
});

const readRoute = apiRoute({
  method: 'get',
  path: '/{id}',
  tags: ['Portfolios'],
  summary: 'One portfolio',
  description: 'Signed in, own only (others 404): `{name, symbols: [{exchange, symbol, weight?}]}`.',
  rules: { access: 'user', token: 'read', errors: [404] },
  responses: { 200: jsonAnswer('The portfolio', portfolioAnswerSchema) },
});

const replaceRoute = apiRoute({
  method: 'put',
  path: '/{id}',
  tags: ['Portfolios'],
  summary: 'Replace a portfolio',
  description:
    "Signed in, own only (others 404): `{name, symbols: [{exchange, symbol, weight?}]}` → 200: 1-20 symbols, weights on all or none, adding up to 1; a symbol its exchange's list lacks answers 400 naming each.",
  rules: { access: 'user', errors: [400, 404] },
  request: { body: jsonBody(portfolioSchema) },
  responses: { 200: jsonAnswer('The updated portfolio', portfolioAnswerSchema) },
});

const deleteRoute = apiRoute({
  method: 'delete',
  path: '/{id}',
  tags: ['Portfolios'],
  summary: 'Delete a portfolio',
  description: 'Signed in, own only (others 404): deletes the portfolio → 204.',
  rules: { access: 'user', errors: [404] },
  responses: { 204: noBody() },
});

const runRoute = apiRoute({
  method: 'post',
  path: '/{id}/backtests',
  tags: ['Portfolios'],
  summary: 'Backtest the builder’s strategy on every symbol of the portfolio',
  description:
    "Own only (others 404): the builder's request (its exchange and stock ignored) on every symbol of the portfolio with one capital → 201 `{id, result}`, one of the month's quota. `result.portfolio` = `{name, symbols: [{exchange, symbol, weight, metrics, contributionPct}], correlation}`, and each trade has its `symbol`.",
  rules: { access: 'user', token: 'run', errors: [400, 402, 404] },
  request: { body: jsonBody(portfolioRunSchema) },
  responses: { 201: jsonAnswer('The stored run', backtestCreatedAnswerSchema) },
});

/**
 * Saved portfolios (named symbols with weights, at most the plan's number of them) and their
 * backtests: the request's strategy on every symbol with one capital, stored as one run that
 * counts once toward the month's quota.
 */
export const portfolios = $(apiRouter().use(requireUser))
  .openapi(listRoute, async (c) => c.json({ portfolios: await listPortfolios(c.env.DB, c.var.user.id) }, 200))
  .openapi(saveRoute, async (c) => {
    const user = c.var.user;
    const limit = portfolioLimit(user);
    await checkListed(c.env, c.req.valid('json'));
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
  .openapi(readRoute, async (c) => c.json(await ownPortfolio(c.env.DB, c.var.user, c.req.param('id')), 200))
  .openapi(replaceRoute, async (c) => {
    await ownPortfolio(c.env.DB, c.var.user, c.req.param('id'));
    await checkListed(c.env, c.req.valid('json'));
    const updated = await updatePortfolio(c.env.DB, c.var.user.id, c.req.param('id'), c.req.valid('json'));
    return c.json(updated ?? fail(404, NOT_YOURS), 200);
  })
  .openapi(deleteRoute, async (c) => {
    if (!(await deletePortfolio(c.env.DB, c.var.user.id, c.req.param('id')))) fail(404, NOT_YOURS);
    return c.body(null, 204);
  })
  .openapi(runRoute, async (c) => {
    const portfolio = await ownPortfolio(c.env.DB, c.var.user, c.req.param('id'));
    return c.json(await startPortfolioRun(c.env, c.var.user, portfolio, c.req.valid('json')), 201);
  });
