/**
 * Billing mail: a receipt after each payment, a warning after a failed renewal. A mail that
 * cannot be sent is logged and never fails the webhook that caused it (the provider would
 * retry the event, which is applied once, so the mail would be lost anyway). Its links go to
 * APP_URL, else to the host the webhook was delivered to (`webhookUrl`).
 */
import { CURRENCY_SYMBOLS, type Currency } from '../../shared/plans';
import type { Env } from '../env';
import { findUserById } from '../db/users';
import { composeMail, PRODUCT_NAME } from '../mail/compose';
import { siteUrl } from '../mail/links';
import { sendMail } from '../mail/send-mail';

export type BillingMailKind = 'receipt' | 'payment-failed';

export async function sendBillingMail(
  env: Env,
  kind: BillingMailKind,
  to: { userId: string },
  details: { amount?: number; currency?: string; url?: string | null },
  webhookUrl: string,
): Promise<void> {
  try {
    const user = await findUserById(env.DB, to.userId);
    if (!user) return;
    const accountUrl = siteUrl(env, '/account', webhookUrl);
    // Providers report amounts in the currency's minor unit (cents, paise).
    const paid =
      details.amount !== undefined && details.currency && details.currency in CURRENCY_SYMBOLS
        ? `${CURRENCY_SYMBOLS[details.currency as Currency]}${(details.amount / 100).toFixed(2)}`
        : null;
    const mail =
      kind === 'receipt'
        ? await composeMail({
            to: user.email,
            subject: 'Your payment was received',
            paragraphs: [
              `Thank you: ${paid ? `your payment of ${paid}` : 'your payment'} for ${PRODUCT_NAME} was received.`,
              'Your plan, its renewal date and every invoice are on your account page.',
            ],
            action: details.url
              ? { label: 'See the invoice', url: details.url }
              : { label: 'Open your account', url: accountUrl },
            after: [],
          })
        : await composeMail({
            to: user.email,
            subject: 'Your payment did not go through',
            paragraphs: [
              `The renewal of your ${PRODUCT_NAME} plan could not be charged.`,
              'Your plan stays active for 7 days while the payment is retried; after that the account returns to Basic.',
            ],
            action: { label: 'Check your payment details', url: accountUrl },
            after: [],
          });
    await sendMail(env, mail);
  } catch (error) {
    console.error(`The ${kind} mail could not be sent`, error);
  }
}
