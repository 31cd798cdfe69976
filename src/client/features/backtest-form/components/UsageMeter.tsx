import { type ReactNode, useEffect, useState } from 'react';
import type { Usage } from '../../../../shared/api/usage';
import { fetchUsage } from '../api';
import { usageText } from '../usage-text';
import styles from './BacktestForm.module.css';

/**
 * How many of the month's backtests the signed-in user has used, and when the count resets;
 * with the plans a click away once none is left. Shows nothing until (or unless) it is known.
 */
export function UsageMeter({ pricingLink }: { pricingLink: ReactNode }) {
  const [usage, setUsage] = useState<Usage | null>(null);
  useEffect(() => {
    let current = true;
    fetchUsage().then(
      (answer) => current && setUsage(answer),
      () => current && setUsage(null),
    );
    return () => {
      current = false;
    };
  }, []);
  if (!usage) return null;
  const usedUp = usage.limit !== null && usage.used >= usage.limit;
  return (
    <p className={styles.usage} aria-label="Backtests this month">
      {usageText(usage)}
      {usedUp && <> {pricingLink}</>}
    </p>
  );
}
