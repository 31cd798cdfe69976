/**
 * The queued ML run the builder waits for, kept in sessionStorage (as the draft is) until its
 * result opens or it ends without one: a reload, or coming back to the builder, follows it
 * again while it runs and opens its result when done; a run whose result was opened once is
 * not opened again (the back button returns to the builder without bouncing to the result).
 * Storage may be unavailable: then nothing is kept, and the address's `?job=` still works.
 */
export const FOLLOWED_JOB_KEY = 'backtest-job';

export function rememberJob(jobId: string): void {
  try {
    sessionStorage.setItem(FOLLOWED_JOB_KEY, jobId);
  } catch {
    // Full or blocked storage: following after a reload is a convenience, not a promise.
  }
}

/** The run waited for, or null. */
export function rememberedJob(): string | null {
  try {
    return sessionStorage.getItem(FOLLOWED_JOB_KEY);
  } catch {
    return null;
  }
}

/** Stops waiting for `jobId` (and only for it: another run may be waited for since). */
export function forgetJob(jobId: string): void {
  try {
    if (sessionStorage.getItem(FOLLOWED_JOB_KEY) === jobId) sessionStorage.removeItem(FOLLOWED_JOB_KEY);
  } catch {
    // As above.
  }
}
