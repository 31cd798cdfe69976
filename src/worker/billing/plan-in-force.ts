/**
 * The plan a subscription gives at a moment: paid -> its plan to the period's end; a failed
 * renewal (past_due) keeps it PAST_DUE_GRACE_DAYS; cancelled, or cancelled at a period end now
 * past -> nothing (the account falls back to Basic).
 */
import { type BillingStatus, PAST_DUE_GRACE_DAYS } from '../../shared/api/billing';
import { PLAN_IDS, type PlanId } from '../../shared/plans';
import type { SubscriptionRow } from '../db/billing';
import { DAY_MS } from '../../shared/time-units';

function endedAtPeriodEnd(row: SubscriptionRow, now: number): boolean {
  return row.cancelAtPeriodEnd && row.currentPeriodEnd !== null && now >= row.currentPeriodEnd;
}

export function subscriptionPlan(row: SubscriptionRow | null, now: number): PlanId | null {
  if (!row) return null;
  if (row.status === 'active') return endedAtPeriodEnd(row, now) ? null : row.plan;
  if (row.status === 'past_due') {
    const since = row.pastDueSince ?? now;
    return now < since + PAST_DUE_GRACE_DAYS * DAY_MS ? row.plan : null;
  }
  return null;
}

/** The status GET /api/billing shows for a row that has started (not 'incomplete'). */
export function subscriptionStatus(row: SubscriptionRow, now: number): BillingStatus | null {
  if (row.status === 'incomplete') return null;
  if (row.status === 'active' && endedAtPeriodEnd(row, now)) return 'cancelled';
  return row.status;
}

/** The larger of two plans (Basic < Professional < Enterprise). */
export function higherPlan(a: PlanId | null, b: PlanId | null): PlanId | null {
  if (a === null) return b;
  if (b === null) return a;
  return PLAN_IDS.indexOf(a) >= PLAN_IDS.indexOf(b) ? a : b;
}
