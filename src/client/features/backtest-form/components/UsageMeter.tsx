import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { usageQuery } from '../../../lib/usage';
import { usageText } from '../usage-text';
import styles from './BacktestForm.module.css';

/**
 * How many of the month's backtests the signed-in user has used, and when the count resets;
 * with the plans a click away once none is left. Shows nothing until (or unless) it is known.
 */
export function UsageMeter({ pricingLink }: { pricingLink: ReactNode }) {
  const { data: usage } = useQuery(usageQuery());
  if (!usage) return null;
  const usedUp = usage.limit !== null && usage.used >= usage.limit;
  return (
    <p className={styles.usage} aria-label="Backtests this month">
      {usageText(usage)}
      {usedUp && <> {pricingLink}</>}
    </p>
  );
}
