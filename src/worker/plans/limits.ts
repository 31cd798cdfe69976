/**
 * What a user's plan allows: every limit of PlanLimits (src/shared/plans.ts) read through one
 * place, where an administrator has none. `user.plan` is the plan in force, resolved once per
 * request by the session middleware (effective-plan.ts: subscription, comp or team owner's).
 */
import type { User } from '../../shared/api/auth';
import { ADMIN_ROBUSTNESS_CONFIGURATIONS, type PlanLimits, planById } from '../../shared/plans';

type PlanHolder = Pick<User, 'role' | 'plan'>;

/** Administrators work without the plans' limits. */
export const hasNoLimits = (user: Pick<User, 'role'>): boolean => user.role === 'admin';

/** The user's plan's value of `limit`; null (no limit) for an administrator. */
export function limitOf<K extends keyof PlanLimits>(user: PlanHolder, limit: K): PlanLimits[K] | null {
  return hasNoLimits(user) ? null : planById(user.plan).limits[limit];
}

/** Runs a month the user may store: null = unlimited (admins, enterprise). */
export function monthlyLimit(user: PlanHolder): number | null {
  return limitOf(user, 'monthlyBacktests');
}

export function mayUseMl(user: PlanHolder): boolean {
  return limitOf(user, 'mlBacktesting') ?? true;
}

/** Configurations one robustness analysis may run (administrators: a fixed ceiling, not none). */
export function configurationLimit(user: PlanHolder): number {
  return limitOf(user, 'robustnessConfigurations') ?? ADMIN_ROBUSTNESS_CONFIGURATIONS;
}
