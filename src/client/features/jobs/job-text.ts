/** The words of a job in flight: what it is and what it is for, and how far it has got. */
import type { ActiveJob } from '../../../shared/api/jobs';
import { isSampleMarket, isUploadMarket } from '../../../shared/data-sources';

const KIND_NAMES: Record<ActiveJob['kind'], string> = {
  ml: 'ML run',
  ticks: 'Run on ticks',
  robustness: 'Robustness analysis',
};

/** The instrument and bar size of the job's request: "AAPL (US), 1 day". */
function subjectText({ exchange, stock, timeframe }: ActiveJob['subject']): string {
  const instrument = isSampleMarket(exchange, stock)
    ? 'S&P 500 sample'
    : isUploadMarket(exchange)
      ? 'Uploaded dataset'
      : `${stock} (${exchange})`;
  return `${instrument}, ${timeframe}`;
}

/** "ML run: AAPL (US), 1 day" */
export function jobTitle(job: ActiveJob): string {
  return `${KIND_NAMES[job.kind]}: ${subjectText(job.subject)}`;
}

/** "Queued" until a part has started, then "2 of 5 parts done". */
export function jobProgressText(job: ActiveJob): string {
  if (job.state === 'queued') return 'Queued';
  return `${job.done} of ${job.total} part${job.total === 1 ? '' : 's'} done`;
}
