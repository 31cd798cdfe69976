/**
 * POST /api/billing/webhooks/stripe and /razorpay, as the API reference describes them: the
 * providers' own event objects (the fields the worker reads; every other field is allowed) and
 * the answer. The worker checks each signature over the raw body and reads the event itself
 * (src/worker/billing/stripe-events.ts, razorpay-provider.ts); these schemas only document it.
 */
import * as z from 'zod';

/** A Stripe event: https://docs.stripe.com/api/events/object */
export const stripeWebhookEventSchema = z.looseObject({
  id: z.string().describe('The event id (evt_...); an id already applied changes nothing'),
  type: z.string().describe('e.g. checkout.session.completed, customer.subscription.updated, invoice.paid'),
  created: z.number().int().describe('When Stripe made the event (Unix seconds)'),
  data: z.looseObject({
    object: z.looseObject({}).describe('The checkout session, subscription, invoice or charge'),
  }),
});

/** A Razorpay webhook body: https://razorpay.com/docs/webhooks/payloads/subscriptions/ */
export const razorpayWebhookEventSchema = z.looseObject({
  event: z.string().describe('e.g. subscription.activated, subscription.charged, refund.processed'),
  created_at: z.number().int().describe('When Razorpay made the event (Unix seconds)'),
  payload: z
    .looseObject({})
    .describe('The entities of the event: subscription, payment and refund, each as { entity }'),
});

/** What became of an event: applied, or why it changed nothing. */
export const WEBHOOK_OUTCOMES = [
  'applied',
  'duplicate',
  'stale',
  'unknown-subscription',
  'awaiting-payment',
  'refunded',
  'ended-by-refund',
  'ignored',
  'rejected',
] as const;

/** The answer to a delivery that was signed right (200). */
export const webhookReceiptSchema = z.object({
  received: z.literal(true),
  outcome: z.enum(WEBHOOK_OUTCOMES),
});
export type WebhookReceipt = z.infer<typeof webhookReceiptSchema>;
