/** GET /api/billing: the user's plan, where it comes from, the subscription and its invoices. */
import type { BillingAnswer } from '../../shared/api/billing';
import type { User } from '../../shared/api/auth';
import { listInvoices } from '../db/billing';
import { findUserById } from '../db/users';
import type { Env } from '../env';
import { payableCurrencies } from '../billing/config';
import { resolvePlan } from './effective-plan';
import { hasNoLimits } from './limits';
import { subscriptionStatus } from '../billing/plan-in-force';
import { mayRunBacktests, trialEnd } from './run-allowance';

const iso = (ms: number | null) => (ms === null ? null : new Date(ms).toISOString());

export async function billingAnswer(env: Env, user: User, now = Date.now()): Promise<BillingAnswer> {
  const stored = await findUserById(env.DB, user.id);
  const resolved = await resolvePlan(env.DB, user, stored?.plan ?? 'basic', now);
  const row = resolved.subscription;
  const started = row && subscriptionStatus(row, now) !== null ? row : null;
  // An account whose address had the trial before has none to show.
  const freeTrial = stored?.freeTrial ?? false;
  const end = hasNoLimits(user) ? null : trialEnd(env, { createdAt: user.createdAt, freeTrial });
  const trialing = !resolved.granted && end !== null && now < end;
  return {
    plan: resolved.plan,
    status: started ? subscriptionStatus(started, now)! : trialing ? 'trialing' : 'none',
    provider: started?.provider ?? null,
    currency: started?.currency ?? null,
    billingPeriod: started?.billingPeriod ?? null,
    currentPeriodEnd: iso(started?.currentPeriodEnd ?? null),
    cancelAtPeriodEnd: started?.cancelAtPeriodEnd ?? false,
    // A change kept through a cancel shows again once the subscription is resumed.
    pendingChange:
      !started?.cancelAtPeriodEnd &&
      started?.pendingPlan &&
      started.pendingBillingPeriod &&
      started.pendingEffectiveAt !== null
        ? {
            plan: started.pendingPlan,
            billingPeriod: started.pendingBillingPeriod,
            effectiveAt: iso(started.pendingEffectiveAt)!,
          }
        : null,
    invoices: await listInvoices(env.DB, user.id),
    comp: resolved.comp,
    team: resolved.team,
    trialEndsAt: end === null || resolved.granted || !freeTrial ? null : iso(end),
    mayRun: await mayRunBacktests(env, user, now),
    currencies: payableCurrencies(env),
  };
}
