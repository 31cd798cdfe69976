import { useCallback, useEffect } from 'react';
import { useSearchParams } from 'react-router';
import { JOB_PARAM } from '../../../../shared/job-links';
import { useActiveJobs } from '../../../lib/active-jobs';
import { forgetJob, rememberJob, rememberedJob } from '../followed-job';

/**
 * The queued ML run the builder follows: the one named in the page's address (`?job=`), which
 * survives a reload and is where "Running now" links; coming back to the builder without it,
 * the run the tab waits for (followed-job.ts) is followed again while it is still in flight.
 */
export function useFollowedJob(): { jobId: string | null; follow: (jobId: string) => void } {
  const [params, setParams] = useSearchParams();
  const jobId = params.get(JOB_PARAM);
  const follow = useCallback(
    (id: string) => {
      rememberJob(id);
      setParams(
        (current) => {
          const next = new URLSearchParams(current);
          next.set(JOB_PARAM, id);
          return next;
        },
        { replace: true },
      );
    },
    [setParams],
  );

  const { jobs, fresh } = useActiveJobs();
  useEffect(() => {
    if (jobId !== null || !fresh) return;
    const waitedFor = rememberedJob();
    if (waitedFor === null) return;
    if (jobs.some((job) => job.id === waitedFor)) follow(waitedFor);
    // Ended while the builder was not open: its result is in the history (and its mail).
    else forgetJob(waitedFor);
  }, [jobId, fresh, jobs, follow]);

  return { jobId, follow };
}
