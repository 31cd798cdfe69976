/** How the history list writes its figures: the result page's formats, plus "—" for no value. */
import {
  formatCount,
  formatPercent,
  formatRatio,
  formatSignedMoney,
  formatSignedPercent,
} from '../../lib/backtests/format';

export { formatCount, formatSignedMoney, formatSignedPercent };

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
