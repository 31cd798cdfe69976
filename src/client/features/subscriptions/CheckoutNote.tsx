import { useQuery } from '@tanstack/react-query';
import type { Currency } from '../../../shared/plans';
import { PARENT_COMPANY } from '../../../shared/site';
import { paymentProvidersQuery } from './api';
import { trialLine } from './trial-offer';

const TERMS =
  'Your plan renews automatically; a change of plan starts at the next billing date, and a cancellation at the end of the billing period.';

/** What Subscribe Now does in `currency` on this server, said only once the server has said it. */
function paymentLine(currencies: readonly Currency[] | undefined, currency: Currency): string | null {
  if (!currencies) return null;
  if (currencies.includes(currency)) {
    return `Subscribe Now opens a secure payment page (cards and digital wallets${currency === 'INR' ? '; UPI too' : ''}); you sign in or create an account first. Payments are processed by ${PARENT_COMPANY.name}, in advance.`;
  }
  return `Online payment in ${currency} is not set up on this site yet: Subscribe Now records your request (you sign in or create an account first) and ${PARENT_COMPANY.name}’s billing team contacts you to complete the payment. Nothing is charged until then.`;
}

/** The pricing page's note under the selection: payment, trial and renewal as this server has them. */
export function CheckoutNote({ currency, className }: { currency: Currency; className?: string }) {
  const providers = useQuery(paymentProvidersQuery());
  const lines = [
    paymentLine(providers.data?.currencies, currency),
    trialLine(providers.data?.freeTrialDays),
    TERMS,
  ].filter((line) => line !== null);
  return <p className={className}>{lines.join(' ')}</p>;
}
