/**
 * The one interface both payment providers implement (Stripe for USD, Razorpay for INR): start
 * a hosted checkout and expire it, schedule a plan change for the next cycle, cancel at the
 * period's end and undo that, cancel at once with a refund, read a subscription's current state,
 * and read a signed webhook delivery as a provider-neutral event.
 */
import type { PaymentProvider } from '../../shared/api/billing';
import type { BillingPeriod, Currency, Plan, PlanId } from '../../shared/plans';
import type { StoredStatus } from '../db/billing';

export interface CheckoutInput {
  /** Ours: written into the provider's metadata, so its events name the checkout. */
  checkoutId: string;
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
  /** Stripe's Checkout Session id; Razorpay's subscription id. */
  providerCheckoutId: string;
  /** Known at once for Razorpay; Stripe creates the subscription when the payment succeeds. */
  subscriptionId: string | null;
}

/** A subscription's state as the provider holds it now. */
export interface SubscriptionState {
  status: StoredStatus;
  currentPeriodStart?: number;
  currentPeriodEnd?: number;
  cancelAtPeriodEnd?: boolean;
}

/** What one webhook delivery says; absent fields are left as they are. */
export interface BillingEvent extends Partial<SubscriptionState> {
  id: string;
  /** The provider's own timestamp of the event (ms): older deliveries do not override newer. */
  occurredAt: number;
  subscriptionId: string | null;
  /** What names the checkout this event belongs to, before its subscription is known. */
  checkout?: { checkoutId?: string | null; providerCheckoutId?: string | null };
  /** The event shows money taken: a paid checkout, an active subscription, a paid invoice. */
  paid?: boolean;
  /** The plan the subscription charges (its price or plan id), when the event carries it. */
  paidPlan?: { plan: PlanId; billingPeriod: BillingPeriod };
  /** The event is about the subscription's own state (a tie with the last one asks the provider). */
  subscriptionState?: boolean;
  customerId?: string;
  invoice?: { id: string; amount: number; currency: Currency; paidAt: number; url: string | null };
  paymentFailed?: boolean;
  /** Money given back: by customer (Stripe's charge) or by the payment refunded (Razorpay's). */
  refund?: { full: boolean; customerId?: string; paymentId?: string };
}

/** A signed delivery that lacks what its type must have: answered 400 with the reason. */
export interface MalformedEvent {
  malformed: string;
  id: string;
}

export interface BillingProvider {
  readonly name: PaymentProvider;
  readonly currency: Currency;
  startCheckout(input: CheckoutInput): Promise<CheckoutStarted>;
  /** Makes a checkout that was not paid unpayable (a newer one replaces it). */
  expireCheckout(providerCheckoutId: string): Promise<void>;
  /** From the next billing cycle on, bill `plan` for `billingPeriod` (no proration). */
  scheduleChange(subscriptionId: string, plan: Plan, billingPeriod: BillingPeriod): Promise<void>;
  cancelAtPeriodEnd(subscriptionId: string): Promise<void>;
  resume(subscriptionId: string): Promise<void>;
  /** Ends the subscription now and gives back its payment (`paymentId` where the provider needs it). */
  cancelAndRefund(subscriptionId: string, paymentId: string | null): Promise<void>;
  /** Ends the subscription now, without a refund (one was already given). */
  cancelNow(subscriptionId: string): Promise<void>;
  currentState(subscriptionId: string): Promise<SubscriptionState>;
  /** The delivery's event, or null when its signature is missing, wrong or out of time. */
  readWebhook(rawBody: string, headers: Headers): Promise<BillingEvent | MalformedEvent | 'ignored' | null>;
}

/** A provider call that failed: answered as 502 with this text. */
export class ProviderError extends Error {
  override name = 'ProviderError';
}
