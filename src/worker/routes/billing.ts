import { Hono } from 'hono';
import {
  type BillingAnswer,
  type CheckoutAnswer,
  checkoutRequestSchema,
  PAYMENT_NOT_SET_UP,
  type PaymentProvidersAnswer,
  planChangeRequestSchema,
} from '../../shared/api/billing';
import { planById } from '../../shared/plans';
import type { AppEnv } from '../env';
import { ApiError } from '../errors';
import { validate } from '../validation';
import { requireUser } from '../auth/middleware';
import { requireVerifiedEmail } from '../auth/verified-email';
import { findSubscription, recordRejectedEvent, saveSubscription, type SubscriptionRow } from '../db/billing';
import { applyBillingEvent } from '../billing/apply-event';
import { atProvider } from '../billing/at-provider';
import { billingAnswer } from '../billing/billing-answer';
import { startCheckout } from '../billing/checkout';
import { freeTrialDays, payableCurrencies } from '../billing/config';
import { subscriptionPlan } from '../billing/plan-in-force';
import { providerNamed } from '../billing/providers';

/** The user's subscription while it still grants its plan (not cancelled, not run out). */
async function liveSubscription(db: D1Database, userId: string, now: number): Promise<SubscriptionRow> {
  const row = await findSubscription(db, userId);
  if (!row || !row.providerSubscriptionId || subscriptionPlan(row, now) === null) {
    throw new ApiError(409, 'You have no active subscription. Choose a plan on the pricing page.');
  }
  return row;
}

function webhook(name: 'stripe' | 'razorpay') {
  return new Hono<AppEnv>().post('/', async (c) => {
    const provider = providerNamed(c.env, name);
    if (!provider)
      throw new ApiError(404, `${name === 'stripe' ? 'Stripe' : 'Razorpay'} is not set up on this server.`);
    const rawBody = await c.req.text();
    const event = await provider.readWebhook(rawBody, c.req.raw.headers);
    if (event === null) {
      throw new ApiError(400, 'The webhook signature is missing, does not match or is out of time.');
    }
    if (event === 'ignored') return c.json({ received: true, outcome: 'ignored' });
    if ('malformed' in event) {
      console.warn(`Refused a signed ${name} event ${event.id}: ${event.malformed}`);
      // Refused once with the reason; the provider's retries of it are acknowledged, not retried forever.
      const first = await recordRejectedEvent(c.env.DB, name, event.id, event.malformed, Date.now());
      if (first) throw new ApiError(400, event.malformed);
      return c.json({ received: true, outcome: 'rejected' });
    }
    return c.json({ received: true, outcome: await applyBillingEvent(c.env, provider, event, c.req.url) });
  });
}

/**
 * Paid subscriptions (README "Billing"): checkout on the provider's hosted page, the user's
 * billing state, plan changes at the next cycle, cancel and resume at the period's end, and the
 * providers' signed webhooks (exempt from the same-origin check, src/worker/security/same-origin.ts).
 */
export const billing = new Hono<AppEnv>()
  .route('/webhooks/stripe', webhook('stripe'))
  .route('/webhooks/razorpay', webhook('razorpay'))
  .get('/providers', (c) =>
    c.json({
      currencies: payableCurrencies(c.env),
      freeTrialDays: freeTrialDays(c.env),
    } satisfies PaymentProvidersAnswer),
  )
  .get('/', requireUser, async (c) =>
    c.json((await billingAnswer(c.env, c.var.user)) satisfies BillingAnswer),
  )
  .post(
    '/checkout',
    requireUser,
    requireVerifiedEmail('buy a plan'),
    validate('json', checkoutRequestSchema),
    async (c) =>
      c.json({
        url: await startCheckout(c.env, c.var.user, c.req.valid('json'), new URL(c.req.url).origin),
      } satisfies CheckoutAnswer),
  )
  .post('/change', requireUser, validate('json', planChangeRequestSchema), async (c) => {
    const { plan, billingPeriod } = c.req.valid('json');
    const now = Date.now();
    const row = await liveSubscription(c.env.DB, c.var.user.id, now);
    if (row.plan === plan && row.billingPeriod === billingPeriod) {
      throw new ApiError(400, 'This is already your plan.', {
        fields: [{ path: 'plan', message: 'This is already your plan.' }],
      });
    }
    if (row.cancelAtPeriodEnd) throw new ApiError(409, 'Resume your subscription before changing its plan.');
    const provider = providerNamed(c.env, row.provider);
    if (!provider) throw new ApiError(503, PAYMENT_NOT_SET_UP);
    await atProvider(provider.scheduleChange(row.providerSubscriptionId!, planById(plan), billingPeriod));
    await saveSubscription(
      c.env.DB,
      {
        ...row,
        pendingPlan: plan,
        pendingBillingPeriod: billingPeriod,
        pendingEffectiveAt: row.currentPeriodEnd ?? now,
      },
      now,
    );
    return c.json((await billingAnswer(c.env, c.var.user, now)) satisfies BillingAnswer);
  })
  .post('/cancel', requireUser, async (c) => {
    const now = Date.now();
    const row = await liveSubscription(c.env.DB, c.var.user.id, now);
    const provider = providerNamed(c.env, row.provider);
    if (!provider) throw new ApiError(503, PAYMENT_NOT_SET_UP);
    if (!row.cancelAtPeriodEnd) {
      await atProvider(provider.cancelAtPeriodEnd(row.providerSubscriptionId!));
      await saveSubscription(
        c.env.DB,
        {
          ...row,
          cancelAtPeriodEnd: true,
          pendingPlan: null,
          pendingBillingPeriod: null,
          pendingEffectiveAt: null,
        },
        now,
      );
    }
    return c.json((await billingAnswer(c.env, c.var.user, now)) satisfies BillingAnswer);
  })
  .post('/resume', requireUser, async (c) => {
    const now = Date.now();
    const row = await liveSubscription(c.env.DB, c.var.user.id, now);
    if (!row.cancelAtPeriodEnd) throw new ApiError(409, 'Your subscription is not set to end.');
    const provider = providerNamed(c.env, row.provider);
    if (!provider) throw new ApiError(503, PAYMENT_NOT_SET_UP);
    await atProvider(provider.resume(row.providerSubscriptionId!));
    await saveSubscription(c.env.DB, { ...row, cancelAtPeriodEnd: false }, now);
    return c.json((await billingAnswer(c.env, c.var.user, now)) satisfies BillingAnswer);
  });
