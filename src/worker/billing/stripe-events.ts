/**
 * Stripe's webhook events read into provider-neutral billing events. Each event type's object is
 * checked against the fields read from it, so a signed event that lacks one is refused with the
 * reason (400) instead of failing on it (500).
 */
import * as z from 'zod';
import { PLANS, type BillingPeriod } from '../../shared/plans';
import type { StoredStatus } from '../db/billing';
import type { BillingEvent, MalformedEvent, SubscriptionState } from './provider';

const STATUSES: Record<string, StoredStatus> = {
  active: 'active',
  trialing: 'active',
  past_due: 'past_due',
  unpaid: 'past_due',
  canceled: 'cancelled',
  incomplete_expired: 'cancelled',
};

/** An expandable field: the id, or the object with it. */
const reference = z
  .union([z.string(), z.object({ id: z.string() })])
  .transform((value) => (typeof value === 'string' ? value : value.id));
const metadata = z.record(z.string(), z.string()).nullish();
const period = z.object({ start: z.number().int(), end: z.number().int() });

const subscriptionSchema = z.object({
  id: z.string().min(1),
  status: z.string(),
  cancel_at_period_end: z.boolean(),
  customer: reference.nullish(),
  metadata,
  items: z.object({
    data: z
      .array(
        z.object({
          current_period_start: z.number().int(),
          current_period_end: z.number().int(),
          price: z.object({
            unit_amount: z.number().int().nullable(),
            currency: z.string(),
            recurring: z.object({ interval: z.string() }).nullable(),
          }),
        }),
      )
      .min(1),
  }),
});
export type StripeSubscription = z.infer<typeof subscriptionSchema>;

const sessionSchema = z.object({
  id: z.string().min(1),
  mode: z.string(),
  payment_status: z.string(),
  subscription: reference.nullable(),
  customer: reference.nullish(),
  metadata,
});

const invoiceSchema = z.object({
  id: z.string().min(1),
  amount_paid: z.number().int(),
  currency: z.string(),
  customer: reference.nullish(),
  hosted_invoice_url: z.string().nullish(),
  status_transitions: z.object({ paid_at: z.number().int().nullish() }).nullish(),
  parent: z
    .object({
      subscription_details: z.object({ subscription: reference.nullish(), metadata }).nullish(),
    })
    .nullish(),
  lines: z.object({ data: z.array(z.object({ period })) }),
});

const chargeSchema = z.object({
  id: z.string().min(1),
  amount: z.number().int(),
  amount_refunded: z.number().int(),
  refunded: z.boolean(),
  customer: reference.nullable(),
});

const envelopeSchema = z.object({
  id: z.string().min(1),
  type: z.string(),
  created: z.number().int(),
  data: z.object({ object: z.unknown() }),
});

const PERIODS: Record<string, BillingPeriod> = { month: 'monthly', year: 'annual' };

/** The plan a price sells: the plan table's USD price in cents for the interval. */
function planOfPrice(price: StripeSubscription['items']['data'][number]['price']) {
  const billingPeriod = price.recurring ? PERIODS[price.recurring.interval] : undefined;
  if (!billingPeriod || price.currency.toLowerCase() !== 'usd' || price.unit_amount === null)
    return undefined;
  const plan = PLANS.find((candidate) => candidate.prices.USD[billingPeriod] * 100 === price.unit_amount);
  return plan ? { plan: plan.id, billingPeriod } : undefined;
}

/** The state a subscription object shows (`deleted`: the event that ends it). */
export function stripeSubscriptionState(
  subscription: StripeSubscription,
  deleted = false,
): SubscriptionState {
  const item = subscription.items.data[0]!;
  return {
    status: deleted ? 'cancelled' : (STATUSES[subscription.status] ?? 'incomplete'),
    cancelAtPeriodEnd: subscription.cancel_at_period_end,
    currentPeriodStart: item.current_period_start * 1000,
    currentPeriodEnd: item.current_period_end * 1000,
  };
}

export function parseStripeSubscription(value: unknown): StripeSubscription {
  return subscriptionSchema.parse(value);
}

type Envelope = z.infer<typeof envelopeSchema>;
type Read = BillingEvent | 'ignored';

const READERS: Record<string, (event: Envelope, base: Pick<BillingEvent, 'id' | 'occurredAt'>) => Read> = {
  'checkout.session.completed': (event, base) => {
    const session = sessionSchema.parse(event.data.object);
    if (session.mode !== 'subscription') return 'ignored';
    return {
      ...base,
      subscriptionId: session.subscription,
      checkout: { providerCheckoutId: session.id, checkoutId: session.metadata?.checkoutId ?? null },
      paid: session.payment_status === 'paid',
      ...(session.customer ? { customerId: session.customer } : {}),
    };
  },
  'customer.subscription.created': (event, base) => subscriptionEvent(event, base),
  'customer.subscription.updated': (event, base) => subscriptionEvent(event, base),
  'customer.subscription.deleted': (event, base) => subscriptionEvent(event, base, true),
  'invoice.paid': (event, base) => invoiceEvent(event, base, true),
  'invoice.payment_failed': (event, base) => invoiceEvent(event, base, false),
  'charge.refunded': (event, base) => {
    const charge = chargeSchema.parse(event.data.object);
    if (!charge.customer) return 'ignored';
    return {
      ...base,
      subscriptionId: null,
      refund: {
        full: charge.refunded && charge.amount_refunded >= charge.amount,
        customerId: charge.customer,
      },
    };
  },
};

function subscriptionEvent(
  event: Envelope,
  base: Pick<BillingEvent, 'id' | 'occurredAt'>,
  deleted = false,
): Read {
  const subscription = subscriptionSchema.parse(event.data.object);
  const state = stripeSubscriptionState(subscription, deleted);
  const paidPlan = planOfPrice(subscription.items.data[0]!.price);
  return {
    ...base,
    ...state,
    subscriptionId: subscription.id,
    checkout: { checkoutId: subscription.metadata?.checkoutId ?? null },
    // Checkout creates the subscription only once the first payment succeeded.
    paid: state.status === 'active',
    subscriptionState: true,
    ...(paidPlan ? { paidPlan } : {}),
    ...(subscription.customer ? { customerId: subscription.customer } : {}),
  };
}

function invoiceEvent(event: Envelope, base: Pick<BillingEvent, 'id' | 'occurredAt'>, paid: boolean): Read {
  const invoice = invoiceSchema.parse(event.data.object);
  const details = invoice.parent?.subscription_details;
  // An invoice outside a subscription (a one-off) is none of billing's business.
  if (!details?.subscription) return 'ignored';
  const line = invoice.lines.data[0]?.period;
  const common = {
    ...base,
    subscriptionId: details.subscription,
    checkout: { checkoutId: details.metadata?.checkoutId ?? null },
    ...(invoice.customer ? { customerId: invoice.customer } : {}),
  };
  if (!paid) return { ...common, status: 'past_due', paymentFailed: true };
  if (invoice.currency.toLowerCase() !== 'usd') throw new Error(`an invoice in ${invoice.currency}, not USD`);
  return {
    ...common,
    status: 'active',
    paid: true,
    invoice: {
      id: invoice.id,
      amount: invoice.amount_paid,
      currency: 'USD',
      paidAt: (invoice.status_transitions?.paid_at ?? event.created) * 1000,
      url: invoice.hosted_invoice_url ?? null,
    },
    ...(line ? { currentPeriodStart: line.start * 1000, currentPeriodEnd: line.end * 1000 } : {}),
  };
}

/** A zod failure as one line: the first issue's path and message. */
function reasonOf(error: unknown): string {
  if (error instanceof z.ZodError) {
    const issue = error.issues[0]!;
    return `${issue.path.join('.') || 'the object'}: ${issue.message}`;
  }
  return error instanceof Error ? error.message : String(error);
}

/** Reads a verified event's JSON (already parsed by the signature check). */
export function readStripeEvent(value: unknown): BillingEvent | MalformedEvent | 'ignored' {
  const envelope = envelopeSchema.safeParse(value);
  const fallbackId =
    typeof value === 'object' && value && typeof (value as { id?: unknown }).id === 'string'
      ? (value as { id: string }).id
      : null;
  if (!envelope.success) {
    return {
      malformed: `The event is not a Stripe event (${reasonOf(envelope.error)}).`,
      id: fallbackId ?? '',
    };
  }
  const event = envelope.data;
  const reader = READERS[event.type];
  if (!reader) return 'ignored';
  try {
    return reader(event, { id: event.id, occurredAt: event.created * 1000 });
  } catch (error) {
    return {
      malformed: `The ${event.type} event lacks what it must have (${reasonOf(error)}).`,
      id: event.id,
    };
  }
}
