/**
 * 1-minute bars are the Enterprise plan's (`minuteBars` of src/shared/plans.ts): a backtest on
 * them is refused by the admission gate, and GET /api/market/candles?timeframe=1m by this check,
 * before any call to a provider. Administrators have no plan limits.
 */
import type { User } from '../../shared/api/auth';
import { minuteBarsRefusal } from '../../shared/entitlements';
import { planById } from '../../shared/plans';
import { ApiError } from '../errors';
import { hasNoLimits } from '../plans/limits';

/** Throws the 402 naming the plan with 1-minute bars unless `user` (null: signed out) has them. */
export function assertMinuteBars(user: User | null): void {
  if (user && hasNoLimits(user)) return;
  const refused = minuteBarsRefusal(user ? planById(user.plan) : null);
  if (refused) throw new ApiError(402, refused.message, { fields: refused.fields });
}
