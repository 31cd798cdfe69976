/** Where a Final Submit stands (docs/product.md#errors-and-messages). */
export type SubmitOutcome =
  | { kind: 'idle' }
  | { kind: 'submitting' }
  | { kind: 'success' }
  /** The very same backtest is still running (job `jobId`): follow it, or run it again? */
  | { kind: 'duplicate'; jobId: string }
  /** The server answered non-OK: its message, else "Server error: {status} {statusText}". */
  | { kind: 'error'; message: string }
  /** 402: the plan's quota is used up or the plan forbids the run; the plans are linked. */
  | { kind: 'upgrade'; message: string }
  /** The server could not be reached: the inputs stay and the user may retry. */
  | { kind: 'network'; message: string }
  /** Signed out: the user is asked to log in and the inputs are kept. */
  | { kind: 'login' };

export const SUBMITTED_MESSAGE = 'Parameters submitted successfully!';
