import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { planById } from '../../../../shared/plans';
import { LoadError } from '../../../components/LoadError';
import { PATHS } from '../../../config/paths';
import { errorMessage } from '../../../lib/error-message';
import { usageQuery } from '../../../lib/usage';
import styles from './Account.module.css';

/** The plan (a team member's is the owner's) and this month's backtests. */
export function PlanSection({ plan }: { plan: string }) {
  const usage = useQuery(usageQuery());
  return (
    <section className={styles.section} aria-labelledby="plan-title">
      <h2 id="plan-title">Plan and usage</h2>
      <p>
        Your plan: <strong>{planById(plan).name}</strong>. <Link to={PATHS.pricing}>Compare plans</Link>
      </p>
      {usage.isError && (
        <LoadError onRetry={() => void usage.refetch()}>{errorMessage(usage.error)}</LoadError>
      )}
      {usage.data && (
        <p>
          Backtests this month: {usage.data.used}
          {usage.data.limit === null ? ' (unlimited)' : ` of ${usage.data.limit}`}; the count starts again on{' '}
          {usage.data.resetsOn}.
        </p>
      )}
    </section>
  );
}
