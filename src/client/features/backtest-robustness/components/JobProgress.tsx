import { Alert } from '../../../components/Alert';
import { Button } from '../../../components/Button';
import type { JobAnswer } from '../../../../shared/robustness-jobs';
import styles from './Robustness.module.css';

interface JobProgressProps {
  job: JobAnswer;
  onCancel: () => void;
  cancelling: boolean;
}

const STATE_WORDS: Record<JobAnswer['state'], string> = {
  queued: 'Queued',
  running: 'Running',
  done: 'Done',
  failed: 'Failed',
  cancelled: 'Cancelled',
};

/** Where a job stands: a progress bar with Cancel while it runs, then how it ended. */
export function JobProgress({ job, onCancel, cancelling }: JobProgressProps) {
  const running = job.state === 'queued' || job.state === 'running';
  const percent = job.total > 0 ? Math.round((job.done / job.total) * 100) : 0;
  return (
    <div className={styles.progress}>
      <p role="status">
        {STATE_WORDS[job.state]}: {job.done} of {job.total} parts of{' '}
        {job.configurations.toLocaleString('en-US')} configurations
      </p>
      <div
        role="progressbar"
        aria-label="Analysis progress"
        aria-valuemin={0}
        aria-valuemax={job.total}
        aria-valuenow={job.done}
        aria-valuetext={`${job.done} of ${job.total} parts`}
        className={styles.bar}
      >
        <span style={{ width: `${percent}%` }} />
      </div>
      {running && (
        <Button variant="secondary" onClick={onCancel} disabled={cancelling}>
          {cancelling ? 'Cancelling...' : 'Cancel'}
        </Button>
      )}
      {job.state === 'failed' && (
        <Alert tone="error">The analysis failed: {job.error ?? 'no reason was given.'}</Alert>
      )}
      {job.state === 'cancelled' && (
        <Alert tone="warning">The analysis was cancelled. Its parts still queued were skipped.</Alert>
      )}
    </div>
  );
}
