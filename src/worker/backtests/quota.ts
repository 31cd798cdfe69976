/**
 * The monthly backtest quota of each plan (docs/product.md#plans-limits-and-constants), as the run route, the robustness route and
 * GET /api/usage read it (a robustness analysis counts as one backtest), and the plans' sweep sizes.
 */
import type { User } from '../../shared/api/auth';
import { ADMIN_ROBUSTNESS_CONFIGURATIONS, planById } from '../../shared/plans';
import type { Usage } from '../../shared/api/usage';
import { countBacktestsThisMonth } from '../db/backtests';

/** Runs a month the user may store: null = unlimited (admins, enterprise). */
export function monthlyLimit(user: User): number | null {
  if (user.role === 'admin') return null;
  return planById(user.plan).limits.monthlyBacktests;
}

export function mayUseMl(user: User): boolean {
  return user.role === 'admin' || planById(user.plan).limits.mlBacktesting;
}

/** Configurations one robustness analysis may run (docs/product.md#plans-limits-and-constants). */
export function configurationLimit(user: User): number {
  if (user.role === 'admin') return ADMIN_ROBUSTNESS_CONFIGURATIONS;
  return planById(user.plan).limits.robustnessConfigurations;
}

/** The first day of next month (UTC), when this month's count no longer applies. */
export function quotaResetDate(now = new Date()): string {
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 1, 1)).toISOString().slice(0, 10);
}

export async function usageOf(db: D1Database, user: User): Promise<Usage> {
  return {
    used: await countBacktestsThisMonth(db, user.id),
    limit: monthlyLimit(user),
    resetsOn: quotaResetDate(),
  };
}
