/** The monthly backtest quota of each plan (spec 9), as the run route and GET /api/usage read it. */
import type { User } from '../../shared/api/auth';
import { PLANS } from '../../shared/plans';
import type { Usage } from '../../shared/api/usage';
import { countBacktestsThisMonth } from '../db/backtests';

/** Runs a month the user may store: null = unlimited (admins, enterprise). */
export function monthlyLimit(user: User): number | null {
  if (user.role === 'admin') return null;
  const plan = PLANS.find((candidate) => candidate.id === user.plan);
  return plan ? plan.monthlyBacktests : 0;
}

export function mayUseMl(user: User): boolean {
  return user.role === 'admin' || (PLANS.find((plan) => plan.id === user.plan)?.mlBacktesting ?? false);
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
