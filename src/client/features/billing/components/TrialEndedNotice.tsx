import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { Alert } from '../../../components/Alert';
import { PATHS } from '../../../config/paths';
import { billingQuery } from '../api';

/**
 * Said before building a strategy: the free trial is over (or the address had it with an
 * earlier account: no trial end to show) and runs need a plan.
 */
export function TrialEndedNotice() {
  const billing = useQuery(billingQuery());
  if (!billing.isSuccess || billing.data.mayRun) return null;
  return (
    <Alert tone="warning">
      {billing.data.trialEndsAt === null
        ? 'This email address has had its free trial: running backtests needs a subscription.'
        : 'Your free trial has ended: running backtests needs a subscription.'}{' '}
      <Link to={PATHS.pricing}>Choose a plan</Link>
    </Alert>
  );
}
