import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { refreshActiveJobs } from '../../../lib/active-jobs';
import { ApiError } from '../../../lib/api-client';
import { FINISHED_BEFORE_CANCEL, finishedBeforeCancel, isFinalJobState } from '../../../lib/jobs';
import { cancelMlJob, mlJobQuery } from '../api';
import { clearDraft } from '../draft';
import { forgetJob, rememberJob, rememberedJob } from '../followed-job';
import { useFollowedJob } from './useFollowedJob';

/**
 * The queued ML run the builder follows (useFollowedJob): its answer asked every second until
 * it ends, a cancel, and its stored run opened with `onSubmitted` once done, when the tab was
 * waiting for it (followed-job.ts): a run started here, or seen in flight.
 */
export function useFollowedMlRun(onSubmitted: (id: string, notice?: string) => void) {
  const { jobId, follow } = useFollowedJob();
  const queryClient = useQueryClient();
  const job = useQuery({ ...mlJobQuery(jobId ?? ''), enabled: jobId !== null });
  // A job of someone else's, or none: the address names no run to follow.
  const missing = job.error instanceof ApiError && job.error.status === 404;
  const cancel = useMutation({
    mutationFn: cancelMlJob,
    onSuccess: (answer) => {
      queryClient.setQueryData(mlJobQuery(answer.id).queryKey, answer);
      void refreshActiveJobs(queryClient);
    },
    // Too late: the run has ended, so its answer is asked again (and, done, its result opens).
    onError: (error, id) => {
      if (finishedBeforeCancel(error))
        void queryClient.invalidateQueries({ queryKey: mlJobQuery(id).queryKey });
    },
  });
  const cancelTooLate = cancel.isError && finishedBeforeCancel(cancel.error);
  const answer = jobId !== null && job.data?.id === jobId ? job.data : undefined;
  const inFlight = jobId !== null && !missing && !isFinalJobState(answer?.state);

  // The run whose result opens once done: the one the tab waits for when the builder mounts,
  // or one seen in flight (kept in the tab too, for a reload).
  const [waitedFor, setWaitedFor] = useState(rememberedJob);
  const seenInFlight = answer && !isFinalJobState(answer.state) ? answer.id : null;
  if (seenInFlight !== null && waitedFor !== seenInFlight) setWaitedFor(seenInFlight);
  const answerId = answer?.id;
  const state = answer?.state;
  useEffect(() => {
    if (answerId === undefined || state === undefined) return;
    if (isFinalJobState(state)) forgetJob(answerId);
    else rememberJob(answerId);
  }, [answerId, state]);

  const finishedRunId = answer?.state === 'done' ? answer.backtestId : null;
  const opensResult = finishedRunId !== null && waitedFor === answerId;
  const openedRunId = useRef<string | null>(null);
  useEffect(() => {
    if (finishedRunId === null || !opensResult || openedRunId.current === finishedRunId) return;
    openedRunId.current = finishedRunId;
    // The form is left for the result: the inputs were sent, so the draft goes.
    clearDraft();
    onSubmitted(finishedRunId, cancelTooLate ? FINISHED_BEFORE_CANCEL : undefined);
  }, [finishedRunId, opensResult, onSubmitted, cancelTooLate]);

  return {
    jobId,
    follow,
    answer,
    pollError: job.isError ? job.error : null,
    missing,
    inFlight,
    /** The stored run of a done job that the page does not open by itself (opened once already). */
    unopenedRunId: opensResult ? null : finishedRunId,
    cancel: () => jobId !== null && cancel.mutate(jobId),
    cancelling: cancel.isPending,
    cancelTooLate,
  };
}
