/**
 * Applies one webhook event, once: its id is claimed first, so a repeated delivery changes
 * nothing. An event reaches the subscription it names; before that subscription is known, the
 * checkout it names (never the user's newest one). A paid checkout becomes the user's
 * subscription with the plan that was paid, unless the user already pays for a plan: then that
 * second subscription is cancelled and its money given back. The rules are in docs/billing.md.
 */
import {
  adoptSubscription,
  claimEvent,
  findInvoice,
  findSubscription,
  findSubscriptionByCustomerId,
  findSubscriptionByProviderId,
  latestInvoiceOf,
  markInvoiceRefunded,
  recordInvoice,
  releaseEvent,
  saveSubscription,
  type SubscriptionRow,
} from '../db/billing';
import { findCheckout, setCheckoutState, type CheckoutRow } from '../db/billing-checkouts';
import type { Env } from '../env';
import { sendBillingMail } from './billing-mail';
import { expireOpenCheckouts } from './expire-checkouts';
import { subscriptionPlan } from './plan-in-force';
import type { BillingEvent, BillingProvider } from './provider';

export type ApplyOutcome =
  | 'applied'
  | 'duplicate'
  | 'stale'
  | 'unknown-subscription'
  | 'awaiting-payment'
  | 'refunded'
  | 'ended-by-refund';

interface Context {
  env: Env;
  provider: BillingProvider;
  /** Where the delivery came in: mail links use its origin when APP_URL is unset. */
  webhookUrl: string;
  now: number;
}

/** The row after the event (pure). The plan changes only with a payment: a paid invoice. */
export function nextState(row: SubscriptionRow, event: BillingEvent): SubscriptionRow {
  const next: SubscriptionRow = { ...row, providerUpdatedAt: event.occurredAt };
  if (event.subscriptionId) next.providerSubscriptionId = event.subscriptionId;
  if (event.customerId) next.providerCustomerId = event.customerId;
  if (event.status) {
    next.status = event.status;
    next.pastDueSince = event.status === 'past_due' ? (row.pastDueSince ?? event.occurredAt) : null;
  }
  if (event.currentPeriodEnd !== undefined) next.currentPeriodEnd = event.currentPeriodEnd;
  if (event.cancelAtPeriodEnd !== undefined) next.cancelAtPeriodEnd = event.cancelAtPeriodEnd;
  if (!event.invoice) return next;
  const periodPaid =
    next.pendingEffectiveAt !== null &&
    event.currentPeriodStart !== undefined &&
    event.currentPeriodStart >= next.pendingEffectiveAt;
  // The paid price names its plan where the event carries it (Razorpay's plan id); else the
  // pending change is what the period from its date on was billed at (Stripe's schedule).
  const paid =
    event.paidPlan ??
    (periodPaid && next.pendingPlan && next.pendingBillingPeriod
      ? { plan: next.pendingPlan, billingPeriod: next.pendingBillingPeriod }
      : null);
  if (paid) {
    next.plan = paid.plan;
    next.billingPeriod = paid.billingPeriod;
  }
  if (periodPaid) {
    next.pendingPlan = null;
    next.pendingBillingPeriod = null;
    next.pendingEffectiveAt = null;
  }
  return next;
}

async function applyToSubscription(
  { env, provider, webhookUrl }: Context,
  row: SubscriptionRow,
  event: BillingEvent,
  now: number,
): Promise<'applied' | 'stale'> {
  if (
    event.invoice &&
    (await recordInvoice(env.DB, {
      ...event.invoice,
      userId: row.userId,
      provider: provider.name,
      subscriptionId: row.providerSubscriptionId ?? event.subscriptionId,
    }))
  ) {
    await sendBillingMail(env, 'receipt', { userId: row.userId }, event.invoice, webhookUrl);
  }
  if (event.paymentFailed && row.status !== 'past_due') {
    await sendBillingMail(env, 'payment-failed', { userId: row.userId }, {}, webhookUrl);
  }
  if (event.occurredAt < row.providerUpdatedAt) return 'stale';
  let effective = event;
  if (event.subscriptionState && event.occurredAt === row.providerUpdatedAt && row.providerSubscriptionId) {
    // Two events of one second (the provider's clock) arrive in no set order: the provider's
    // current state of the subscription decides, not whichever came last.
    effective = { ...event, ...(await provider.currentState(row.providerSubscriptionId)) };
  }
  await saveSubscription(env.DB, nextState(row, effective), now);
  return 'applied';
}

/** A payment for a checkout the user no longer needs: cancel it at the provider, give it back. */
async function giveBack(ctx: Context, checkout: CheckoutRow, event: BillingEvent): Promise<'refunded'> {
  const { env, provider, now } = ctx;
  const subscriptionId = event.subscriptionId ?? checkout.subscriptionId;
  const payment = event.invoice
    ? {
        ...event.invoice,
        userId: checkout.userId,
        provider: provider.name,
        subscriptionId,
      }
    : null;
  // Each payment is given back once: a repeat of its invoice in another event is not.
  const newPayment = payment ? await recordInvoice(env.DB, payment) : false;
  if (subscriptionId && (checkout.state !== 'refunded' || newPayment)) {
    await provider.cancelAndRefund(subscriptionId, newPayment ? payment!.id : null);
  }
  if (payment) await markInvoiceRefunded(env.DB, provider.name, payment.id, now);
  await setCheckoutState(env.DB, checkout.id, 'refunded', subscriptionId, now);
  console.warn(
    `Gave back a ${provider.name} payment for checkout ${checkout.id}: the user already pays for a plan.`,
  );
  return 'refunded';
}

async function applyToCheckout(ctx: Context, event: BillingEvent): Promise<ApplyOutcome> {
  const { env, provider, now } = ctx;
  const checkout = await findCheckout(env.DB, provider.name, {
    ...event.checkout,
    subscriptionId: event.subscriptionId,
  });
  if (!checkout) return 'unknown-subscription';
  if (checkout.state === 'refunded') return giveBack(ctx, checkout, event);
  if (!event.paid || !event.subscriptionId) return 'awaiting-payment';
  const current = await findSubscription(env.DB, checkout.userId);
  if (current && subscriptionPlan(current, now) !== null) return giveBack(ctx, checkout, event);

  const adopted: SubscriptionRow = {
    userId: checkout.userId,
    provider: provider.name,
    providerSubscriptionId: event.subscriptionId,
    plan: event.paidPlan?.plan ?? checkout.plan,
    billingPeriod: event.paidPlan?.billingPeriod ?? checkout.billingPeriod,
    currency: checkout.currency,
    status: 'incomplete',
    currentPeriodEnd: null,
    cancelAtPeriodEnd: false,
    pastDueSince: null,
    pendingPlan: null,
    pendingBillingPeriod: null,
    pendingEffectiveAt: null,
    providerUpdatedAt: 0,
    providerCustomerId: event.customerId ?? null,
  };
  await adoptSubscription(env.DB, adopted, now);
  await setCheckoutState(env.DB, checkout.id, 'paid', event.subscriptionId, now);
  // Another checkout still open would charge the user twice: it can no longer be paid.
  await expireOpenCheckouts(env, checkout.userId, now);
  return applyToSubscription(ctx, adopted, event, now);
}

/** A refund: a full one of the subscription's latest payment ends its plan at once. */
async function applyRefund(ctx: Context, event: BillingEvent): Promise<ApplyOutcome> {
  const { env, provider, now } = ctx;
  const refund = event.refund!;
  let row: SubscriptionRow | null = null;
  if (refund.customerId) {
    row = await findSubscriptionByCustomerId(env.DB, provider.name, refund.customerId);
  } else if (refund.paymentId) {
    const invoice = await findInvoice(env.DB, provider.name, refund.paymentId);
    // A payment already given back (a second checkout's) ends nothing.
    if (!invoice || invoice.refundedAt !== null || !invoice.subscriptionId) return 'unknown-subscription';
    row = await findSubscriptionByProviderId(env.DB, provider.name, invoice.subscriptionId);
  }
  if (!row?.providerSubscriptionId) return 'unknown-subscription';
  const latest = await latestInvoiceOf(env.DB, provider.name, row.providerSubscriptionId);
  const paymentId = refund.paymentId ?? latest;
  if (!refund.full || paymentId === null || paymentId !== latest) return 'applied';
  await markInvoiceRefunded(env.DB, provider.name, paymentId, now);
  if (subscriptionPlan(row, now) !== null) await provider.cancelNow(row.providerSubscriptionId);
  await saveSubscription(
    env.DB,
    {
      ...row,
      status: 'cancelled',
      cancelAtPeriodEnd: false,
      pastDueSince: null,
      pendingPlan: null,
      pendingBillingPeriod: null,
      pendingEffectiveAt: null,
      providerUpdatedAt: Math.max(row.providerUpdatedAt, event.occurredAt),
    },
    now,
  );
  return 'ended-by-refund';
}

export async function applyBillingEvent(
  env: Env,
  provider: BillingProvider,
  event: BillingEvent,
  webhookUrl: string,
  now = Date.now(),
): Promise<ApplyOutcome> {
  if (!(await claimEvent(env.DB, provider.name, event.id, now))) return 'duplicate';
  const ctx: Context = { env, provider, webhookUrl, now };
  try {
    if (event.refund) return await applyRefund(ctx, event);
    const row = event.subscriptionId
      ? await findSubscriptionByProviderId(env.DB, provider.name, event.subscriptionId)
      : null;
    return row ? await applyToSubscription(ctx, row, event, now) : await applyToCheckout(ctx, event);
  } catch (error) {
    await releaseEvent(env.DB, provider.name, event.id);
    throw error;
  }
}
