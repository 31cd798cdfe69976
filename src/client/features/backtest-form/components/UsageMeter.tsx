import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { runsUsedText, usageQuery } from '../../../lib/usage';
import { usageText } from '../usage-text';
import styles from './BacktestForm.module.css';

/**
 * How many of the month's backtests the signed-in user has used, and when the count resets.
 * Once none is left it says so before anything is built ("5 of 5 runs used; resets on Dec 1"),
 * with the plans a click away. Shows nothing until (or unless) it is known.
 */
export function UsageMeter({ pricingLink }: { pricingLink: ReactNode }) {
  const { data: usage } = useQuery(usageQuery());
  if (!usage) return null;
  const usedUp = usage.limit !== null && usage.used >= usage.limit;
  if (usedUp) {
    return (
      <p className={`${styles.usage} ${styles.usedUp}`} role="status" aria-label="Backtests this month">
        <strong>{runsUsedText(usage)}.</strong> A new backtest can run once the count resets, or on a larger
        plan. {pricingLink}
      </p>
    );
  }
  return (
    <p className={styles.usage} aria-label="Backtests this month">
      {usageText(usage)}
    </p>
  );
}
