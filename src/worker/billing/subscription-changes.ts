/**
 * What a subscriber changes from the account page: the plan from the next cycle on, cancel at
 * the period's end, and resume. Each writes the provider first, then the row, so the answer
 * shows the result at once.
 *
 * A scheduled change is kept through a cancel: the provider drops it (Stripe releases the
 * schedule, Razorpay's resume withdraws every change scheduled for the cycle's end), so resume
 * schedules it again while its date is still ahead. GET /api/billing does not show it while the
 * subscription is set to end, since it would not happen then.
 */
import { PAYMENT_NOT_SET_UP, type PlanChangeRequest } from '../../shared/api/billing';
import { planById } from '../../shared/plans';
import { findSubscription, saveSubscription, type SubscriptionRow } from '../db/billing';
import type { Env } from '../env';
import { ApiError } from '../errors';
import { atProvider } from './at-provider';
import { subscriptionPlan } from './plan-in-force';
import type { BillingProvider } from './provider';
import { providerNamed } from './providers';

interface Live {
  row: SubscriptionRow & { providerSubscriptionId: string };
  provider: BillingProvider;
}

/** The user's subscription while it still grants its plan (not cancelled, not run out). */
async function liveSubscription(env: Env, userId: string, now: number): Promise<Live> {
  const row = await findSubscription(env.DB, userId);
  if (!row || !row.providerSubscriptionId || subscriptionPlan(row, now) === null) {
    throw new ApiError(409, 'You have no active subscription. Choose a plan on the pricing page.');
  }
  const provider = providerNamed(env, row.provider);
  if (!provider) throw new ApiError(503, PAYMENT_NOT_SET_UP);
  return { row: { ...row, providerSubscriptionId: row.providerSubscriptionId }, provider };
}

export async function changePlan(env: Env, userId: string, change: PlanChangeRequest, now = Date.now()) {
  const { row, provider } = await liveSubscription(env, userId, now);
  if (row.plan === change.plan && row.billingPeriod === change.billingPeriod) {
    throw new ApiError(400, 'This is already your plan.', {
      fields: [{ path: 'plan', message: 'This is already your plan.' }],
    });
  }
  if (row.cancelAtPeriodEnd) throw new ApiError(409, 'Resume your subscription before changing its plan.');
  await atProvider(
    provider.scheduleChange(row.providerSubscriptionId, planById(change.plan), change.billingPeriod),
  );
  await saveSubscription(
    env.DB,
    {
      ...row,
      pendingPlan: change.plan,
      pendingBillingPeriod: change.billingPeriod,
      pendingEffectiveAt: row.currentPeriodEnd ?? now,
    },
    now,
  );
}

export async function cancelAtPeriodEnd(env: Env, userId: string, now = Date.now()) {
  const { row, provider } = await liveSubscription(env, userId, now);
  if (row.cancelAtPeriodEnd) return;
  await atProvider(provider.cancelAtPeriodEnd(row.providerSubscriptionId));
  await saveSubscription(env.DB, { ...row, cancelAtPeriodEnd: true }, now);
}

export async function resume(env: Env, userId: string, now = Date.now()) {
  const { row, provider } = await liveSubscription(env, userId, now);
  if (!row.cancelAtPeriodEnd) throw new ApiError(409, 'Your subscription is not set to end.');
  await atProvider(provider.resume(row.providerSubscriptionId));
  const pending =
    row.pendingPlan &&
    row.pendingBillingPeriod &&
    row.pendingEffectiveAt !== null &&
    row.pendingEffectiveAt > now
      ? { plan: row.pendingPlan, billingPeriod: row.pendingBillingPeriod }
      : null;
  if (pending) {
    await atProvider(
      provider.scheduleChange(row.providerSubscriptionId, planById(pending.plan), pending.billingPeriod),
    );
  }
  await saveSubscription(
    env.DB,
    {
      ...row,
      cancelAtPeriodEnd: false,
      ...(pending ? {} : { pendingPlan: null, pendingBillingPeriod: null, pendingEffectiveAt: null }),
    },
    now,
  );
}
