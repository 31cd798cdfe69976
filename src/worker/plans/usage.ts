/**
 * The monthly backtest quota as GET /api/usage shows it (a robustness analysis counts as one
 * backtest), from the plan's limit (limits.ts) and the runs stored this month.
 */
import type { User } from '../../shared/api/auth';
import type { Usage } from '../../shared/api/usage';
import { countBacktestsThisMonth } from '../db/backtests';
import { monthlyLimit } from './limits';

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
