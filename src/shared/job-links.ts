/**
 * Where the app follows a job (the client routes of the same paths): a queued run's progress
 * (an ML run, or a run on ticks) in the builder, which takes the job from `?job=`, and its stored run once done; an analysis on
 * the Robustness tab of the run it analyses, which shows its progress and then its result.
 */
import type { JobState } from './api/jobs';

/** The builder's query parameter naming the queued ML run it follows. */
export const JOB_PARAM = 'job';

const BUILDER_PATH = '/BacktestingForm';
const resultPath = (backtestId: string) => `/backtests/${encodeURIComponent(backtestId)}`;

export type LinkedJob =
  | { kind: 'robustness'; backtestId: string }
  | { kind: 'ml' | 'ticks'; id: string; state: JobState; resultBacktestId: string | null };

/** The path of the page that follows the job: its progress while it runs, its result once done. */
export function jobLinkPath(job: LinkedJob): string {
  if (job.kind === 'robustness') return `${resultPath(job.backtestId)}?tab=robustness`;
  if (job.state === 'done' && job.resultBacktestId) return resultPath(job.resultBacktestId);
  return `${BUILDER_PATH}?${JOB_PARAM}=${encodeURIComponent(job.id)}`;
}
