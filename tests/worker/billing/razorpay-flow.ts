/** Razorpay's side of a test purchase: checkout through the app, paying on the fake, signed events. */
import { expect } from 'vitest';
import { FAKE_RAZORPAY_HOST, type FakeRazorpaySubscription } from '../fakes/razorpay-api';
import type { BillingAnswer } from '../../../src/shared/api/billing';
import type { TestBrowser } from '../test-client';
import {
  type Bindings,
  deliver,
  nowSeconds,
  razorpaySignature,
  signedInUser,
  startCheckout,
} from './billing-fixtures';

export const WEBHOOK = '/api/billing/webhooks/razorpay';

export type Payment = { id: string; amount: number; currency: string; created_at: number };

/** A webhook body as Razorpay sends it. */
export function razorpayEvent(
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

export async function send(
  bindings: Bindings,
  body: unknown,
  eventId = `evt_${crypto.randomUUID().slice(0, 14)}`,
) {
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

export async function fakeCall<T>(bindings: Bindings, path: string): Promise<T> {
  const res = await fetch(
    `https://${FAKE_RAZORPAY_HOST}${path}?key=${encodeURIComponent(bindings.RAZORPAY_KEY_ID!)}`,
  );
  return (await res.json()) as T;
}

export const requestsOf = (bindings: Bindings) =>
  fakeCall<{ method: string; path: string; body: Record<string, unknown> | null }[]>(
    bindings,
    '/__test/requests',
  );

export async function billingOf(browser: TestBrowser, bindings: Bindings): Promise<BillingAnswer> {
  return (await (await browser.request('/api/billing', {}, bindings)).json()) as BillingAnswer;
}

/** Registers, checks out in INR, pays on the fake and delivers activated + charged. */
export async function subscribeWithRazorpay(
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
