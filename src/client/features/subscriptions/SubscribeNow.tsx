import { useState } from 'react';
import type { BillingPeriod, Currency, Plan } from '../../../shared/plans';
import { PARENT_COMPANY } from '../../../shared/site';
import { PATHS } from '../../config/paths';
import { Alert } from '../../components/Alert';
import { Button } from '../../components/Button';
import { ButtonLink } from '../../components/ButtonLink';
import { requestSubscription } from './api';
import { useAuth } from '../../lib/auth/auth-context';

interface SubscribeNowProps {
  plan: Plan;
  period: BillingPeriod;
  currency: Currency;
}

/**
 * Subscribe Now: signed-out visitors go to /LoginPage first (and come back here); signed-in
 * users record a subscription request for the parent company's billing team. No payment is
 * taken on this site.
 */
export function SubscribeNow({ plan, period, currency }: SubscribeNowProps) {
  const { user } = useAuth();
  const [state, setState] = useState<
    { status: 'idle' | 'sending' } | { status: 'done' | 'failed'; text: string }
  >({
    status: 'idle',
  });

  if (!user) {
    return (
      <ButtonLink to={PATHS.login} state={{ from: PATHS.pricing }}>
        Subscribe Now
      </ButtonLink>
    );
  }

  async function subscribe() {
    setState({ status: 'sending' });
    try {
      await requestSubscription({ plan: plan.id, billingPeriod: period, currency });
      setState({
        status: 'done',
        text: `Your request for ${plan.name} (${period === 'annual' ? 'annual' : 'monthly'} billing in ${currency}) is recorded. ${PARENT_COMPANY.name} will contact you at ${user!.email} to complete the payment; nothing has been charged.`,
      });
    } catch (error) {
      setState({ status: 'failed', text: error instanceof Error ? error.message : 'The request failed.' });
    }
  }

  return (
    <div>
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
