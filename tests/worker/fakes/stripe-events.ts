/**
 * Stripe webhook deliveries as Stripe makes them: event objects with the documented shapes, and
 * the Stripe-Signature header (t=<unix seconds>,v1=hex HMAC-SHA256 keyed with the endpoint
 * secret over "<t>.<raw body>"). Pure Web APIs: used in workerd tests and by the e2e fake.
 */
import type { FakeStripeSubscription } from './stripe-api';

export async function hmacSha256Hex(secret: string, message: string): Promise<string> {
  const key = await crypto.subtle.importKey(
    'raw',
    new TextEncoder().encode(secret),
    { name: 'HMAC', hash: 'SHA-256' },
    false,
    ['sign'],
  );
  const mac = await crypto.subtle.sign('HMAC', key, new TextEncoder().encode(message));
  return [...new Uint8Array(mac)].map((b) => b.toString(16).padStart(2, '0')).join('');
}

export async function stripeSignature(secret: string, body: string, t = Math.floor(Date.now() / 1000)) {
  return `t=${t},v1=${await hmacSha256Hex(secret, `${t}.${body}`)}`;
}

let eventCount = 0;
const randomId = () => crypto.randomUUID().replaceAll('-', '').slice(0, 20);

/** An event object as Stripe sends it. */
export function stripeEvent(type: string, object: unknown, created = Math.floor(Date.now() / 1000)) {
  return {
    id: `evt_test_${randomId()}_${++eventCount}`,
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
  const id = `in_test_${randomId()}`;
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

/** What Stripe sends when a Checkout session is paid: the session, the new subscription, its invoice. */
export function checkoutPaidEvents(session: unknown, subscription: FakeStripeSubscription, created: number) {
  const item = subscription.items.data[0]!;
  return [
    stripeEvent('checkout.session.completed', session, created),
    stripeEvent('customer.subscription.created', subscription, created),
    stripeEvent(
      'invoice.paid',
      stripeInvoice(subscription, { start: item.current_period_start, end: item.current_period_end }),
      created,
    ),
  ];
}
