/**
 * The attacks on billing found by an audit on loopback with signed provider events, each
 * reproduced as it was found: the plan in force is always the plan that was paid, whatever the
 * order of checkouts, payments and events.
 */
import { describe, expect, it } from 'vitest';
import type { BillingAnswer } from '../../../src/shared/api/billing';
import { FAKE_RAZORPAY_HOST, type FakeRazorpaySubscription } from '../fakes/razorpay-api';
import { FAKE_STRIPE_HOST, type FakeStripeSubscription } from '../fakes/stripe-api';
import { checkoutPaidEvents, stripeEvent } from '../fakes/stripe-events';
import type { TestBrowser } from '../test-client';
import {
  type Bindings,
  deliver,
  nowSeconds,
  razorpayBindings,
  signedInUser,
  startCheckout,
  stripeBindings,
  stripeSignature,
} from './billing-fixtures';
import { fakeCall, type Payment, razorpayEvent, requestsOf, send } from './razorpay-flow';
import { sendStripe, stripeRequests, subscribeWithStripe } from './stripe-flow';

type Plan = 'pro' | 'enterprise';
type Period = 'monthly' | 'annual';

async function billingOf(browser: TestBrowser, bindings: Bindings): Promise<BillingAnswer> {
  return (await (await browser.request('/api/billing', {}, bindings)).json()) as BillingAnswer;
}

const stripeKey = (bindings: Bindings) => encodeURIComponent(bindings.STRIPE_SECRET_KEY!);

/** Pays a Stripe checkout session on the fake's hosted page (null: the page refused). */
async function payStripe(bindings: Bindings, sessionId: string) {
  const res = await fetch(`https://${FAKE_STRIPE_HOST}/__test/pay/${sessionId}?key=${stripeKey(bindings)}`);
  if (res.status !== 200) return null;
  return (await res.json()) as { session: unknown; subscription: FakeStripeSubscription };
}

/** Delivers what Stripe sends once a session is paid. */
async function deliverStripePayment(
  bindings: Bindings,
  paid: { session: unknown; subscription: FakeStripeSubscription },
  created = nowSeconds(),
) {
  const outcomes: string[] = [];
  for (const event of checkoutPaidEvents(paid.session, paid.subscription, created)) {
    const res = await sendStripe(bindings, event);
    expect(res.status).toBe(200);
    outcomes.push(((await res.json()) as { outcome: string }).outcome);
  }
  return outcomes;
}

async function stripeSubscriptionAtFake(bindings: Bindings, id: string) {
  const res = await fetch(`https://${FAKE_STRIPE_HOST}/v1/subscriptions/${id}`, {
    headers: { authorization: `Bearer ${bindings.STRIPE_SECRET_KEY!}` },
  });
  return (await res.json()) as FakeStripeSubscription;
}

describe('Stripe: the paid checkout decides the plan', () => {
  for (const [first, second] of [
    [
      ['pro', 'monthly'],
      ['enterprise', 'annual'],
    ],
    [
      ['enterprise', 'annual'],
      ['pro', 'monthly'],
    ],
  ] as [Plan, Period][][]) {
    it(`two checkouts in a row (${first![0]} then ${second![0]}): the first expires, the one paid decides`, async () => {
      const bindings = stripeBindings();
      const user = await signedInUser();
      const a = await startCheckout(user.browser, bindings, first![0], first![1], 'USD');
      const b = await startCheckout(user.browser, bindings, second![0], second![1], 'USD');
      const expired = (await stripeRequests(bindings)).filter((r) => r.path.endsWith('/expire'));
      expect(expired.map((r) => r.path)).toEqual([`/v1/checkout/sessions/${a.providerId}/expire`]);
      // The earlier page can no longer be paid; the later one can.
      expect(await payStripe(bindings, a.providerId)).toBeNull();
      const paid = (await payStripe(bindings, b.providerId))!;
      expect(await deliverStripePayment(bindings, paid)).toEqual(['applied', 'applied', 'applied']);
      expect(await billingOf(user.browser, bindings)).toMatchObject({
        plan: second![0],
        billingPeriod: second![1],
        status: 'active',
      });
    });

    it(`a session paid just before a second checkout began (${first![0]} then ${second![0]}) gives its own plan`, async () => {
      const bindings = stripeBindings();
      const user = await signedInUser();
      const a = await startCheckout(user.browser, bindings, first![0], first![1], 'USD');
      const paidA = (await payStripe(bindings, a.providerId))!;
      // The second checkout starts before A's events arrive: A can no longer be expired.
      const b = await startCheckout(user.browser, bindings, second![0], second![1], 'USD');
      await deliverStripePayment(bindings, paidA);
      expect(await billingOf(user.browser, bindings)).toMatchObject({
        plan: first![0],
        billingPeriod: first![1],
        status: 'active',
      });
      // Once A is in force, B is expired: it cannot charge the user a second time.
      expect(await payStripe(bindings, b.providerId)).toBeNull();
    });
  }

  it('gives back a second payment that still arrives while another plan is paid for', async () => {
    const bindings = stripeBindings();
    const user = await signedInUser();
    const a = await startCheckout(user.browser, bindings, 'pro', 'monthly', 'USD');
    const paidA = (await payStripe(bindings, a.providerId))!;
    const b = await startCheckout(user.browser, bindings, 'enterprise', 'annual', 'USD');
    const paidB = (await payStripe(bindings, b.providerId))!;
    // B's events first: B is in force. Then A's arrive: A is cancelled and refunded.
    await deliverStripePayment(bindings, paidB);
    expect(await deliverStripePayment(bindings, paidA)).toEqual(['refunded', 'refunded', 'refunded']);
    const billing = await billingOf(user.browser, bindings);
    expect(billing).toMatchObject({ plan: 'enterprise', billingPeriod: 'annual', status: 'active' });
    expect((await stripeSubscriptionAtFake(bindings, paidA.subscription.id)).status).toBe('canceled');
    const requests = await stripeRequests(bindings);
    const refunds = requests.filter((r) => r.method === 'POST' && r.path === '/v1/refunds');
    expect(refunds).toHaveLength(1);
    // Both payments are on record, the one given back marked so.
    expect(billing.invoices.map((invoice) => invoice.amount).sort()).toEqual([2400, 60000]);
    expect(billing.invoices.filter((invoice) => invoice.refundedAt !== null).map((i) => i.amount)).toEqual([
      2400,
    ]);
  });
});

describe('Stripe webhooks never fail open', () => {
  it('refuses a signature dated in the future', async () => {
    const bindings = stripeBindings();
    const { browser, subscription, created } = await subscribeWithStripe(bindings);
    const event = stripeEvent(
      'customer.subscription.deleted',
      { ...subscription, status: 'canceled' },
      created,
    );
    const body = JSON.stringify(event);
    const future = await stripeSignature(bindings.STRIPE_WEBHOOK_SECRET, body, nowSeconds() + 3600);
    const res = await deliver('/api/billing/webhooks/stripe', body, { 'stripe-signature': future }, bindings);
    expect(res.status).toBe(400);
    expect(await billingOf(browser, bindings)).toMatchObject({ plan: 'pro', status: 'active' });
  });

  it('resolves two events of one second by the subscription’s current state, not arrival order', async () => {
    const bindings = stripeBindings();
    const { browser, subscription } = await subscribeWithStripe(bindings);
    // Stripe cancels the subscription; its deleted and a stale "active" update carry one second.
    await fetch(`https://${FAKE_STRIPE_HOST}/v1/subscriptions/${subscription.id}`, {
      method: 'DELETE',
      headers: { authorization: `Bearer ${bindings.STRIPE_SECRET_KEY!}` },
    });
    const second = nowSeconds() + 5;
    await sendStripe(
      bindings,
      stripeEvent('customer.subscription.deleted', { ...subscription, status: 'canceled' }, second),
    );
    await sendStripe(bindings, stripeEvent('customer.subscription.created', subscription, second));
    expect(await billingOf(browser, bindings)).toMatchObject({ plan: 'basic', status: 'cancelled' });
  });

  it('ends the plan at once on a full refund, not on a partial one', async () => {
    const bindings = stripeBindings();
    const { browser, subscription, created } = await subscribeWithStripe(bindings);
    const charge = (amountRefunded: number) => ({
      id: `ch_${crypto.randomUUID().slice(0, 8)}`,
      object: 'charge',
      amount: 2400,
      amount_refunded: amountRefunded,
      refunded: amountRefunded === 2400,
      customer: subscription.customer,
      currency: 'usd',
    });
    const partial = await sendStripe(bindings, stripeEvent('charge.refunded', charge(1000), created + 1));
    expect(await partial.json()).toMatchObject({ outcome: 'applied' });
    expect(await billingOf(browser, bindings)).toMatchObject({ plan: 'pro', status: 'active' });
    const full = await sendStripe(bindings, stripeEvent('charge.refunded', charge(2400), created + 2));
    expect(await full.json()).toMatchObject({ outcome: 'ended-by-refund' });
    const billing = await billingOf(browser, bindings);
    expect(billing).toMatchObject({ plan: 'basic', status: 'cancelled' });
    expect(billing.invoices[0]!.refundedAt).not.toBeNull();
    expect((await stripeSubscriptionAtFake(bindings, subscription.id)).status).toBe('canceled');
  });
});

/** Every path to a leaf of a JSON value (arrays by index). */
function leafPaths(value: unknown, prefix: (string | number)[] = []): (string | number)[][] {
  if (value === null || typeof value !== 'object') return [prefix];
  const entries = Array.isArray(value) ? value.map((v, i) => [i, v] as const) : Object.entries(value);
  return [prefix, ...entries.flatMap(([key, child]) => leafPaths(child, [...prefix, key]))];
}

function without(value: unknown, path: (string | number)[]): unknown {
  const copy = structuredClone(value) as Record<string | number, unknown>;
  let node = copy;
  for (const key of path.slice(0, -1)) node = node[key] as Record<string | number, unknown>;
  if (Array.isArray(node)) node.splice(path.at(-1) as number, 1);
  else delete node[path.at(-1)!];
  return copy;
}

describe('signed but malformed events', () => {
  it('never answer 500: each field of each Stripe event taken away answers 200 or 400', async () => {
    const bindings = stripeBindings();
    const { subscription, created } = await subscribeWithStripe(bindings);
    const samples = checkoutPaidEvents(
      {
        id: 'cs_x',
        object: 'checkout.session',
        mode: 'subscription',
        payment_status: 'paid',
        subscription: subscription.id,
        metadata: {},
      },
      subscription,
      created + 1,
    );
    const statuses = new Map<number, number>();
    for (const sample of samples) {
      for (const path of leafPaths(sample).filter((p) => p.length > 0)) {
        const event = without({ ...sample, id: `evt_${crypto.randomUUID()}` }, path);
        const res = await sendStripe(bindings, event);
        statuses.set(res.status, (statuses.get(res.status) ?? 0) + 1);
        if (res.status !== 200 && res.status !== 400) {
          throw new Error(`${(sample as { type: string }).type} without ${path.join('.')}: ${res.status}`);
        }
      }
    }
    expect([...statuses.keys()].sort()).toEqual([200, 400]);
  }, 120_000);

  it('answer 400 with the reason once, then acknowledge the provider’s retries', async () => {
    const bindings = stripeBindings();
    const { subscription, created } = await subscribeWithStripe(bindings);
    const broken = stripeEvent(
      'customer.subscription.updated',
      { ...subscription, items: undefined },
      created + 1,
    );
    const first = await sendStripe(bindings, broken);
    expect(first.status).toBe(400);
    expect(((await first.json()) as { error: { message: string } }).error.message).toBe(
      'The customer.subscription.updated event lacks what it must have (items: Invalid input: expected object, received undefined).',
    );
    const retry = await sendStripe(bindings, broken);
    expect(retry.status).toBe(200);
    expect(await retry.json()).toMatchObject({ outcome: 'rejected' });
  });
});

async function payRazorpay(bindings: Bindings, subscriptionId: string) {
  const res = await fetch(
    `https://${FAKE_RAZORPAY_HOST}/__test/pay/${subscriptionId}?key=${encodeURIComponent(bindings.RAZORPAY_KEY_ID!)}`,
  );
  if (res.status !== 200) return null;
  return (await res.json()) as { subscription: FakeRazorpaySubscription; payment: Payment };
}

async function deliverRazorpayPayment(
  bindings: Bindings,
  paid: { subscription: FakeRazorpaySubscription; payment: Payment },
  created = nowSeconds(),
) {
  const outcomes: string[] = [];
  for (const body of [
    razorpayEvent('subscription.activated', paid.subscription, created),
    razorpayEvent('subscription.charged', paid.subscription, created, paid.payment),
  ]) {
    const res = await send(bindings, body);
    expect(res.status).toBe(200);
    outcomes.push(((await res.json()) as { outcome: string }).outcome);
  }
  return outcomes;
}

describe('Razorpay: the paid checkout decides the plan', () => {
  it('a second INR checkout cancels the first, unpaid one; the one paid decides', async () => {
    const bindings = razorpayBindings();
    const user = await signedInUser();
    const a = await startCheckout(user.browser, bindings, 'enterprise', 'annual', 'INR');
    const b = await startCheckout(user.browser, bindings, 'pro', 'monthly', 'INR');
    const cancels = (await requestsOf(bindings)).filter((r) => r.path.endsWith('/cancel'));
    expect(cancels.map((r) => [r.path, r.body])).toEqual([
      [`/v1/subscriptions/${a.providerId}/cancel`, { cancel_at_cycle_end: 0 }],
    ]);
    expect(await payRazorpay(bindings, a.providerId)).toBeNull();
    const paid = (await payRazorpay(bindings, b.providerId))!;
    expect(await deliverRazorpayPayment(bindings, paid)).toEqual(['applied', 'applied']);
    expect(await billingOf(user.browser, bindings)).toMatchObject({ plan: 'pro', billingPeriod: 'monthly' });
  });

  it('a first subscription paid before the second checkout is applied, not orphaned', async () => {
    const bindings = razorpayBindings();
    const user = await signedInUser();
    const a = await startCheckout(user.browser, bindings, 'pro', 'monthly', 'INR');
    const paidA = (await payRazorpay(bindings, a.providerId))!;
    const b = await startCheckout(user.browser, bindings, 'enterprise', 'annual', 'INR');
    // A was paid: it is left alone (not cancelled), and its events make it the plan in force.
    expect((await requestsOf(bindings)).filter((r) => r.path.endsWith('/cancel'))).toEqual([]);
    expect(await deliverRazorpayPayment(bindings, paidA)).toEqual(['applied', 'applied']);
    expect(await billingOf(user.browser, bindings)).toMatchObject({ plan: 'pro', status: 'active' });
    // B, still open, was cancelled once A was in force.
    expect(await payRazorpay(bindings, b.providerId)).toBeNull();
  });

  it('cancels and refunds a second subscription paid while the first is in force', async () => {
    const bindings = razorpayBindings();
    const user = await signedInUser();
    const a = await startCheckout(user.browser, bindings, 'pro', 'monthly', 'INR');
    const paidA = (await payRazorpay(bindings, a.providerId))!;
    const b = await startCheckout(user.browser, bindings, 'enterprise', 'annual', 'INR');
    const paidB = (await payRazorpay(bindings, b.providerId))!;
    await deliverRazorpayPayment(bindings, paidA);
    expect(await deliverRazorpayPayment(bindings, paidB)).toEqual(['refunded', 'refunded']);
    expect(await billingOf(user.browser, bindings)).toMatchObject({ plan: 'pro', status: 'active' });
    const refunds = await fakeCall<{ payment_id: string }[]>(bindings, '/__test/refunds');
    expect(refunds.map((r) => r.payment_id)).toEqual([paidB.payment.id]);
    const cancels = (await requestsOf(bindings)).filter(
      (r) => r.path === `/v1/subscriptions/${b.providerId}/cancel`,
    );
    expect(cancels).toHaveLength(1);
    // Razorpay's own refund event for it ends nothing: it was a payment already given back.
    const refunded = await send(bindings, {
      entity: 'event',
      event: 'refund.processed',
      created_at: nowSeconds() + 1,
      payload: {
        refund: { entity: { id: 'rfnd_1', amount: paidB.payment.amount, payment_id: paidB.payment.id } },
        payment: { entity: { ...paidB.payment, entity: 'payment', status: 'refunded' } },
      },
    });
    expect(await refunded.json()).toMatchObject({ outcome: 'unknown-subscription' });
    expect(await billingOf(user.browser, bindings)).toMatchObject({ plan: 'pro', status: 'active' });
  });
});

describe('Razorpay webhooks never fail open', () => {
  it('a replayed "charged" with a new event id header does not undo a cancellation', async () => {
    const bindings = razorpayBindings();
    const user = await signedInUser();
    const a = await startCheckout(user.browser, bindings, 'pro', 'monthly', 'INR');
    const paid = (await payRazorpay(bindings, a.providerId))!;
    const created = nowSeconds();
    await deliverRazorpayPayment(bindings, paid, created);
    const charged = razorpayEvent('subscription.charged', paid.subscription, created, paid.payment);
    await send(
      bindings,
      razorpayEvent('subscription.cancelled', { ...paid.subscription, status: 'cancelled' }, created + 1),
    );
    const replay = await send(bindings, charged, 'evt_a_new_header_id');
    expect(await replay.json()).toMatchObject({ outcome: 'duplicate' });
    expect(await billingOf(user.browser, bindings)).toMatchObject({ plan: 'basic', status: 'cancelled' });
  });

  it('ends the plan at once on a full refund of the period’s payment', async () => {
    const bindings = razorpayBindings();
    const user = await signedInUser();
    const a = await startCheckout(user.browser, bindings, 'pro', 'monthly', 'INR');
    const paid = (await payRazorpay(bindings, a.providerId))!;
    await deliverRazorpayPayment(bindings, paid);
    const refund = (amount: number, id: string) => ({
      entity: 'event',
      event: 'refund.processed',
      created_at: nowSeconds() + 1,
      payload: {
        refund: { entity: { id, amount, payment_id: paid.payment.id } },
        payment: { entity: { ...paid.payment, entity: 'payment' } },
      },
    });
    expect(await (await send(bindings, refund(1000, 'rfnd_part'))).json()).toMatchObject({
      outcome: 'applied',
    });
    expect(await billingOf(user.browser, bindings)).toMatchObject({ plan: 'pro' });
    const full = await send(bindings, refund(paid.payment.amount, 'rfnd_full'));
    expect(await full.json()).toMatchObject({ outcome: 'ended-by-refund' });
    expect(await billingOf(user.browser, bindings)).toMatchObject({ plan: 'basic', status: 'cancelled' });
  });

  it('never answers 500: each field of each Razorpay event taken away answers 200 or 400', async () => {
    const bindings = razorpayBindings();
    const user = await signedInUser();
    const a = await startCheckout(user.browser, bindings, 'pro', 'monthly', 'INR');
    const paid = (await payRazorpay(bindings, a.providerId))!;
    await deliverRazorpayPayment(bindings, paid);
    const created = nowSeconds() + 1;
    const samples = [
      razorpayEvent('subscription.charged', paid.subscription, created, paid.payment),
      {
        entity: 'event',
        event: 'refund.processed',
        created_at: created,
        payload: {
          refund: { entity: { id: 'rfnd_x', amount: 100, payment_id: paid.payment.id } },
          payment: { entity: { ...paid.payment, entity: 'payment' } },
        },
      },
    ];
    const statuses = new Set<number>();
    for (const sample of samples) {
      for (const path of leafPaths(sample).filter((p) => p.length > 0)) {
        const res = await send(bindings, without(sample, path));
        statuses.add(res.status);
        if (res.status !== 200 && res.status !== 400) {
          throw new Error(`${sample.event} without ${path.join('.')}: ${res.status}`);
        }
      }
    }
    expect([...statuses].sort()).toEqual([200, 400]);
  }, 120_000);

  it('answers 400 with the reason for a signed event without its subscription, never 500', async () => {
    const bindings = razorpayBindings();
    const res = await send(bindings, {
      entity: 'event',
      event: 'subscription.charged',
      created_at: nowSeconds(),
      payload: {},
    });
    expect(res.status).toBe(400);
    expect(((await res.json()) as { error: { message: string } }).error.message).toBe(
      'The Razorpay event lacks what it must have (a subscription event without its subscription).',
    );
  });
});
