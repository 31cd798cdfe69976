import { useId } from 'react';
import { Link } from 'react-router';
import type { ActiveJob } from '../../../../shared/api/jobs';
import { ProgressBar } from '../../../components/ProgressBar';
import { useActiveJobs } from '../../../lib/active-jobs';
import { jobProgressText, jobTitle } from '../job-text';
import styles from './RunningNow.module.css';

/**
 * "Running now": the signed-in user's jobs in flight under the header of every page, each with
 * its progress and a link to the page that follows it. Nothing shows while none runs.
 */
export function RunningNow() {
  const { jobs } = useActiveJobs();
  const headingId = useId();
  if (jobs.length === 0) return null;
  return (
    <section className={styles.strip} aria-labelledby={headingId}>
      <div className={`container ${styles.inner}`}>
        <h2 id={headingId} className={styles.heading}>
          Running now
        </h2>
        <ul className={styles.list}>
          {jobs.map((job) => (
            <RunningJob key={job.id} job={job} />
          ))}
        </ul>
      </div>
    </section>
  );
}

function RunningJob({ job }: { job: ActiveJob }) {
  const title = jobTitle(job);
  return (
    <li className={styles.item}>
      <Link to={job.link} className={styles.link}>
        {title}
      </Link>
      <span className={styles.progress}>
        <ProgressBar label={`${title}: progress`} done={job.done} total={job.total} unit="parts" />
      </span>
      <span className={styles.status}>{jobProgressText(job)}</span>
    </li>
  );
}
