/** The configured provider of a currency (USD: Stripe, INR: Razorpay), or of a stored subscription. */
import type { PaymentProvider } from '../../shared/api/billing';
import type { Currency } from '../../shared/plans';
import type { Env } from '../env';
import { razorpayConfig, stripeConfig } from './config';
import type { BillingProvider } from './provider';
import { razorpayProvider } from './razorpay-provider';
import { stripeProvider } from './stripe-provider';

export function providerNamed(env: Env, name: PaymentProvider): BillingProvider | null {
  if (name === 'stripe') {
    const config = stripeConfig(env);
    return config ? stripeProvider(config) : null;
  }
  const config = razorpayConfig(env);
  return config ? razorpayProvider(config, env.DB) : null;
}

export function providerForCurrency(env: Env, currency: Currency): BillingProvider | null {
  return providerNamed(env, currency === 'USD' ? 'stripe' : 'razorpay');
}
