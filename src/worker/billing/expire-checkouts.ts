/**
 * One open checkout per user: the ones still open are made unpayable at their provider and
 * marked superseded. A provider that refuses (the page was just paid, or it is unreachable) is
 * logged, not fatal: a payment that still arrives for a superseded checkout is applied when the
 * user has no plan paid, else given back (apply-event.ts).
 */
import { listOpenCheckouts, setCheckoutState } from '../db/billing-checkouts';
import type { Env } from '../env';
import { providerNamed } from './providers';

export async function expireOpenCheckouts(env: Env, userId: string, now: number): Promise<void> {
  for (const checkout of await listOpenCheckouts(env.DB, userId)) {
    try {
      await providerNamed(env, checkout.provider)?.expireCheckout(checkout.providerCheckoutId);
    } catch (error) {
      console.warn(
        `Checkout ${checkout.id} could not be expired at ${checkout.provider}:`,
        error instanceof Error ? error.message : error,
      );
    }
    await setCheckoutState(env.DB, checkout.id, 'superseded', null, now);
  }
}
