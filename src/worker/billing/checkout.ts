/**
 * Starting a checkout: refused while a subscription grants its plan; any earlier checkout of the
 * user is expired first, then the new one is stored with what it sells, under our own id that
 * the provider's events carry back.
 */
import { PAYMENT_NOT_SET_UP, type CheckoutRequest } from '../../shared/api/billing';
import type { User } from '../../shared/api/auth';
import { planById } from '../../shared/plans';
import { findSubscription } from '../db/billing';
import { insertCheckout } from '../db/billing-checkouts';
import type { Env } from '../env';
import { ApiError } from '../errors';
import { expireOpenCheckouts } from './expire-checkouts';
import { atProvider } from './at-provider';
import { subscriptionPlan } from './plan-in-force';
import { providerForCurrency } from './providers';

export async function startCheckout(
  env: Env,
  user: Pick<User, 'id' | 'email'>,
  { plan, billingPeriod, currency }: CheckoutRequest,
  origin: string,
  now = Date.now(),
): Promise<string> {
  const provider = providerForCurrency(env, currency);
  if (!provider) {
    throw new ApiError(400, PAYMENT_NOT_SET_UP, {
      fields: [{ path: 'currency', message: PAYMENT_NOT_SET_UP }],
    });
  }
  const current = await findSubscription(env.DB, user.id);
  if (current && subscriptionPlan(current, now) !== null) {
    throw new ApiError(409, 'You already have a subscription. Change its plan on your account page.');
  }
  await expireOpenCheckouts(env, user.id, now);
  const checkoutId = crypto.randomUUID();
  const started = await atProvider(
    provider.startCheckout({
      checkoutId,
      userId: user.id,
      email: user.email,
      plan: planById(plan),
      billingPeriod,
      successUrl: `${origin}/account?checkout=success`,
      cancelUrl: `${origin}/account?checkout=cancelled`,
    }),
  );
  await insertCheckout(
    env.DB,
    {
      id: checkoutId,
      userId: user.id,
      provider: provider.name,
      providerCheckoutId: started.providerCheckoutId,
      plan,
      billingPeriod,
      currency,
      state: 'open',
      subscriptionId: started.subscriptionId,
    },
    now,
  );
  return started.url;
}
