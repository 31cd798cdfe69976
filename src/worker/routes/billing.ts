import { Hono } from 'hono';
import {
  type BillingAnswer,
  type CheckoutAnswer,
  checkoutRequestSchema,
  type PaymentProvidersAnswer,
  planChangeRequestSchema,
} from '../../shared/api/billing';
import type { WebhookReceipt } from '../../shared/api/billing-webhooks';
import type { AppEnv } from '../env';
import { ApiError } from '../errors';
import { validate } from '../validation';
import { requireUser } from '../auth/middleware';
import { requireVerifiedEmail } from '../auth/verified-email';
import { recordRejectedEvent } from '../db/billing';
import { applyBillingEvent } from '../billing/apply-event';
import { billingAnswer } from '../plans/billing-answer';
import { startCheckout } from '../billing/checkout';
import { cancelAtPeriodEnd, changePlan, resume } from '../billing/subscription-changes';
import { freeTrialDays, payableCurrencies } from '../billing/config';
import { providerNamed } from '../billing/providers';

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
    if (event === 'ignored') return c.json({ received: true, outcome: 'ignored' } satisfies WebhookReceipt);
    if ('malformed' in event) {
      console.warn(`Refused a signed ${name} event ${event.id}: ${event.malformed}`);
      // Refused once with the reason; the provider's retries of it are acknowledged, not retried forever.
      const first = await recordRejectedEvent(c.env.DB, name, event.id, event.malformed, Date.now());
      if (first) throw new ApiError(400, event.malformed);
      return c.json({ received: true, outcome: 'rejected' } satisfies WebhookReceipt);
    }
    const outcome = await applyBillingEvent(c.env, provider, event, c.req.url);
    return c.json({ received: true, outcome } satisfies WebhookReceipt);
  });
}

/**
 * Paid subscriptions (docs/billing.md#payments-and-plans): checkout on the provider's hosted page, the user's
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
    await changePlan(c.env, c.var.user.id, c.req.valid('json'));
    return c.json((await billingAnswer(c.env, c.var.user)) satisfies BillingAnswer);
  })
  .post('/cancel', requireUser, async (c) => {
    await cancelAtPeriodEnd(c.env, c.var.user.id);
    return c.json((await billingAnswer(c.env, c.var.user)) satisfies BillingAnswer);
  })
  .post('/resume', requireUser, async (c) => {
    await resume(c.env, c.var.user.id);
    return c.json((await billingAnswer(c.env, c.var.user)) satisfies BillingAnswer);
  });
