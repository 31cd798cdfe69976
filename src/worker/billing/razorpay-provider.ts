/**
 * INR subscriptions through Razorpay (its hosted payment page takes cards, UPI and wallets),
 * over its REST API with fetch: its Node SDK needs Node's APIs. Plans cannot be edited at
 * Razorpay, so one is created per plan, period and price on first use and its id kept in D1.
 */
import type { BillingPeriod, Plan } from '../../shared/plans';
import * as z from 'zod';
import { findRazorpayPlan, findRazorpayPlanId, saveRazorpayPlanId, type StoredStatus } from '../db/billing';
import { sha256Hex } from '../encoding';
import type { RazorpayConfig } from './config';
import { type BillingEvent, type BillingProvider, ProviderError, type SubscriptionState } from './provider';

/** Billing cycles a subscription runs before Razorpay ends it: ten years either way. */
const TOTAL_COUNT: Record<BillingPeriod, number> = { monthly: 120, annual: 10 };
/** Razorpay amounts are in paise; PLANS prices are whole rupees. */
const paise = (plan: Plan, period: BillingPeriod) => plan.prices.INR[period] * 100;

const STATUSES: Record<string, StoredStatus> = {
  created: 'incomplete',
  authenticated: 'incomplete',
  active: 'active',
  pending: 'past_due',
  halted: 'past_due',
  cancelled: 'cancelled',
  completed: 'cancelled',
  expired: 'cancelled',
};

const subscriptionSchema = z.object({
  id: z.string().min(1),
  plan_id: z.string().min(1),
  status: z.string(),
  current_start: z.number().int().nullable(),
  current_end: z.number().int().nullable(),
  notes: z.union([z.record(z.string(), z.unknown()), z.array(z.unknown())]).nullish(),
  short_url: z.string().nullish(),
});
type RazorpaySubscription = z.infer<typeof subscriptionSchema>;

const paymentSchema = z.object({
  id: z.string().min(1),
  amount: z.number().int(),
  currency: z.string(),
  created_at: z.number().int(),
});

const webhookSchema = z.object({
  event: z.string(),
  created_at: z.number().int(),
  payload: z.object({
    subscription: z.object({ entity: subscriptionSchema }).optional(),
    payment: z.object({ entity: paymentSchema }).optional(),
    refund: z
      .object({
        entity: z.object({ id: z.string().min(1), amount: z.number().int(), payment_id: z.string().min(1) }),
      })
      .optional(),
  }),
});

const noteOf = (subscription: RazorpaySubscription, key: string): string | null => {
  const notes = Array.isArray(subscription.notes) ? {} : (subscription.notes ?? {});
  const value = notes[key];
  return typeof value === 'string' ? value : null;
};

const stateOf = (subscription: RazorpaySubscription): SubscriptionState => ({
  status: STATUSES[subscription.status] ?? 'incomplete',
  ...(subscription.current_start !== null && subscription.current_end !== null
    ? {
        currentPeriodStart: subscription.current_start * 1000,
        currentPeriodEnd: subscription.current_end * 1000,
      }
    : {}),
});

/** Constant-time check of a hex HMAC-SHA256 of the raw body (WebCrypto's verify). */
async function validSignature(secret: string, body: string, signature: string): Promise<boolean> {
  if (!/^[0-9a-f]{64}$/i.test(signature)) return false;
  const key = await crypto.subtle.importKey(
    'raw',
    new TextEncoder().encode(secret),
    { name: 'HMAC', hash: 'SHA-256' },
    false,
    ['verify'],
  );
  const bytes = new Uint8Array(signature.match(/../g)!.map((pair) => parseInt(pair, 16)));
  return crypto.subtle.verify('HMAC', key, bytes, new TextEncoder().encode(body));
}

export function razorpayProvider(config: RazorpayConfig, db: D1Database): BillingProvider {
  const base = config.apiUrl.replace(/\/+$/, '');
  const authorization = `Basic ${btoa(`${config.keyId}:${config.keySecret}`)}`;

  async function api<T>(method: string, path: string, body?: unknown): Promise<T> {
    let res: Response;
    try {
      res = await fetch(`${base}/v1${path}`, {
        method,
        headers: { authorization, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      });
    } catch (error) {
      throw new ProviderError(
        `Razorpay could not be reached: ${error instanceof Error ? error.message : error}`,
      );
    }
    const answer = (await res.json().catch(() => null)) as (T & { error?: { description?: string } }) | null;
    if (!res.ok || answer === null) {
      throw new ProviderError(
        `Razorpay refused ${method} ${path}: ${answer?.error?.description ?? res.status}`,
      );
    }
    return answer;
  }

  async function planId(plan: Plan, period: BillingPeriod): Promise<string> {
    const amount = paise(plan, period);
    const known = await findRazorpayPlanId(db, config.keyId, plan.id, period, amount);
    if (known) return known;
    const created = await api<{ id: string }>('POST', '/plans', {
      period: period === 'annual' ? 'yearly' : 'monthly',
      interval: 1,
      item: { name: `Backtest Studio ${plan.name}`, amount, currency: 'INR', description: plan.description },
      notes: { plan: plan.id, billingPeriod: period },
    });
    await saveRazorpayPlanId(db, config.keyId, plan.id, period, amount, created.id);
    return created.id;
  }

  function fetchSubscription(subscriptionId: string) {
    return api<RazorpaySubscription>('GET', `/subscriptions/${encodeURIComponent(subscriptionId)}`);
  }

  async function cancelIfRunning(subscriptionId: string) {
    const subscription = await fetchSubscription(subscriptionId);
    if (STATUSES[subscription.status] === 'cancelled') return;
    await api('POST', `/subscriptions/${encodeURIComponent(subscriptionId)}/cancel`, {
      cancel_at_cycle_end: 0,
    });
  }

  /** The verified delivery as a billing event (throws a ZodError when it lacks a field it must have). */
  async function eventOf(body: z.infer<typeof webhookSchema>): Promise<BillingEvent | 'ignored'> {
    const { subscription, payment, refund } = body.payload;
    // Razorpay's event id header is not signed: the signed fields that make an event one.
    const id = await sha256Hex(
      [
        body.event,
        subscription?.entity.id ?? refund?.entity.id ?? '',
        body.created_at,
        payment?.entity.id ?? '',
      ].join('|'),
    );
    const base = { id, occurredAt: body.created_at * 1000 };
    if (body.event === 'refund.processed') {
      if (!refund || !payment) throw new Error('a refund event without its refund and payment');
      return {
        ...base,
        subscriptionId: null,
        refund: { full: refund.entity.amount >= payment.entity.amount, paymentId: refund.entity.payment_id },
      };
    }
    if (!body.event.startsWith('subscription.')) return 'ignored';
    if (!subscription) throw new Error('a subscription event without its subscription');
    const entity = subscription.entity;
    const state = stateOf(entity);
    const paidPlan = await findRazorpayPlan(db, config.keyId, entity.plan_id);
    const charged = body.event === 'subscription.charged' ? payment?.entity : undefined;
    if (body.event === 'subscription.charged' && !charged) throw new Error('a charge without its payment');
    if (charged && charged.currency !== 'INR') throw new Error(`a payment in ${charged.currency}, not INR`);
    return {
      ...base,
      ...state,
      subscriptionId: entity.id,
      checkout: { providerCheckoutId: entity.id, checkoutId: noteOf(entity, 'checkoutId') },
      paid: state.status === 'active',
      subscriptionState: true,
      ...(paidPlan ? { paidPlan } : {}),
      ...(charged
        ? {
            invoice: {
              id: charged.id,
              amount: charged.amount,
              currency: 'INR' as const,
              paidAt: charged.created_at * 1000,
              url: null,
            },
          }
        : {}),
      ...(body.event === 'subscription.pending' || body.event === 'subscription.halted'
        ? { paymentFailed: true }
        : {}),
    };
  }

  return {
    name: 'razorpay',
    currency: 'INR',

    async startCheckout(input) {
      const subscription = await api<RazorpaySubscription>('POST', '/subscriptions', {
        plan_id: await planId(input.plan, input.billingPeriod),
        total_count: TOTAL_COUNT[input.billingPeriod],
        quantity: 1,
        customer_notify: 1,
        notes: {
          checkoutId: input.checkoutId,
          userId: input.userId,
          plan: input.plan.id,
          billingPeriod: input.billingPeriod,
        },
      });
      if (!subscription.short_url) throw new ProviderError('Razorpay answered without a payment page.');
      return {
        url: subscription.short_url,
        providerCheckoutId: subscription.id,
        subscriptionId: subscription.id,
      };
    },

    async expireCheckout(providerCheckoutId) {
      // Only a subscription not yet paid for (created) is cancelled: one just paid is left to its
      // events, which apply it or give the payment back.
      const subscription = await fetchSubscription(providerCheckoutId);
      if (subscription.status !== 'created') {
        throw new ProviderError(
          `Razorpay subscription ${providerCheckoutId} is ${subscription.status}, not created.`,
        );
      }
      await api('POST', `/subscriptions/${encodeURIComponent(providerCheckoutId)}/cancel`, {
        cancel_at_cycle_end: 0,
      });
    },

    async cancelAndRefund(subscriptionId, paymentId) {
      await cancelIfRunning(subscriptionId);
      if (paymentId) await api('POST', `/payments/${encodeURIComponent(paymentId)}/refund`, {});
    },

    async cancelNow(subscriptionId) {
      await cancelIfRunning(subscriptionId);
    },

    async currentState(subscriptionId) {
      return stateOf(await fetchSubscription(subscriptionId));
    },

    async scheduleChange(subscriptionId, plan, billingPeriod) {
      await api('PATCH', `/subscriptions/${encodeURIComponent(subscriptionId)}`, {
        plan_id: await planId(plan, billingPeriod),
        schedule_change_at: 'cycle_end',
        customer_notify: 1,
      });
    },

    async cancelAtPeriodEnd(subscriptionId) {
      await api('POST', `/subscriptions/${encodeURIComponent(subscriptionId)}/cancel`, {
        cancel_at_cycle_end: 1,
      });
    },

    async resume(subscriptionId) {
      // Withdraws the changes scheduled for the cycle's end, the cancellation included.
      await api('POST', `/subscriptions/${encodeURIComponent(subscriptionId)}/cancel_scheduled_changes`);
    },

    async readWebhook(rawBody, headers) {
      const signature = headers.get('x-razorpay-signature');
      if (!config.webhookSecret || !signature) return null;
      if (!(await validSignature(config.webhookSecret, rawBody, signature))) return null;
      let json: unknown;
      try {
        json = JSON.parse(rawBody);
      } catch {
        return { malformed: 'The event is not JSON.', id: await sha256Hex(rawBody) };
      }
      const body = webhookSchema.safeParse(json);
      try {
        if (!body.success) throw body.error;
        return await eventOf(body.data);
      } catch (error) {
        const reason =
          error instanceof z.ZodError
            ? `${error.issues[0]!.path.join('.')}: ${error.issues[0]!.message}`
            : error instanceof Error
              ? error.message
              : String(error);
        return {
          malformed: `The Razorpay event lacks what it must have (${reason}).`,
          id: await sha256Hex(rawBody),
        };
      }
    },
  };
}
