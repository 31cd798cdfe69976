import { useMutation, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Link } from 'react-router';
import { PAYMENT_NOT_SET_UP } from '../../../shared/api/billing';
import type { BillingPeriod, Currency, Plan } from '../../../shared/plans';
import { PARENT_COMPANY } from '../../../shared/site';
import { PATHS } from '../../config/paths';
import { Alert } from '../../components/Alert';
import { Button } from '../../components/Button';
import { ButtonLink } from '../../components/ButtonLink';
import { errorMessage } from '../../lib/error-message';
import { paymentProvidersQuery, requestSubscription, startCheckout } from './api';
import { useAuth } from '../../lib/auth/auth-context';
import { selectionSearch } from './selection';

interface SubscribeNowProps {
  plan: Plan;
  period: BillingPeriod;
  currency: Currency;
}

/**
 * Subscribe Now: signed-out visitors go to /LoginPage first and come back to the same plan,
 * period and currency; signed-in users go to the payment provider's hosted page for the
 * selection. Where this server takes no payment in the currency, the request is recorded for
 * the parent company's billing team instead.
 */
export function SubscribeNow({ plan, period, currency }: SubscribeNowProps) {
  const { user } = useAuth();
  const providers = useQuery({ ...paymentProvidersQuery(), enabled: user !== null });

  if (!user) {
    return (
      <ButtonLink
        to={PATHS.login}
        state={{ from: `${PATHS.pricing}?${selectionSearch({ plan: plan.id, period, currency })}` }}
      >
        Subscribe Now
      </ButtonLink>
    );
  }
  if (providers.isPending) return <Button disabled>Subscribe Now</Button>;
  if (providers.isSuccess && providers.data.currencies.includes(currency)) {
    return <Checkout plan={plan} period={period} currency={currency} />;
  }
  return <RecordRequest plan={plan} period={period} currency={currency} email={user.email} />;
}

function Checkout({ plan, period, currency }: SubscribeNowProps) {
  const checkout = useMutation({
    mutationFn: () => startCheckout({ plan: plan.id, billingPeriod: period, currency }),
    onSuccess: ({ url }) => window.location.assign(url),
  });
  // After success the page is leaving for the provider's: the button stays busy.
  const busy = checkout.isPending || checkout.isSuccess;
  return (
    <div>
      {checkout.isError && <Alert tone="error">{errorMessage(checkout.error)}</Alert>}
      <Button onClick={() => checkout.mutate()} disabled={busy} aria-busy={busy}>
        {busy ? 'Opening the payment page...' : 'Subscribe Now'}
      </Button>
    </div>
  );
}

function RecordRequest({ plan, period, currency, email }: SubscribeNowProps & { email: string }) {
  const [state, setState] = useState<
    { status: 'idle' | 'sending' } | { status: 'done' | 'failed'; text: string }
  >({
    status: 'idle',
  });

  async function subscribe() {
    setState({ status: 'sending' });
    try {
      await requestSubscription({ plan: plan.id, billingPeriod: period, currency });
      setState({
        status: 'done',
        text: `Your request for ${plan.name} (${period === 'annual' ? 'annual' : 'monthly'} billing in ${currency}) is recorded. ${PARENT_COMPANY.name} will contact you at ${email} to complete the payment; nothing has been charged.`,
      });
    } catch (error) {
      setState({ status: 'failed', text: error instanceof Error ? error.message : 'The request failed.' });
    }
  }

  return (
    <div>
      <p>
        {PAYMENT_NOT_SET_UP.replace('; Contact Sales', '; ')}
        <Link to={PATHS.contact}>Contact Sales</Link>
      </p>
      {state.status === 'done' && <Alert tone="success">{state.text}</Alert>}
      {state.status === 'failed' && <Alert tone="error">{state.text}</Alert>}
      <Button
        onClick={subscribe}
        disabled={state.status === 'sending'}
        aria-busy={state.status === 'sending'}
      >
        {state.status === 'sending' ? 'Sending...' : 'Subscribe Now'}
      </Button>
    </div>
  );
}
