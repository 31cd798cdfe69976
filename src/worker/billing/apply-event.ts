/**
 * Applies one webhook event to the stored subscription, once: its id is claimed first, so a
 * repeated delivery changes nothing; an event older than the last one applied (by the provider's
 * own timestamp) adds its invoice but leaves the state alone. A pending plan change takes
 * effect when a billing period starting at or after its date begins.
 */
import type { PaymentProvider } from '../../shared/api/billing';
import {
  claimEvent,
  findSubscription,
  findSubscriptionByProviderId,
  recordInvoice,
  releaseEvent,
  saveSubscription,
  type SubscriptionRow,
} from '../db/billing';
import type { Env } from '../env';
import { sendBillingMail } from './billing-mail';
import type { BillingEvent } from './provider';

export type ApplyOutcome = 'applied' | 'duplicate' | 'stale' | 'unknown-subscription';

async function subscriptionOf(env: Env, provider: PaymentProvider, event: BillingEvent) {
  if (event.subscriptionId) {
    const linked = await findSubscriptionByProviderId(env.DB, provider, event.subscriptionId);
    if (linked) return linked;
  }
  if (!event.userId) return null;
  const row = await findSubscription(env.DB, event.userId);
  // The user's new checkout, not yet linked to its subscription (Stripe's); an event older than
  // the checkout belongs to an earlier subscription.
  return row &&
    row.provider === provider &&
    row.providerSubscriptionId === null &&
    event.occurredAt >= row.providerUpdatedAt
    ? row
    : null;
}

/** The row after the event (pure). */
export function nextState(row: SubscriptionRow, event: BillingEvent): SubscriptionRow {
  const next: SubscriptionRow = { ...row, providerUpdatedAt: event.occurredAt };
  if (event.subscriptionId) next.providerSubscriptionId = event.subscriptionId;
  if (event.status) {
    next.status = event.status;
    next.pastDueSince = event.status === 'past_due' ? (row.pastDueSince ?? event.occurredAt) : null;
  }
  if (event.currentPeriodEnd !== undefined) next.currentPeriodEnd = event.currentPeriodEnd;
  if (event.cancelAtPeriodEnd !== undefined) next.cancelAtPeriodEnd = event.cancelAtPeriodEnd;
  if (
    next.pendingPlan &&
    next.pendingBillingPeriod &&
    next.pendingEffectiveAt !== null &&
    event.currentPeriodStart !== undefined &&
    event.currentPeriodStart >= next.pendingEffectiveAt
  ) {
    next.plan = next.pendingPlan;
    next.billingPeriod = next.pendingBillingPeriod;
    next.pendingPlan = null;
    next.pendingBillingPeriod = null;
    next.pendingEffectiveAt = null;
  }
  return next;
}

/** `webhookUrl`: the delivery's URL, whose host the mails' links fall back to without APP_URL. */
export async function applyBillingEvent(
  env: Env,
  provider: PaymentProvider,
  event: BillingEvent,
  webhookUrl: string,
  now = Date.now(),
): Promise<ApplyOutcome> {
  if (!(await claimEvent(env.DB, provider, event.id, now))) return 'duplicate';
  try {
    const row = await subscriptionOf(env, provider, event);
    if (!row) return 'unknown-subscription';
    if (event.invoice && (await recordInvoice(env.DB, { ...event.invoice, userId: row.userId, provider }))) {
      await sendBillingMail(env, 'receipt', { userId: row.userId }, event.invoice, webhookUrl);
    }
    if (event.paymentFailed && row.status !== 'past_due') {
      await sendBillingMail(env, 'payment-failed', { userId: row.userId }, {}, webhookUrl);
    }
    if (event.occurredAt < row.providerUpdatedAt) return 'stale';
    await saveSubscription(env.DB, nextState(row, event), now);
    return 'applied';
  } catch (error) {
    await releaseEvent(env.DB, provider, event.id);
    throw error;
  }
}
