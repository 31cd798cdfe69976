import type { Trials } from '../../../shared/api/backtests';
import { formatCount, formatDateTime } from '../../lib/backtests/format';

/**
 * "You have tried 3 strategies on this data since 2024-05-02 09:00 UTC.": every trial on the
 * same data lowers what a good Sharpe ratio proves (the deflated Sharpe ratio's N).
 */
export function trialsText(trials: Trials): string {
  return (
    `You have tried ${formatCount(trials.count)} ${trials.count === 1 ? 'strategy' : 'strategies'} on ` +
    `this data since ${formatDateTime(trials.since, 'UTC')} UTC.`
  );
}
