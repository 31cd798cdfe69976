/**
 * Where billing mail goes: a receipt after each payment, a warning after a failed renewal. The
 * app has no mail sending yet, so this sends nothing; when mail arrives, this is the one place
 * to send from.
 */
import type { Env } from '../env';

export type BillingMailKind = 'receipt' | 'payment-failed';

export async function sendBillingMail(
  _env: Env,
  _kind: BillingMailKind,
  _to: { userId: string },
  _details: { amount?: number; currency?: string; invoiceUrl?: string | null },
): Promise<void> {}

/**
 * Whether the user may start a purchase. Buying a plan will require a verified email address
 * once the app verifies addresses; until then every signed-in user may.
 */
export async function mayPurchase(_env: Env, _userId: string): Promise<boolean> {
  return true;
}
