import type { ActiveJob } from '../../../shared/api/jobs';
import { type BacktestRequestInput, backtestRequestSchema } from '../../../shared/backtest-request';
import { requestFingerprint } from '../../../shared/request-fingerprint';

/**
 * The job in flight that sending `request` would repeat: an ML run whose stored request has the
 * fingerprint of this one as the server would store it (sent as JSON, parsed by the request
 * schema with its defaults). None when the request would not pass the schema.
 */
export function runningTwinOf(
  request: BacktestRequestInput,
  jobs: readonly ActiveJob[],
): ActiveJob | undefined {
  const stored = backtestRequestSchema.safeParse(JSON.parse(JSON.stringify(request)));
  if (!stored.success) return undefined;
  const fingerprint = requestFingerprint(stored.data);
  return jobs.find((job) => job.kind === 'ml' && job.requestFingerprint === fingerprint);
}
