/**
 * Worker-test helpers for payments: bindings pointing the app at the fake Stripe and Razorpay
 * (tests/worker/fakes), webhook deliveries signed exactly as each provider signs them, and
 * signed-in accounts.
 */
import { expect } from 'vitest';
import { FAKE_RAZORPAY_HOST } from '../fakes/razorpay-api';
import { FAKE_STRIPE_HOST } from '../fakes/stripe-api';
import { hmacSha256Hex } from '../fakes/stripe-events';

export { stripeSignature } from '../fakes/stripe-events';
import { markVerified, ORIGIN, TestBrowser, requestApp } from '../test-client';

export type Bindings = Partial<Cloudflare.Env>;

const uid = () => crypto.randomUUID().replaceAll('-', '').slice(0, 16);

/** A Stripe account of its own (the fake keeps state per secret key). */
export function stripeBindings() {
  return {
    STRIPE_SECRET_KEY: `sk_test_${uid()}`,
    STRIPE_WEBHOOK_SECRET: `whsec_${uid()}`,
    STRIPE_API_URL: `https://${FAKE_STRIPE_HOST}`,
  } satisfies Bindings;
}

/** A Razorpay account of its own; the fake accepts the secret `secret_<key id>`. */
export function razorpayBindings() {
  const keyId = `rzp_test_${uid()}`;
  return {
    RAZORPAY_KEY_ID: keyId,
    RAZORPAY_KEY_SECRET: `secret_${keyId}`,
    RAZORPAY_WEBHOOK_SECRET: `rzp_whsec_${uid()}`,
    RAZORPAY_API_URL: `https://${FAKE_RAZORPAY_HOST}`,
  } satisfies Bindings;
}

export const NO_PROVIDERS: Bindings = {
  STRIPE_SECRET_KEY: undefined,
  RAZORPAY_KEY_ID: undefined,
  RAZORPAY_KEY_SECRET: undefined,
};

/** X-Razorpay-Signature: hex HMAC-SHA256(webhook secret, raw body). */
export const razorpaySignature = (secret: string, body: string) => hmacSha256Hex(secret, body);

/** A webhook delivery as the provider's servers send it: no Origin, no cookies. */
export function deliver(path: string, body: string, headers: Record<string, string>, bindings: Bindings) {
  return requestApp(
    `${ORIGIN}${path}`,
    { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body },
    bindings,
  );
}

export async function signedInUser(email = `buyer-${uid()}@example.com`) {
  const browser = new TestBrowser();
  const res = await browser.register(email);
  const { user } = (await res.json()) as { user: { id: string } };
  // Buying a plan needs a verified address.
  await markVerified(email);
  return { browser, id: user.id, email };
}

type Plan = 'basic' | 'pro' | 'enterprise';

/** POST /api/billing/checkout of `plan` for `billingPeriod`, paid in `currency`. */
export function checkout(
  browser: TestBrowser,
  bindings: Bindings,
  plan: Plan,
  billingPeriod: 'monthly' | 'annual',
  currency: 'USD' | 'INR',
) {
  return browser.request('/api/billing/checkout', { json: { plan, billingPeriod, currency } }, bindings);
}

/**
 * A checkout that starts (200): the provider's hosted page and the id it ends with (Stripe's
 * checkout session, Razorpay's subscription).
 */
export async function startCheckout(...args: Parameters<typeof checkout>) {
  const res = await checkout(...args);
  expect(res.status).toBe(200);
  const { url } = (await res.json()) as { url: string };
  return { url, providerId: new URL(url).pathname.split('/').pop()! };
}

export const nowSeconds = () => Math.floor(Date.now() / 1000);
export const DAY_SECONDS = 86_400;
