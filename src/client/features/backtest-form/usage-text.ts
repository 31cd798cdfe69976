import type { Usage } from '../../../shared/api/usage';

/** Made on first use: a page's first Intl format costs a phone tens of ms, so not at load. */
let resetDate: Intl.DateTimeFormat | undefined;

/** "2 of 5 backtests used this month, resets on December 1, 2026." */
export function usageText({ used, limit, resetsOn }: Usage): string {
  const runs = (count: number) =>
    `${count.toLocaleString('en-US')} ${count === 1 ? 'backtest' : 'backtests'}`;
  if (limit === null) return `${runs(used)} run this month; your plan has no monthly limit.`;
  resetDate ??= new Intl.DateTimeFormat('en-US', {
    timeZone: 'UTC',
    year: 'numeric',
    month: 'long',
    day: 'numeric',
  });
  const day = resetDate.format(new Date(`${resetsOn}T00:00:00Z`));
  return `${used.toLocaleString('en-US')} of ${runs(limit)} used this month, resets on ${day}.`;
}
