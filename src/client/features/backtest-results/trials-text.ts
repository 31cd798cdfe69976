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

/** What the count above counts, as the server counts it (src/worker/backtests/trials.ts). */
export const TRIALS_COUNTED =
  'Counted: each distinct set of rules, exits, model and settings you ran on this symbol and ' +
  'timeframe over overlapping dates, once however often it ran (an ML run’s threshold check is ' +
  'part of its one), and each configuration of your finished robustness analyses.';

/**
 * "Deflated Sharpe ratio: 0.91 (the probability that the true Sharpe ratio beats the best of 3
 * skill-less tries). Against 0 (PSR): 0.97, over 1,250 bars.": the run's Sharpe ratio judged
 * against the luck of every strategy tried on the data; null when it has none.
 */
export function runDsrText({ count, dsr }: Trials): string | null {
  if (!dsr) return null;
  return (
    `Deflated Sharpe ratio: ${dsr.dsr.toFixed(2)} (the probability that the true Sharpe ratio beats ` +
    `the best of ${formatCount(count)} skill-less ${count === 1 ? 'try' : 'tries'}). Against 0 (PSR): ` +
    `${dsr.psr.toFixed(2)}, over ${formatCount(dsr.observations)} bars.`
  );
}
