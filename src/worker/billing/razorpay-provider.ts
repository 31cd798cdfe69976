/**
 * INR subscriptions through Razorpay (its hosted payment page takes cards, UPI and wallets),
 * over its REST API with fetch: its Node SDK needs Node's APIs. Plans cannot be edited at
 * Razorpay, so one is created per plan, period and price on first use and its id kept in D1.
 */
import type { BillingPeriod, Plan } from '../../shared/plans';
import { findRazorpayPlanId, saveRazorpayPlanId, type StoredStatus } from '../db/billing';
import { sha256Hex } from '../encoding';
import type { RazorpayConfig } from './config';
import { type BillingProvider, ProviderError } from './provider';

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

interface RazorpaySubscription {
  id: string;
  status: string;
  current_start: number | null;
  current_end: number | null;
  notes?: Record<string, string> | unknown[];
  short_url?: string;
}

interface RazorpayWebhook {
  event: string;
  created_at: number;
  payload: {
    subscription?: { entity: RazorpaySubscription };
    payment?: { entity: { id: string; amount: number; currency: string; created_at: number } };
  };
}

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

  return {
    name: 'razorpay',
    currency: 'INR',

    async startCheckout(input) {
      const subscription = await api<RazorpaySubscription>('POST', '/subscriptions', {
        plan_id: await planId(input.plan, input.billingPeriod),
        total_count: TOTAL_COUNT[input.billingPeriod],
        quantity: 1,
        customer_notify: 1,
        notes: { userId: input.userId, plan: input.plan.id, billingPeriod: input.billingPeriod },
      });
      if (!subscription.short_url) throw new ProviderError('Razorpay answered without a payment page.');
      return { url: subscription.short_url, subscriptionId: subscription.id };
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
      let body: RazorpayWebhook;
      try {
        body = JSON.parse(rawBody) as RazorpayWebhook;
      } catch {
        return 'ignored';
      }
      const subscription = body.payload?.subscription?.entity;
      if (!body.event?.startsWith('subscription.') || !subscription) return 'ignored';
      const notes = Array.isArray(subscription.notes) ? {} : (subscription.notes ?? {});
      const payment = body.payload.payment?.entity;
      const charged = body.event === 'subscription.charged' && payment;
      return {
        // Razorpay names each event in X-Razorpay-Event-Id; the body's hash stands in without it.
        id: headers.get('x-razorpay-event-id') ?? (await sha256Hex(rawBody)),
        occurredAt: body.created_at * 1000,
        subscriptionId: subscription.id,
        userId: notes.userId ?? null,
        status: STATUSES[subscription.status] ?? 'incomplete',
        ...(subscription.current_start !== null && subscription.current_end !== null
          ? {
              currentPeriodStart: subscription.current_start * 1000,
              currentPeriodEnd: subscription.current_end * 1000,
            }
          : {}),
        ...(charged
          ? {
              invoice: {
                id: payment.id,
                amount: payment.amount,
                currency: 'INR' as const,
                paidAt: payment.created_at * 1000,
                url: null,
              },
            }
          : {}),
        ...(body.event === 'subscription.pending' || body.event === 'subscription.halted'
          ? { paymentFailed: true }
          : {}),
      };
    },
  };
}
