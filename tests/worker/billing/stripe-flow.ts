/** Stripe's side of a test purchase: checkout through the app, paying on the fake, signed events. */
import { expect } from 'vitest';
import type { FakeStripeSubscription } from '../fakes/stripe-api';
import { FAKE_STRIPE_HOST } from '../fakes/stripe-api';
import { checkoutPaidEvents, stripeSignature } from '../fakes/stripe-events';
import { type Bindings, deliver, nowSeconds, signedInUser, startCheckout } from './billing-fixtures';

export { stripeEvent, stripeInvoice } from '../fakes/stripe-events';

export const STRIPE_WEBHOOK = '/api/billing/webhooks/stripe';

/** The subscription as it is at a new period (a renewal), other fields as given. */
export function renewed(subscription: FakeStripeSubscription, start: number, end: number, changes = {}) {
  const item = subscription.items.data[0]!;
  return {
    ...subscription,
    ...changes,
    items: {
      ...subscription.items,
      data: [{ ...item, current_period_start: start, current_period_end: end }],
    },
  };
}

export async function sendStripe(
  bindings: Bindings,
  event: unknown,
  secret = bindings.STRIPE_WEBHOOK_SECRET!,
) {
  const body = JSON.stringify(event);
  return deliver(STRIPE_WEBHOOK, body, { 'stripe-signature': await stripeSignature(secret, body) }, bindings);
}

export async function stripeRequests(bindings: Bindings) {
  const res = await fetch(
    `https://${FAKE_STRIPE_HOST}/__test/requests?key=${encodeURIComponent(bindings.STRIPE_SECRET_KEY!)}`,
  );
  return (await res.json()) as { method: string; path: string; form: Record<string, string> }[];
}

/** Registers, checks out `plan` in USD, pays on the fake and delivers Stripe's three events. */
export async function subscribeWithStripe(
  bindings: Bindings,
  plan: 'basic' | 'pro' | 'enterprise' = 'pro',
  billingPeriod: 'monthly' | 'annual' = 'monthly',
) {
  const created = nowSeconds();
  const user = await signedInUser();
  const { url, providerId: sessionId } = await startCheckout(
    user.browser,
    bindings,
    plan,
    billingPeriod,
    'USD',
  );
  const paid = await fetch(
    `https://${FAKE_STRIPE_HOST}/__test/pay/${sessionId}?key=${encodeURIComponent(bindings.STRIPE_SECRET_KEY!)}`,
  );
  const { session, subscription } = (await paid.json()) as {
    session: unknown;
    subscription: FakeStripeSubscription;
  };
  for (const event of checkoutPaidEvents(session, subscription, created)) {
    expect((await sendStripe(bindings, event)).status).toBe(200);
  }
  return { ...user, url, subscription, created };
}
