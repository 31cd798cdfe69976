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
import { findSubscription, saveSubscription, startSubscription, type SubscriptionRow } from '../db/billing';
import { applyBillingEvent } from '../billing/apply-event';
import { billingAnswer } from '../billing/billing-answer';
import { freeTrialDays, payableCurrencies } from '../billing/config';
import { subscriptionPlan } from '../billing/plan-in-force';
import { ProviderError } from '../billing/provider';
import { providerForCurrency, providerNamed } from '../billing/providers';

/** A provider's failure, as the API shows it. */
async function atProvider<T>(work: Promise<T>): Promise<T> {
  try {
    return await work;
  } catch (error) {
    if (error instanceof ProviderError) {
      console.error(error.message);
      throw new ApiError(502, 'The payment provider did not accept the request. Please try again later.');
    }
    throw error;
  }
}

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
    if (event === null) throw new ApiError(400, 'The webhook signature is missing or does not match.');
    const outcome = event === 'ignored' ? 'ignored' : await applyBillingEvent(c.env, name, event, c.req.url);
    return c.json({ received: true, outcome });
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
    async (c) => {
      const { plan, billingPeriod, currency } = c.req.valid('json');
      const user = c.var.user;
      const provider = providerForCurrency(c.env, currency);
      if (!provider) {
        throw new ApiError(400, PAYMENT_NOT_SET_UP, {
          fields: [{ path: 'currency', message: PAYMENT_NOT_SET_UP }],
        });
      }
      const now = Date.now();
      const current = await findSubscription(c.env.DB, user.id);
      if (current && subscriptionPlan(current, now) !== null) {
        throw new ApiError(409, 'You already have a subscription. Change its plan on your account page.');
      }
      const origin = new URL(c.req.url).origin;
      const started = await atProvider(
        provider.startCheckout({
          userId: user.id,
          email: user.email,
          plan: planById(plan),
          billingPeriod,
          successUrl: `${origin}/account?checkout=success`,
          cancelUrl: `${origin}/account?checkout=cancelled`,
        }),
      );
      await startSubscription(
        c.env.DB,
        {
          userId: user.id,
          provider: provider.name,
          providerSubscriptionId: started.subscriptionId,
          plan,
          billingPeriod,
          currency,
        },
        now,
      );
      return c.json({ url: started.url } satisfies CheckoutAnswer);
    },
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
