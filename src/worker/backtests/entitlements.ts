/** The plan entitlements of a backtest request (src/shared/entitlements.ts), with what only the worker knows. */
import type { User } from '../../shared/api/auth';
import type { BacktestRequest } from '../../shared/backtest-request';
import { type Refusal, planRefusal } from '../../shared/entitlements';
import { isSampleMarket, isUploadMarket } from '../../shared/data-sources';
import { planById } from '../../shared/plans';
import type { Env } from '../env';
import { providerConfig } from '../market-data/provider';
import { hasNoLimits } from '../plans/limits';

/** Whether the request's bars will come from the market-data provider (not a sample, an upload or the synthetic fallback). */
function usesProviderData(env: Env, request: BacktestRequest): boolean {
  return (
    !isSampleMarket(request.exchange, request.stock) &&
    !isUploadMarket(request.exchange) &&
    providerConfig(env) !== null
  );
}

/** Why the user's plan may not run the request, or null (admins have no limits). */
export function entitlementRefusal(
  env: Env,
  user: User,
  request: BacktestRequest,
  now = new Date(),
): Refusal | null {
  if (hasNoLimits(user)) return null;
  return planRefusal(planById(user.plan), request, {
    today: now.toISOString().slice(0, 10),
    providerData: usesProviderData(env, request),
  });
}
