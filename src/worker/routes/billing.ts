import type { Context } from 'hono';
import {
  billingAnswerSchema,
  checkoutAnswerSchema,
  checkoutRequestSchema,
  paymentProvidersAnswerSchema,
  planChangeRequestSchema,
} from '../../shared/api/billing';
import {
  razorpayWebhookEventSchema,
  stripeWebhookEventSchema,
  type WebhookReceipt,
  webhookReceiptSchema,
} from '../../shared/api/billing-webhooks';
import type { AppEnv } from '../env';
import { ApiError } from '../errors';
import { apiRoute, apiRouter, documentedBody, jsonAnswer, jsonBody } from '../openapi/api-route';
import { requireUser } from '../auth/middleware';
import { requireVerifiedEmail } from '../auth/verified-email';
import { recordRejectedEvent } from '../db/billing';
import { applyBillingEvent } from '../billing/apply-event';
import { billingAnswer } from '../plans/billing-answer';
import { startCheckout } from '../billing/checkout';
import { cancelAtPeriodEnd, changePlan, resume } from '../billing/subscription-changes';
import { freeTrialDays, payableCurrencies } from '../billing/config';
import { providerNamed } from '../billing/providers';

/** A provider's signed event: the raw body is read for its signature, so the route does not parse it. */
async function receiveWebhook(c: Context<AppEnv>, name: 'stripe' | 'razorpay'): Promise<WebhookReceipt> {
  const provider = providerNamed(c.env, name);
  if (!provider)
    throw new ApiError(404, `${name === 'stripe' ? 'Stripe' : 'Razorpay'} is not set up on this server.`);
  const rawBody = await c.req.text();
  const event = await provider.readWebhook(rawBody, c.req.raw.headers);
  if (event === null) {
    throw new ApiError(400, 'The webhook signature is missing, does not match or is out of time.');
  }
  if (event === 'ignored') return { received: true, outcome: 'ignored' };
  if ('malformed' in event) {
    console.warn(`Refused a signed ${name} event ${event.id}: ${event.malformed}`);
    // Refused once with the reason; the provider's retries of it are acknowledged, not retried forever.
    const first = await recordRejectedEvent(c.env.DB, name, event.id, event.malformed, Date.now());
    if (first) throw new ApiError(400, event.malformed);
    return { received: true, outcome: 'rejected' };
  }
  return { received: true, outcome: await applyBillingEvent(c.env, provider, event, c.req.url) };
}

const stripeWebhookRoute = apiRoute({
  method: 'post',
  path: '/webhooks/stripe',
  tags: ['Billing'],
  summary: 'Stripe’s events, checked by the Stripe-Signature header (not for scripts)',
  description:
    "Stripe's events: the raw body's signature is checked (`Stripe-Signature`, within 5 minutes), else 400 and nothing changes. Exempt from the origin check (this path and the Razorpay webhook's only); bodies up to 256 KB.",
  rules: { access: 'public', errors: [400] },
  request: { body: documentedBody(stripeWebhookEventSchema) },
  responses: { 200: jsonAnswer('Received', webhookReceiptSchema) },
});

const razorpayWebhookRoute = apiRoute({
  method: 'post',
  path: '/webhooks/razorpay',
  tags: ['Billing'],
  summary: 'Razorpay’s events, checked by the X-Razorpay-Signature header (not for scripts)',
  description:
    "Razorpay's events: the raw body's signature is checked (`X-Razorpay-Signature`), else 400 and nothing changes. Exempt from the origin check (this path and the Stripe webhook's only); bodies up to 256 KB.",
  rules: { access: 'public', errors: [400] },
  request: { body: documentedBody(razorpayWebhookEventSchema) },
  responses: { 200: jsonAnswer('Received', webhookReceiptSchema) },
});

const providersRoute = apiRoute({
  method: 'get',
  path: '/providers',
  tags: ['Billing'],
  summary: 'Which currencies this server takes payment in',
  description:
    "`{currencies, freeTrialDays}`: the currencies paid online here (USD with Stripe's keys, INR with Razorpay's) and the free trial's length in days (null without a provider).",
  rules: { access: 'public' },
  responses: { 200: jsonAnswer('The providers', paymentProvidersAnswerSchema) },
});

const billingRoute = apiRoute({
  method: 'get',
  path: '/',
  tags: ['Billing'],
  summary: 'The subscription: plan, status, period, pending change and invoices',
  description:
    'Signed in: `{plan, status: none|trialing|active|past_due|cancelled, provider, currency, billingPeriod, currentPeriodEnd, cancelAtPeriodEnd, pendingChange, invoices, comp, team, trialEndsAt, mayRun, currencies}`.',
  rules: { access: 'user' },
  middleware: [requireUser] as const,
  responses: { 200: jsonAnswer('The billing state', billingAnswerSchema) },
});

const checkoutRoute = apiRoute({
  method: 'post',
  path: '/checkout',
  tags: ['Billing'],
  summary: 'Start a subscription: the URL of the provider’s hosted payment page',
  description:
    "Signed in: `{plan, billingPeriod: monthly|annual, currency: INR|USD}` → 200 `{url}`, the provider's hosted payment page, which sends the user back to `/account?checkout=success` or `/account?checkout=cancelled`. 400 on `currency` when it is not paid online here; 409 while a subscription runs.",
  rules: { access: 'user', errors: [400, 409, 502] },
  middleware: [requireUser, requireVerifiedEmail('buy a plan')] as const,
  request: { body: jsonBody(checkoutRequestSchema) },
  responses: { 200: jsonAnswer('Where to pay', checkoutAnswerSchema) },
});

const changeRoute = apiRoute({
  method: 'post',
  path: '/change',
  tags: ['Billing'],
  summary: 'Change plan or period at the next billing cycle',
  description:
    'Signed in: `{plan, billingPeriod}` → 200 with the billing answer. The change takes effect at the next cycle, with no proration, and shows as `pendingChange` until then; 409 without a running subscription.',
  rules: { access: 'user', errors: [400, 404, 409] },
  middleware: [requireUser] as const,
  request: { body: jsonBody(planChangeRequestSchema) },
  responses: { 200: jsonAnswer('The billing state', billingAnswerSchema) },
});

const cancelRoute = apiRoute({
  method: 'post',
  path: '/cancel',
  tags: ['Billing'],
  summary: 'Cancel at the end of the period paid for',
  description:
    'Signed in: cancels at the end of the period paid for (`cancelAtPeriodEnd` true; the plan is kept until then) → 200 with the billing answer; 409 without a running subscription.',
  rules: { access: 'user', errors: [404, 409] },
  middleware: [requireUser] as const,
  responses: { 200: jsonAnswer('The billing state', billingAnswerSchema) },
});

const resumeRoute = apiRoute({
  method: 'post',
  path: '/resume',
  tags: ['Billing'],
  summary: 'Undo a cancellation before the period ends',
  description:
    'Signed in: undoes a cancellation before the period ends → 200 with the billing answer; 409 without a running subscription, or when it is not set to end.',
  rules: { access: 'user', errors: [404, 409] },
  middleware: [requireUser] as const,
  responses: { 200: jsonAnswer('The billing state', billingAnswerSchema) },
});

/**
 * Paid subscriptions (docs/billing.md#payments-and-plans): checkout on the provider's hosted page, the user's
 * billing state, plan changes at the next cycle, cancel and resume at the period's end, and the
 * providers' signed webhooks (exempt from the same-origin check, src/worker/security/same-origin.ts).
 */
export const billing = apiRouter()
  .openapi(stripeWebhookRoute, async (c) => c.json(await receiveWebhook(c, 'stripe'), 200))
  .openapi(razorpayWebhookRoute, async (c) => c.json(await receiveWebhook(c, 'razorpay'), 200))
  .openapi(providersRoute, (c) =>
    c.json({ currencies: payableCurrencies(c.env), freeTrialDays: freeTrialDays(c.env) }, 200),
  )
  .openapi(billingRoute, async (c) => c.json(await billingAnswer(c.env, c.var.user), 200))
  .openapi(checkoutRoute, async (c) =>
    c.json(
      { url: await startCheckout(c.env, c.var.user, c.req.valid('json'), new URL(c.req.url).origin) },
      200,
    ),
  )
  .openapi(changeRoute, async (c) => {
    await changePlan(c.env, c.var.user.id, c.req.valid('json'));
    return c.json(await billingAnswer(c.env, c.var.user), 200);
  })
  .openapi(cancelRoute, async (c) => {
    await cancelAtPeriodEnd(c.env, c.var.user.id);
    return c.json(await billingAnswer(c.env, c.var.user), 200);
  })
  .openapi(resumeRoute, async (c) => {
    await resume(c.env, c.var.user.id);
    return c.json(await billingAnswer(c.env, c.var.user), 200);
  });
