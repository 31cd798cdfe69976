import type { ReactNode } from 'react';
import { Alert } from '../../../components/Alert';
import { Button } from '../../../components/Button';
import { ProgressBar } from '../../../components/ProgressBar';
import { FINISHED_BEFORE_CANCEL } from '../../../lib/jobs';
import type { MlJobAnswer } from '../../../../shared/api/jobs';
import styles from './MlSection.module.css';

interface MlJobProgressProps {
  /** The job's last answer; undefined until the first one arrives. */
  job: MlJobAnswer | undefined;
  /** Why the job could not be asked about, when it could not. */
  pollError: string | null;
  onCancel: () => void;
  cancelling: boolean;
  /** Whether a cancel came after the run had already finished (409). */
  cancelTooLate: boolean;
  /**
   * A link to the stored run of a done job the page does not open by itself (its result was
   * opened once already); absent, a done job's result is being opened.
   */
  resultLink?: ReactNode;
}

/** What the queued run is: an ML run, or a run on ticks too large for one request. */
const workOf = (job: MlJobAnswer | undefined) => (job?.kind === 'ticks' ? 'run on ticks' : 'ML run');

/**
 * The sentence of a job's state: "Training the models: 3 of 8 parts done"; `opening` when a
 * done job's result is being opened.
 */
export function mlJobStatus(job: MlJobAnswer | undefined, opening = true): string {
  const ticks = job?.kind === 'ticks';
  if (!job || job.state === 'queued') {
    return ticks
      ? 'Queued: reading the trades starts in a moment.'
      : 'Queued: the training starts in a moment.';
  }
  const parts = `${job.done} of ${job.total} part${job.total === 1 ? '' : 's'}`;
  switch (job.state) {
    case 'running':
      return ticks
        ? `Reading and running the trades a day at a time: ${parts} done.`
        : `Training the models: ${parts} done.`;
    case 'done': {
      const done = ticks ? `Run on every trade: ${parts} done.` : `Trained: ${parts} done.`;
      return opening ? `${done} Opening the result...` : done;
    }
    case 'failed':
      return `The ${workOf(job)} failed after ${parts}.`;
    case 'cancelled':
      return `Cancelled after ${parts}.`;
  }
}

/**
 * A queued ML run or run on ticks (POST /api/backtests answered 202): its progress by parts, a
 * Cancel button while it runs, and how it ended when it did not succeed.
 */
export function MlJobProgress({
  job,
  pollError,
  onCancel,
  cancelling,
  cancelTooLate,
  resultLink,
}: MlJobProgressProps) {
  const running = !job || job.state === 'queued' || job.state === 'running';
  const total = job?.total ?? 0;
  const done = job?.done ?? 0;
  return (
    <div className={styles.progress}>
      <p role="status">{mlJobStatus(job, resultLink === undefined)}</p>
      <ProgressBar
        label={job?.kind === 'ticks' ? 'Run on ticks progress' : 'ML training progress'}
        done={done}
        total={total}
        unit="parts"
      />
      {pollError && <Alert tone="warning">The progress could not be read: {pollError} Retrying...</Alert>}
      {cancelTooLate && <Alert tone="info">{FINISHED_BEFORE_CANCEL}</Alert>}
      {running && (
        <Button variant="secondary" onClick={onCancel} disabled={cancelling}>
          {cancelling ? 'Cancelling...' : `Cancel the ${workOf(job)}`}
        </Button>
      )}
      {job?.state === 'done' && resultLink}
      {job?.state === 'failed' && (
        <Alert tone="error">
          The {workOf(job)} failed: {job.error ?? 'no reason was given.'}
        </Alert>
      )}
      {job?.state === 'cancelled' && (
        <Alert tone="warning">The {workOf(job)} was cancelled. Its parts still queued were skipped.</Alert>
      )}
    </div>
  );
}
