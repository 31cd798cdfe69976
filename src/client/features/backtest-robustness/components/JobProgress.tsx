import { Alert } from '../../../components/Alert';
import { Button } from '../../../components/Button';
import { ProgressBar } from '../../../components/ProgressBar';
import type { JobAnswer } from '../../../../shared/api/robustness';
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
  return (
    <div className={styles.progress}>
      <p role="status">
        {STATE_WORDS[job.state]}: {job.done} of {job.total} parts of{' '}
        {job.configurations.toLocaleString('en-US')} configurations
      </p>
      <ProgressBar label="Analysis progress" done={job.done} total={job.total} unit="parts" />
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
