/** Which payment providers this server has keys for (all optional; docs/configuration.md). */
import type { Currency } from '../../shared/plans';
import type { Env } from '../env';

export interface StripeConfig {
  secretKey: string;
  webhookSecret: string | null;
  apiUrl: string;
}

export interface RazorpayConfig {
  keyId: string;
  keySecret: string;
  webhookSecret: string | null;
  apiUrl: string;
}

const STRIPE_API_URL = 'https://api.stripe.com';
const RAZORPAY_API_URL = 'https://api.razorpay.com';
const DEFAULT_FREE_TRIAL_DAYS = 14;

export function stripeConfig(env: Env): StripeConfig | null {
  if (!env.STRIPE_SECRET_KEY) return null;
  return {
    secretKey: env.STRIPE_SECRET_KEY,
    webhookSecret: env.STRIPE_WEBHOOK_SECRET || null,
    apiUrl: env.STRIPE_API_URL || STRIPE_API_URL,
  };
}

export function razorpayConfig(env: Env): RazorpayConfig | null {
  if (!env.RAZORPAY_KEY_ID || !env.RAZORPAY_KEY_SECRET) return null;
  return {
    keyId: env.RAZORPAY_KEY_ID,
    keySecret: env.RAZORPAY_KEY_SECRET,
    webhookSecret: env.RAZORPAY_WEBHOOK_SECRET || null,
    apiUrl: env.RAZORPAY_API_URL || RAZORPAY_API_URL,
  };
}

/** The currencies this server can take payment in: USD through Stripe, INR through Razorpay. */
export function payableCurrencies(env: Env): Currency[] {
  return [
    ...(razorpayConfig(env) ? (['INR'] as const) : []),
    ...(stripeConfig(env) ? (['USD'] as const) : []),
  ];
}

/**
 * Days of the free trial of a new account, or null when no provider is configured: then (local
 * development, self-hosting) every account keeps Basic without an end.
 */
export function freeTrialDays(env: Env): number | null {
  if (payableCurrencies(env).length === 0) return null;
  const days = Number(env.FREE_TRIAL_DAYS);
  return env.FREE_TRIAL_DAYS !== undefined && Number.isFinite(days) && days >= 0
    ? days
    : DEFAULT_FREE_TRIAL_DAYS;
}
