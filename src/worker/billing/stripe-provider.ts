/**
 * USD subscriptions through Stripe Checkout (subscription mode; cards and wallets) with the
 * official `stripe` package on its fetch HTTP client and SubtleCrypto, so it runs in a Worker.
 * Prices come from PLANS as inline price_data; a plan change is a subscription schedule whose
 * next phase starts at the current period's end.
 */
import Stripe from 'stripe';
import type { BillingPeriod, Plan } from '../../shared/plans';
import type { StoredStatus } from '../db/billing';
import type { StripeConfig } from './config';
import {
  type BillingEvent,
  type BillingProvider,
  type CheckoutInput,
  type CheckoutStarted,
  ProviderError,
} from './provider';

const interval = (period: BillingPeriod) => (period === 'annual' ? 'year' : 'month');
/** Stripe amounts are in cents; PLANS prices are whole dollars. */
const cents = (plan: Plan, period: BillingPeriod) => plan.prices.USD[period] * 100;
const productName = (plan: Plan) => `Backtest Studio ${plan.name}`;

const STATUSES: Partial<Record<Stripe.Subscription.Status, StoredStatus>> = {
  active: 'active',
  trialing: 'active',
  past_due: 'past_due',
  unpaid: 'past_due',
  canceled: 'cancelled',
  incomplete_expired: 'cancelled',
};

function client(config: StripeConfig): Stripe {
  const url = new URL(config.apiUrl);
  const protocol = url.protocol === 'http:' ? 'http' : 'https';
  return new Stripe(config.secretKey, {
    httpClient: Stripe.createFetchHttpClient(),
    host: url.hostname,
    port: url.port || (protocol === 'http' ? 80 : 443),
    protocol,
    telemetry: false,
  });
}

async function call<T>(what: string, request: Promise<T>): Promise<T> {
  try {
    return await request;
  } catch (error) {
    throw new ProviderError(
      `Stripe could not ${what}: ${error instanceof Error ? error.message : String(error)}`,
    );
  }
}

const idOf = (value: string | { id: string } | null | undefined) =>
  typeof value === 'string' ? value : (value?.id ?? null);

function subscriptionEvent(event: Stripe.Event, subscription: Stripe.Subscription): BillingEvent {
  const item = subscription.items.data[0];
  return {
    id: event.id,
    occurredAt: event.created * 1000,
    subscriptionId: subscription.id,
    userId: subscription.metadata.userId ?? null,
    status:
      event.type === 'customer.subscription.deleted'
        ? 'cancelled'
        : (STATUSES[subscription.status] ?? 'incomplete'),
    cancelAtPeriodEnd: subscription.cancel_at_period_end,
    ...(item
      ? {
          currentPeriodStart: item.current_period_start * 1000,
          currentPeriodEnd: item.current_period_end * 1000,
        }
      : {}),
  };
}

function invoiceEvent(event: Stripe.Event, invoice: Stripe.Invoice, paid: boolean): BillingEvent {
  const details = invoice.parent?.subscription_details;
  const period = invoice.lines.data[0]?.period;
  return {
    id: event.id,
    occurredAt: event.created * 1000,
    subscriptionId: idOf(details?.subscription),
    userId: details?.metadata?.userId ?? null,
    ...(paid
      ? {
          status: 'active' as const,
          invoice: {
            id: invoice.id ?? event.id,
            amount: invoice.amount_paid,
            currency: 'USD' as const,
            paidAt: (invoice.status_transitions.paid_at ?? event.created) * 1000,
            url: invoice.hosted_invoice_url ?? null,
          },
          ...(period ? { currentPeriodStart: period.start * 1000, currentPeriodEnd: period.end * 1000 } : {}),
        }
      : { status: 'past_due' as const, paymentFailed: true }),
  };
}

export function stripeProvider(config: StripeConfig): BillingProvider {
  const stripe = client(config);

  async function scheduleFor(subscriptionId: string): Promise<Stripe.SubscriptionSchedule> {
    const subscription = await stripe.subscriptions.retrieve(subscriptionId);
    const existing = idOf(subscription.schedule);
    if (existing) return stripe.subscriptionSchedules.retrieve(existing);
    return stripe.subscriptionSchedules.create({ from_subscription: subscriptionId });
  }

  return {
    name: 'stripe',
    currency: 'USD',

    async startCheckout(input: CheckoutInput): Promise<CheckoutStarted> {
      const metadata = { userId: input.userId, plan: input.plan.id, billingPeriod: input.billingPeriod };
      const session = await call(
        'start the checkout',
        stripe.checkout.sessions.create({
          mode: 'subscription',
          line_items: [
            {
              quantity: 1,
              price_data: {
                currency: 'usd',
                unit_amount: cents(input.plan, input.billingPeriod),
                product_data: { name: productName(input.plan) },
                recurring: { interval: interval(input.billingPeriod) },
              },
            },
          ],
          customer_email: input.email,
          client_reference_id: input.userId,
          metadata,
          subscription_data: { metadata },
          success_url: input.successUrl,
          cancel_url: input.cancelUrl,
        }),
      );
      if (!session.url) throw new ProviderError('Stripe answered the checkout without a payment page.');
      return { url: session.url, subscriptionId: null };
    },

    async scheduleChange(subscriptionId, plan, billingPeriod) {
      await call(
        'schedule the plan change',
        (async () => {
          const product = await stripe.products.create({ name: productName(plan) });
          const schedule = await scheduleFor(subscriptionId);
          const current =
            schedule.phases.find((phase) => phase.start_date === schedule.current_phase?.start_date) ??
            schedule.phases[0];
          const price = current?.items[0]?.price;
          if (!current || !price) throw new Error('the subscription schedule has no current phase');
          await stripe.subscriptionSchedules.update(schedule.id, {
            end_behavior: 'release',
            phases: [
              {
                items: [{ price: idOf(price)!, quantity: 1 }],
                start_date: current.start_date,
                end_date: current.end_date,
              },
              {
                items: [
                  {
                    quantity: 1,
                    price_data: {
                      currency: 'usd',
                      product: product.id,
                      unit_amount: cents(plan, billingPeriod),
                      recurring: { interval: interval(billingPeriod) },
                    },
                  },
                ],
                proration_behavior: 'none',
              },
            ],
          });
        })(),
      );
    },

    async cancelAtPeriodEnd(subscriptionId) {
      await call(
        'cancel the subscription',
        (async () => {
          // A pending change's schedule would renew the subscription: release it first.
          const subscription = await stripe.subscriptions.retrieve(subscriptionId);
          const schedule = idOf(subscription.schedule);
          if (schedule) await stripe.subscriptionSchedules.release(schedule);
          await stripe.subscriptions.update(subscriptionId, { cancel_at_period_end: true });
        })(),
      );
    },

    async resume(subscriptionId) {
      await call(
        'resume the subscription',
        stripe.subscriptions.update(subscriptionId, { cancel_at_period_end: false }),
      );
    },

    async readWebhook(rawBody, headers) {
      const signature = headers.get('stripe-signature');
      if (!config.webhookSecret || !signature) return null;
      let event: Stripe.Event;
      try {
        event = await stripe.webhooks.constructEventAsync(
          rawBody,
          signature,
          config.webhookSecret,
          undefined,
          Stripe.createSubtleCryptoProvider(),
        );
      } catch {
        return null;
      }
      switch (event.type) {
        case 'checkout.session.completed': {
          const session = event.data.object;
          return {
            id: event.id,
            occurredAt: event.created * 1000,
            subscriptionId: idOf(session.subscription),
            userId: session.client_reference_id ?? session.metadata?.userId ?? null,
            ...(session.payment_status === 'paid' ? { status: 'active' as const } : {}),
          };
        }
        case 'customer.subscription.created':
        case 'customer.subscription.updated':
        case 'customer.subscription.deleted':
          return subscriptionEvent(event, event.data.object);
        case 'invoice.paid':
          return invoiceEvent(event, event.data.object, true);
        case 'invoice.payment_failed':
          return invoiceEvent(event, event.data.object, false);
        default:
          return 'ignored';
      }
    },
  };
}
