/**
 * Whether a user may run backtests given their subscription and free trial. With a payment
 * provider configured, an account without any granted plan runs on Basic's limits for
 * FREE_TRIAL_DAYS from its creation, then needs a subscription; without a provider every
 * account keeps Basic without an end.
 */
import type { User } from '../../shared/api/auth';
import type { Env } from '../env';
import { UPGRADE_MESSAGE } from '../../shared/plans';
import { findUserById } from '../db/users';
import { freeTrialDays } from './config';
import { resolvePlan } from './effective-plan';

const DAY_MS = 86_400_000;

/** When the user's free trial ends (ms), or null when this server has no trial. */
export function trialEnd(env: Env, user: Pick<User, 'createdAt'>): number | null {
  const days = freeTrialDays(env);
  return days === null ? null : Date.parse(user.createdAt) + days * DAY_MS;
}

export async function mayRunBacktests(env: Env, user: User, now = Date.now()): Promise<boolean> {
  if (user.role === 'admin') return true;
  const end = trialEnd(env, user);
  if (end === null || now < end) return true;
  const stored = await findUserById(env.DB, user.id);
  return stored !== null && (await resolvePlan(env.DB, user, stored.plan, now)).granted;
}

/** The admission gate's check: a run is refused with the upgrade text once the trial has ended without a plan. */
export async function subscriptionRefusal(
  env: Env,
  user: User,
  now = Date.now(),
): Promise<{ status: 402; message: string } | null> {
  return (await mayRunBacktests(env, user, now)) ? null : { status: 402, message: UPGRADE_MESSAGE };
}
