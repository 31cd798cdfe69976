/**
 * The one interface both payment providers implement (Stripe for USD, Razorpay for INR): start
 * a hosted checkout, schedule a plan change for the next cycle, cancel at the period's end and
 * undo that, and read a signed webhook delivery as provider-neutral events.
 */
import type { PaymentProvider } from '../../shared/api/billing';
import type { BillingPeriod, Currency, Plan } from '../../shared/plans';
import type { StoredStatus } from '../db/billing';

export interface CheckoutInput {
  userId: string;
  email: string;
  plan: Plan;
  billingPeriod: BillingPeriod;
  successUrl: string;
  cancelUrl: string;
}

export interface CheckoutStarted {
  /** The provider's hosted payment page. */
  url: string;
  /** Known at once for Razorpay; Stripe creates the subscription when the payment succeeds. */
  subscriptionId: string | null;
}

/** What one webhook delivery says about a subscription; absent fields are left as they are. */
export interface BillingEvent {
  id: string;
  /** The provider's own timestamp of the event (ms): older deliveries do not override newer. */
  occurredAt: number;
  subscriptionId: string | null;
  /** Our user id, from the metadata or notes the checkout attached. */
  userId: string | null;
  status?: StoredStatus;
  currentPeriodStart?: number;
  currentPeriodEnd?: number;
  cancelAtPeriodEnd?: boolean;
  invoice?: { id: string; amount: number; currency: Currency; paidAt: number; url: string | null };
  paymentFailed?: boolean;
}

export interface BillingProvider {
  readonly name: PaymentProvider;
  readonly currency: Currency;
  startCheckout(input: CheckoutInput): Promise<CheckoutStarted>;
  /** From the next billing cycle on, bill `plan` for `billingPeriod` (no proration). */
  scheduleChange(subscriptionId: string, plan: Plan, billingPeriod: BillingPeriod): Promise<void>;
  cancelAtPeriodEnd(subscriptionId: string): Promise<void>;
  resume(subscriptionId: string): Promise<void>;
  /** The delivery's events, or null when its signature is missing or wrong. */
  readWebhook(rawBody: string, headers: Headers): Promise<BillingEvent | 'ignored' | null>;
}

/** A provider call that failed: answered as 502 with this text. */
export class ProviderError extends Error {
  override name = 'ProviderError';
}
