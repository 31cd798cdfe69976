/** Stripe's side of a test purchase: checkout through the app, paying on the fake, signed events. */
import { expect } from 'vitest';
import type { FakeStripeSubscription } from '../fakes/stripe-api';
import { FAKE_STRIPE_HOST } from '../fakes/stripe-api';
import { type Bindings, deliver, nowSeconds, signedInUser, stripeSignature } from './billing-fixtures';

export const STRIPE_WEBHOOK = '/api/billing/webhooks/stripe';

let eventCount = 0;

/** An event object as Stripe sends it. */
export function stripeEvent(type: string, object: unknown, created = nowSeconds()) {
  return {
    id: `evt_test_${crypto.randomUUID().replaceAll('-', '').slice(0, 20)}_${++eventCount}`,
    object: 'event',
    api_version: '2026-10-28.endive',
    created,
    type,
    livemode: false,
    pending_webhooks: 1,
    request: { id: null, idempotency_key: null },
    data: { object },
  };
}

/** The invoice of one period of the subscription, paid or failed. */
export function stripeInvoice(
  subscription: FakeStripeSubscription,
  period: { start: number; end: number },
  paid = true,
) {
  const amount = subscription.items.data[0]!.price.unit_amount;
  const id = `in_test_${crypto.randomUUID().replaceAll('-', '').slice(0, 20)}`;
  return {
    id,
    object: 'invoice',
    amount_due: amount,
    amount_paid: paid ? amount : 0,
    currency: 'usd',
    status: paid ? 'paid' : 'open',
    billing_reason: 'subscription_cycle',
    hosted_invoice_url: `https://invoice.stripe.test/i/${id}`,
    status_transitions: { paid_at: paid ? period.start : null },
    parent: {
      type: 'subscription_details',
      subscription_details: { subscription: subscription.id, metadata: subscription.metadata },
    },
    lines: { object: 'list', data: [{ id: `il_${id}`, object: 'line_item', period }] },
  };
}

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
  /** When Stripe says the events happened (unix seconds). */
  created = nowSeconds(),
) {
  const user = await signedInUser();
  const checkout = await user.browser.request(
    '/api/billing/checkout',
    { json: { plan, billingPeriod, currency: 'USD' } },
    bindings,
  );
  expect(checkout.status).toBe(200);
  const { url } = (await checkout.json()) as { url: string };
  const sessionId = new URL(url).pathname.split('/').pop()!;
  const paid = await fetch(
    `https://${FAKE_STRIPE_HOST}/__test/pay/${sessionId}?key=${encodeURIComponent(bindings.STRIPE_SECRET_KEY!)}`,
  );
  const { session, subscription } = (await paid.json()) as {
    session: unknown;
    subscription: FakeStripeSubscription;
  };
  const item = subscription.items.data[0]!;
  for (const event of [
    stripeEvent('checkout.session.completed', session, created),
    stripeEvent('customer.subscription.created', subscription, created),
    stripeEvent(
      'invoice.paid',
      stripeInvoice(subscription, { start: item.current_period_start, end: item.current_period_end }),
      created,
    ),
  ]) {
    expect((await sendStripe(bindings, event)).status).toBe(200);
  }
  return { ...user, url, subscription, created };
}
