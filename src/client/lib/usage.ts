/** The signed-in user's backtests this month against the plan's limit (GET /api/usage). */
import { queryOptions } from '@tanstack/react-query';
import { type Usage, usageSchema } from '../../shared/api/usage';
import { apiFetch } from './api-client';
import { queryKeys } from './query-keys';

export function fetchUsage() {
  return apiFetch('/api/usage', usageSchema);
}

/** Key ['usage']: whatever stores a run invalidates it. */
export const usageQuery = () => queryOptions({ queryKey: queryKeys.usage, queryFn: fetchUsage });

/** Made on first use: a page's first Intl format costs a phone tens of ms, so not at load. */
let shortDate: Intl.DateTimeFormat | undefined;

/** "5 of 5 runs used; resets on Dec 1" */
export function runsUsedText({ used, limit, resetsOn }: Usage): string {
  shortDate ??= new Intl.DateTimeFormat('en-US', { timeZone: 'UTC', month: 'short', day: 'numeric' });
  const day = shortDate.format(new Date(`${resetsOn}T00:00:00Z`));
  if (limit === null) return `${used.toLocaleString('en-US')} runs this month; no monthly limit`;
  return `${used.toLocaleString('en-US')} of ${limit.toLocaleString('en-US')} runs used; resets on ${day}`;
}

/** What one more run costs, for the run button: "uses 1 run, 3 left this month". */
export function runCostText(usage: Usage | undefined): string {
  if (!usage) return 'uses 1 run of the month';
  if (usage.limit === null) return 'uses 1 run; no monthly limit';
  const left = Math.max(usage.limit - usage.used, 0);
  return `uses 1 run, ${left} left this month`;
}

export const runsLeft = (usage: Usage | undefined) =>
  usage === undefined || usage.limit === null ? Infinity : Math.max(usage.limit - usage.used, 0);
