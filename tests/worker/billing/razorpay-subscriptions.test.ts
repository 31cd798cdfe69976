import { describe, expect, it } from 'vitest';
import type { BillingAnswer } from '../../../src/shared/api/billing';
import { FAKE_RAZORPAY_HOST, type FakeRazorpaySubscription } from '../fakes/razorpay-api';
import type { TestBrowser } from '../test-client';
import {
  type Bindings,
  DAY_SECONDS,
  deliver,
  nowSeconds,
  razorpayBindings,
  razorpaySignature,
  signedInUser,
  startCheckout,
} from './billing-fixtures';

const WEBHOOK = '/api/billing/webhooks/razorpay';

type Payment = { id: string; amount: number; currency: string; created_at: number };

/** A webhook body as Razorpay sends it. */
function razorpayEvent(
  event: string,
  subscription: FakeRazorpaySubscription,
  createdAt: number,
  payment?: Payment,
) {
  return {
    entity: 'event',
    account_id: 'acc_test',
    event,
    contains: payment ? ['subscription', 'payment'] : ['subscription'],
    payload: {
      subscription: { entity: subscription },
      ...(payment ? { payment: { entity: { entity: 'payment', status: 'captured', ...payment } } } : {}),
    },
    created_at: createdAt,
  };
}

async function send(bindings: Bindings, body: unknown, eventId = `evt_${crypto.randomUUID().slice(0, 14)}`) {
  const raw = JSON.stringify(body);
  return deliver(
    WEBHOOK,
    raw,
    {
      'x-razorpay-signature': await razorpaySignature(bindings.RAZORPAY_WEBHOOK_SECRET!, raw),
      'x-razorpay-event-id': eventId,
    },
    bindings,
  );
}

async function fakeCall<T>(bindings: Bindings, path: string): Promise<T> {
  const res = await fetch(
    `https://${FAKE_RAZORPAY_HOST}${path}?key=${encodeURIComponent(bindings.RAZORPAY_KEY_ID!)}`,
  );
  return (await res.json()) as T;
}

const requestsOf = (bindings: Bindings) =>
  fakeCall<{ method: string; path: string; body: Record<string, unknown> | null }[]>(
    bindings,
    '/__test/requests',
  );

async function billingOf(browser: TestBrowser, bindings: Bindings): Promise<BillingAnswer> {
  return (await (await browser.request('/api/billing', {}, bindings)).json()) as BillingAnswer;
}

/** Registers, checks out in INR, pays on the fake and delivers activated + charged. */
async function subscribeWithRazorpay(
  bindings: Bindings,
  plan: 'pro' | 'enterprise' = 'pro',
  billingPeriod: 'monthly' | 'annual' = 'monthly',
) {
  const user = await signedInUser();
  const { url, providerId: subscriptionId } = await startCheckout(
    user.browser,
    bindings,
    plan,
    billingPeriod,
    'INR',
  );
  const { subscription, payment } = await fakeCall<{
    subscription: FakeRazorpaySubscription;
    payment: Payment;
  }>(bindings, `/__test/pay/${subscriptionId}`);
  const created = nowSeconds();
  expect((await send(bindings, razorpayEvent('subscription.activated', subscription, created))).status).toBe(
    200,
  );
  expect(
    (await send(bindings, razorpayEvent('subscription.charged', subscription, created, payment))).status,
  ).toBe(200);
  return { ...user, url, subscription, payment, created };
}

describe('Razorpay checkout', () => {
  it('creates the plan once from the INR price, then a subscription whose hosted page is the answer', async () => {
    const bindings = razorpayBindings();
    const { url, id } = await subscribeWithRazorpay(bindings, 'pro', 'annual');
    await subscribeWithRazorpay(bindings, 'pro', 'annual');
    expect(url).toMatch(/^https:\/\/fake-razorpay\.test\/pay\/sub_/);
    const requests = await requestsOf(bindings);
    const plans = requests.filter((r) => r.path === '/v1/plans');
    expect(plans).toHaveLength(1);
    expect(plans[0]!.body).toMatchObject({
      period: 'yearly',
      interval: 1,
      item: { name: 'Backtest Studio Professional', amount: 1999000, currency: 'INR' },
    });
    const subscriptions = requests.filter((r) => r.path === '/v1/subscriptions');
    expect(subscriptions).toHaveLength(2);
    expect(subscriptions[0]!.body).toMatchObject({
      total_count: 10,
      customer_notify: 1,
      notes: { userId: id, plan: 'pro' },
    });
  });

  it('makes the plan Professional once charged, with the payment listed', async () => {
    const bindings = razorpayBindings();
    const { browser, subscription, payment } = await subscribeWithRazorpay(bindings);
    expect(await billingOf(browser, bindings)).toMatchObject({
      plan: 'pro',
      status: 'active',
      provider: 'razorpay',
      currency: 'INR',
      billingPeriod: 'monthly',
      currentPeriodEnd: new Date(subscription.current_end! * 1000).toISOString(),
      invoices: [{ id: payment.id, amount: 199900, currency: 'INR', url: null }],
    });
  });
});

/** The subscription in its next 30-day period, which starts where the current one ends. */
function nextPeriod<Subscription extends { current_end: number | null }>(subscription: Subscription) {
  const start = subscription.current_end!;
  return { ...subscription, current_start: start, current_end: start + 30 * DAY_SECONDS };
}

describe('Razorpay renewals, failures, changes, cancel and resume', () => {
  it('renews on the next charge, and a pending charge is past_due', async () => {
    const bindings = razorpayBindings();
    const { browser, subscription, payment, created } = await subscribeWithRazorpay(bindings);
    const next = nextPeriod(subscription);
    const renewal = { ...payment, id: 'pay_renewal', created_at: next.current_start };
    await send(bindings, razorpayEvent('subscription.charged', next, created + 1, renewal));
    expect(await billingOf(browser, bindings)).toMatchObject({
      currentPeriodEnd: new Date(next.current_end * 1000).toISOString(),
      status: 'active',
    });
    await send(bindings, razorpayEvent('subscription.pending', { ...next, status: 'pending' }, created + 2));
    expect(await billingOf(browser, bindings)).toMatchObject({ status: 'past_due', plan: 'pro' });
    expect((await billingOf(browser, bindings)).invoices).toHaveLength(2);
  });

  it('schedules a change at the cycle end and applies it with the next period', async () => {
    const bindings = razorpayBindings();
    const { browser, subscription, payment, created } = await subscribeWithRazorpay(bindings);
    const res = await browser.request(
      '/api/billing/change',
      { json: { plan: 'enterprise', billingPeriod: 'monthly' } },
      bindings,
    );
    expect(await res.json()).toMatchObject({ plan: 'pro', pendingChange: { plan: 'enterprise' } });
    const patch = (await requestsOf(bindings)).find((r) => r.method === 'PATCH');
    expect(patch?.path).toBe(`/v1/subscriptions/${subscription.id}`);
    expect(patch?.body).toMatchObject({ schedule_change_at: 'cycle_end' });
    const newPlan = (await requestsOf(bindings)).filter((r) => r.path === '/v1/plans')[1];
    expect(newPlan?.body).toMatchObject({ period: 'monthly', item: { amount: 499900 } });

    const next = nextPeriod(subscription);
    await send(
      bindings,
      razorpayEvent('subscription.charged', next, created + 1, {
        ...payment,
        id: 'pay_next',
        amount: 499900,
      }),
    );
    expect(await billingOf(browser, bindings)).toMatchObject({ plan: 'enterprise', pendingChange: null });
  });

  it('cancels at the cycle end, resumes, and ends on Basic when Razorpay cancels', async () => {
    const bindings = razorpayBindings();
    const { browser, subscription, created } = await subscribeWithRazorpay(bindings);
    const cancelled = await browser.request('/api/billing/cancel', { method: 'POST' }, bindings);
    expect(await cancelled.json()).toMatchObject({ cancelAtPeriodEnd: true, plan: 'pro' });
    expect((await requestsOf(bindings)).find((r) => r.path.endsWith('/cancel'))?.body).toEqual({
      cancel_at_cycle_end: 1,
    });
    expect(await fakeCall(bindings, '/__test/scheduled')).toEqual({ [subscription.id]: { cancel: true } });

    const resumed = await browser.request('/api/billing/resume', { method: 'POST' }, bindings);
    expect(await resumed.json()).toMatchObject({ cancelAtPeriodEnd: false, plan: 'pro' });
    expect(await fakeCall(bindings, '/__test/scheduled')).toEqual({});

    await browser.request('/api/billing/cancel', { method: 'POST' }, bindings);
    await send(
      bindings,
      razorpayEvent('subscription.cancelled', { ...subscription, status: 'cancelled' }, created + 1),
    );
    expect(await billingOf(browser, bindings)).toMatchObject({ plan: 'basic', status: 'cancelled' });
  });
});

describe('Razorpay webhooks', () => {
  it('applies a repeated event id once and ignores an older event', async () => {
    const bindings = razorpayBindings();
    const { browser, subscription, payment, created } = await subscribeWithRazorpay(bindings);
    const halted = razorpayEvent('subscription.halted', { ...subscription, status: 'halted' }, created + 10);
    expect(await (await send(bindings, halted, 'evt_same')).json()).toMatchObject({ outcome: 'applied' });
    expect(await (await send(bindings, halted, 'evt_same')).json()).toMatchObject({ outcome: 'duplicate' });
    const older = razorpayEvent('subscription.charged', subscription, created + 5, payment);
    expect(await (await send(bindings, older)).json()).toMatchObject({ outcome: 'stale' });
    expect(await billingOf(browser, bindings)).toMatchObject({ status: 'past_due' });
  });

  it('answers 400 and changes nothing without the right X-Razorpay-Signature', async () => {
    const bindings = razorpayBindings();
    const { browser, subscription, created } = await subscribeWithRazorpay(bindings);
    const before = await billingOf(browser, bindings);
    const raw = JSON.stringify(
      razorpayEvent('subscription.cancelled', { ...subscription, status: 'cancelled' }, created + 1),
    );
    for (const signature of [
      null,
      await razorpaySignature('not-the-secret', raw),
      'zz',
      await razorpaySignature(bindings.RAZORPAY_WEBHOOK_SECRET, `${raw} `),
    ]) {
      const res = await deliver(
        WEBHOOK,
        raw,
        signature === null ? {} : { 'x-razorpay-signature': signature },
        bindings,
      );
      expect(res.status).toBe(400);
    }
    expect(await billingOf(browser, bindings)).toEqual(before);
  });
});
