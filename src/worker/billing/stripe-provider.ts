/**
 * USD subscriptions through Stripe Checkout (subscription mode; cards and wallets) with the
 * official `stripe` package on its fetch HTTP client and SubtleCrypto, so it runs in a Worker.
 * Prices come from PLANS as inline price_data; a plan change is a subscription schedule whose
 * next phase starts at the current period's end.
 */
import Stripe from 'stripe';
import type { BillingPeriod, Plan } from '../../shared/plans';
import { sha256Hex } from '../encoding';
import type { StripeConfig } from './config';
import { type BillingProvider, type CheckoutInput, type CheckoutStarted, ProviderError } from './provider';
import { parseStripeSubscription, readStripeEvent, stripeSubscriptionState } from './stripe-events';

/** How far a signature's timestamp may be from now, either way (Stripe's default tolerance). */
const SIGNATURE_TOLERANCE_S = 300;

/** The t= of a Stripe-Signature header, in seconds. */
function signedAt(header: string): number | null {
  const t = /(?:^|,)\s*t=(\d+)/.exec(header)?.[1];
  return t === undefined ? null : Number(t);
}

const interval = (period: BillingPeriod) => (period === 'annual' ? 'year' : 'month');
/** Stripe amounts are in cents; PLANS prices are whole dollars. */
const cents = (plan: Plan, period: BillingPeriod) => plan.prices.USD[period] * 100;
const productName = (plan: Plan) => `Backtest Studio ${plan.name}`;

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

export function stripeProvider(config: StripeConfig): BillingProvider {
  const stripe = client(config);

  async function scheduleFor(subscriptionId: string): Promise<Stripe.SubscriptionSchedule> {
    const subscription = await stripe.subscriptions.retrieve(subscriptionId);
    const existing = idOf(subscription.schedule);
    if (existing) return stripe.subscriptionSchedules.retrieve(existing);
    return stripe.subscriptionSchedules.create({ from_subscription: subscriptionId });
  }

  /** The plan's one Product, made on first use under an id of ours (a new one per change piled up). */
  async function productOf(plan: Plan): Promise<{ id: string }> {
    const id = `backtest_studio_${plan.id}`;
    try {
      return await stripe.products.retrieve(id);
    } catch (error) {
      if (!(error instanceof Stripe.errors.StripeInvalidRequestError) || error.statusCode !== 404)
        throw error;
      return stripe.products.create({ id, name: productName(plan) });
    }
  }

  return {
    name: 'stripe',
    currency: 'USD',

    async startCheckout(input: CheckoutInput): Promise<CheckoutStarted> {
      const metadata = {
        checkoutId: input.checkoutId,
        userId: input.userId,
        plan: input.plan.id,
        billingPeriod: input.billingPeriod,
      };
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
      return { url: session.url, providerCheckoutId: session.id, subscriptionId: null };
    },

    async expireCheckout(providerCheckoutId) {
      await call('expire the earlier checkout', stripe.checkout.sessions.expire(providerCheckoutId));
    },

    async cancelAndRefund(subscriptionId) {
      await call(
        'cancel and refund the subscription',
        (async () => {
          const subscription = await stripe.subscriptions.retrieve(subscriptionId);
          const invoice = idOf(subscription.latest_invoice);
          if (invoice) {
            for await (const payment of stripe.invoicePayments.list({ invoice, status: 'paid' })) {
              const intent = idOf(payment.payment.payment_intent);
              // Given back once: a repeated call finds the refund already made.
              if (
                intent &&
                (await stripe.refunds.list({ payment_intent: intent, limit: 1 })).data.length === 0
              ) {
                await stripe.refunds.create({ payment_intent: intent });
              }
            }
          }
          if (subscription.status !== 'canceled') await stripe.subscriptions.cancel(subscriptionId);
        })(),
      );
    },

    async cancelNow(subscriptionId) {
      await call(
        'cancel the subscription',
        (async () => {
          const subscription = await stripe.subscriptions.retrieve(subscriptionId);
          if (subscription.status !== 'canceled') await stripe.subscriptions.cancel(subscriptionId);
        })(),
      );
    },

    async currentState(subscriptionId) {
      const subscription = await call('read the subscription', stripe.subscriptions.retrieve(subscriptionId));
      return stripeSubscriptionState(parseStripeSubscription(subscription));
    },

    async scheduleChange(subscriptionId, plan, billingPeriod) {
      await call(
        'schedule the plan change',
        (async () => {
          const product = await productOf(plan);
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
      // The library refuses a timestamp too old; one from the future is refused here.
      const t = signedAt(signature);
      if (t === null || t > Date.now() / 1000 + SIGNATURE_TOLERANCE_S) return null;
      let event: Stripe.Event;
      try {
        event = await stripe.webhooks.constructEventAsync(
          rawBody,
          signature,
          config.webhookSecret,
          SIGNATURE_TOLERANCE_S,
          Stripe.createSubtleCryptoProvider(),
        );
      } catch {
        return null;
      }
      const read = readStripeEvent(event);
      if (read !== 'ignored' && 'malformed' in read && !read.id) read.id = await sha256Hex(rawBody);
      return read;
    },
  };
}
