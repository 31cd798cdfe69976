/** What the history list adds to the result page's formats: "—" for no value, and run dates. */
import { formatPercent, formatRatio } from '../../lib/backtests/format';

/** null (no trades, no losses) is "—". */
export const formatPercentOrDash = (value: number | null) => (value === null ? '—' : formatPercent(value));
export const formatRatioOrDash = (value: number | null) => (value === null ? '—' : formatRatio(value));

const runDate = new Intl.DateTimeFormat('en-US', {
  dateStyle: 'medium',
  timeStyle: 'short',
  timeZone: 'UTC',
});

/** "Sep 1, 2023, 2:05 PM UTC" */
export const formatRunDate = (iso: string) => `${runDate.format(Date.parse(iso))} UTC`;
