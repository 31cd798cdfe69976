/**
 * Starting a portfolio's backtest (POST /api/portfolios/:id/backtests) through the same gate and
 * store as a single run (start-run.ts): the builder's strategy on every symbol with one capital,
 * stored as one run that counts once toward the month's quota.
 */
import type { User } from '../../shared/api/auth';
import type { BacktestRequest } from '../../shared/backtest-request';
import { PORTFOLIO_EXCHANGE, type Portfolio } from '../../shared/portfolio';
import type { Env } from '../env';
import { ApiError } from '../errors';
import { admitRun } from '../backtests/admit-run';
import { runPortfolioBacktest } from '../backtests/portfolio-run';
import { storeRun, type StoredRun } from './store-run';

export async function startPortfolioRun(
  env: Env,
  user: User,
  portfolio: Portfolio,
  builderRequest: BacktestRequest,
): Promise<StoredRun> {
  const request = { ...builderRequest, exchange: PORTFOLIO_EXCHANGE, stock: portfolio.name };
  if (request.mode === 'ml') {
    throw new ApiError(400, 'A portfolio runs as a standard backtest: choose the standard mode.');
  }
  const { monthlyLimit } = await admitRun(env, user, {
    kind: 'portfolio',
    request,
    symbols: portfolio.symbols,
  });
  const { source, result } = await runPortfolioBacktest(env, user.id, portfolio, request);
  return storeRun(env, user, { request, source, result }, monthlyLimit);
}
