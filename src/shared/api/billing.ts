/** Paid subscriptions: the requests and answers of /api/billing (docs/billing.md#payments-and-plans). */
import * as z from 'zod';
import { BILLING_PERIODS, CURRENCIES, PLAN_IDS } from '../plans';

export const PAYMENT_PROVIDERS = ['stripe', 'razorpay'] as const;
export type PaymentProvider = (typeof PAYMENT_PROVIDERS)[number];

export const BILLING_STATUSES = ['none', 'trialing', 'active', 'past_due', 'cancelled'] as const;
export type BillingStatus = (typeof BILLING_STATUSES)[number];

/** Days a failed renewal keeps the paid plan before the account falls back to Basic. */
export const PAST_DUE_GRACE_DAYS = 7;

/** Shown for a currency whose payment provider has no keys on this server. */
export const PAYMENT_NOT_SET_UP = 'Online payment is not set up yet; Contact Sales';

const plan = z.enum(PLAN_IDS, { error: 'Choose a plan' });
const billingPeriod = z.enum(BILLING_PERIODS, { error: 'Choose monthly or annual billing' });

/** POST /api/billing/checkout */
export const checkoutRequestSchema = z.object({
  plan,
  billingPeriod,
  currency: z.enum(CURRENCIES, { error: 'Choose INR or USD' }),
});
export type CheckoutRequest = z.infer<typeof checkoutRequestSchema>;

/** POST /api/billing/checkout (200): the provider's hosted payment page. */
export const checkoutAnswerSchema = z.object({ url: z.string() });
export type CheckoutAnswer = z.infer<typeof checkoutAnswerSchema>;

/** POST /api/billing/change: takes effect at the next billing cycle. */
export const planChangeRequestSchema = z.object({ plan, billingPeriod });
export type PlanChangeRequest = z.infer<typeof planChangeRequestSchema>;

export const invoiceSchema = z.object({
  id: z.string(),
  /** In the currency's smallest unit (cents, paise). */
  amount: z.number().int(),
  currency: z.enum(CURRENCIES),
  /** ISO date-time. */
  paidAt: z.string(),
  url: z.string().nullable(),
  /** ISO date-time the payment was given back (a full refund, or a second checkout's payment). */
  refundedAt: z.string().nullable(),
});
export type Invoice = z.infer<typeof invoiceSchema>;

/** GET /api/billing, and the answer of change, cancel and resume. Dates are ISO date-times. */
export const billingAnswerSchema = z.object({
  plan,
  status: z.enum(BILLING_STATUSES),
  provider: z.enum(PAYMENT_PROVIDERS).nullable(),
  currency: z.enum(CURRENCIES).nullable(),
  billingPeriod: billingPeriod.nullable(),
  currentPeriodEnd: z.string().nullable(),
  cancelAtPeriodEnd: z.boolean(),
  pendingChange: z.object({ plan, billingPeriod, effectiveAt: z.string() }).nullable(),
  invoices: z.array(invoiceSchema),
  /** The plan was set by an administrator (a complimentary plan), not bought. */
  comp: z.boolean(),
  /** The plan comes from the Enterprise subscription of the team's owner. */
  team: z.boolean(),
  /** When the free trial ends (null: no trial, or no payment provider on this server). */
  trialEndsAt: z.string().nullable(),
  /** Whether the user may run backtests now (false once a trial has ended without a plan). */
  mayRun: z.boolean(),
  /** The currencies this server can take payment in. */
  currencies: z.array(z.enum(CURRENCIES)),
});
export type BillingAnswer = z.infer<typeof billingAnswerSchema>;

/** One row of the admin's subscriptions list (GET /api/admin/subscriptions). */
export const adminSubscriptionSchema = z.object({
  userId: z.string(),
  email: z.string(),
  provider: z.enum(PAYMENT_PROVIDERS),
  plan,
  billingPeriod,
  currency: z.enum(CURRENCIES),
  status: z.string(),
  currentPeriodEnd: z.string().nullable(),
  cancelAtPeriodEnd: z.boolean(),
  pendingPlan: plan.nullable(),
});
export type AdminSubscription = z.infer<typeof adminSubscriptionSchema>;

/** GET /api/billing/providers (public): what the pricing page can offer. */
export const paymentProvidersAnswerSchema = z.object({
  currencies: z.array(z.enum(CURRENCIES)),
  /** Null when no provider is configured: accounts keep Basic without an end. */
  freeTrialDays: z.number().int().nullable(),
});
export type PaymentProvidersAnswer = z.infer<typeof paymentProvidersAnswerSchema>;
