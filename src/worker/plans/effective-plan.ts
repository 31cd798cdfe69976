/**
 * The plan a user works under, from everything that can grant one: their own subscription, a
 * plan an administrator set by hand (a comp, kept in users.plan), and for a team member the
 * team owner's subscription or comp (members keep access while the owner's plan lasts).
 */
import type { User } from '../../shared/api/auth';
import type { PlanId } from '../../shared/plans';
import { findSubscriptionsOfUserAndTeamOwner, type SubscriptionRow } from '../db/billing';
import { higherPlan, subscriptionPlan } from '../billing/plan-in-force';

export interface ResolvedPlan {
  plan: PlanId;
  /** The plan in force comes from an administrator's setting, not a payment. */
  comp: boolean;
  /** The plan in force comes from the team owner. */
  team: boolean;
  /** Some subscription or comp grants a plan (false: the default Basic, trial rules apply). */
  granted: boolean;
  subscription: SubscriptionRow | null;
}

/** A comp is any plan above Basic in users.plan (Basic is every account's default). */
const compOf = (plan: PlanId | null): PlanId | null => (plan && plan !== 'basic' ? plan : null);

/** `storedPlan` is users.plan of the user (the admin-set plan). */
export async function resolvePlan(db: D1Database, user: Pick<User, 'id'>, storedPlan: PlanId, now: number) {
  const { own, owner, ownerComp } = await findSubscriptionsOfUserAndTeamOwner(db, user.id);
  const paid = subscriptionPlan(own, now);
  const comp = compOf(storedPlan);
  const team = higherPlan(subscriptionPlan(owner, now), compOf(ownerComp));
  const personal = higherPlan(paid, comp);
  const best = higherPlan(personal, team);
  return {
    plan: best ?? 'basic',
    comp: best !== null && best === comp && best !== paid && best !== team,
    team: best !== null && best === team && best !== personal,
    granted: best !== null,
    subscription: own,
  } satisfies ResolvedPlan;
}
