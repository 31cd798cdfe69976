/**
 * Whether a user may run backtests given their subscription and free trial. With a payment
 * provider configured, an account without any granted plan runs on Basic's limits for
 * FREE_TRIAL_DAYS from its creation, then needs a subscription; an account whose address had
 * the trial before (an earlier account of it was deleted) needs one from the start. Without a
 * provider every account keeps Basic without an end.
 */
import type { User } from '../../shared/api/auth';
import type { Env } from '../env';
import { UPGRADE_MESSAGE } from '../../shared/plans';
import type { StoredUser } from '../db/users';
import { freeTrialDays } from '../billing/config';
import { standingOf } from './request-plan';
import { hasNoLimits } from './limits';
import { DAY_MS } from '../../shared/time-units';

/**
 * When the user's free trial ends (ms), or null when this server has no trial. Without a trial
 * of its own (`freeTrial` false) an account's ended as it began.
 */
export function trialEnd(env: Env, user: Pick<StoredUser, 'createdAt' | 'freeTrial'>): number | null {
  const days = freeTrialDays(env);
  return days === null ? null : Date.parse(user.createdAt) + (user.freeTrial ? days * DAY_MS : 0);
}

export async function mayRunBacktests(env: Env, user: User, now = Date.now()): Promise<boolean> {
  if (hasNoLimits(user) || freeTrialDays(env) === null) return true;
  const standing = await standingOf(env.DB, user, now);
  if (!standing) return false;
  const end = trialEnd(env, { createdAt: user.createdAt, freeTrial: standing.freeTrial });
  if (end !== null && now < end) return true;
  return standing.granted;
}

/** The admission gate's check: a run is refused with the upgrade text once the trial has ended without a plan. */
export async function subscriptionRefusal(
  env: Env,
  user: User,
  now = Date.now(),
): Promise<{ status: 402; message: string } | null> {
  return (await mayRunBacktests(env, user, now)) ? null : { status: 402, message: UPGRADE_MESSAGE };
}
