/** The plan entitlements of a backtest request (src/shared/entitlements.ts), with what only the worker knows. */
import type { User } from '../../shared/auth';
import type { BacktestRequest } from '../../shared/backtest-request';
import { type Refusal, planRefusal } from '../../shared/entitlements';
import { planById } from '../../shared/plans';
import type { Env } from '../env';
import { providerConfig } from '../market-data/provider';
import { isSample } from '../market-data/sample-candles';
import { UPLOAD_EXCHANGE } from '../market-data/upload-candles';

/** Whether the request's bars will come from the market-data provider (not a sample, an upload or the synthetic fallback). */
function usesProviderData(env: Env, request: BacktestRequest): boolean {
  const exchange = request.exchange.toUpperCase();
  const symbol = request.stock.toUpperCase();
  return !isSample({ exchange, symbol }) && exchange !== UPLOAD_EXCHANGE && providerConfig(env) !== null;
}

/** Why the user's plan may not run the request, or null (admins have no limits). */
export function entitlementRefusal(
  env: Env,
  user: User,
  request: BacktestRequest,
  now = new Date(),
): Refusal | null {
  if (user.role === 'admin') return null;
  return planRefusal(planById(user.plan), request, {
    today: now.toISOString().slice(0, 10),
    providerData: usesProviderData(env, request),
  });
}
