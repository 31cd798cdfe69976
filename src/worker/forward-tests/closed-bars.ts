/**
 * Which bars of a poll of the provider's intraday bars are closed. The provider answers the bar
 * that is still forming with the others, and nothing marks it, so a bar counts as closed when:
 *
 * - the provider already has a later bar (a bar ends where the next begins), or
 * - `now` is at least its open + one interval + BAR_CLOSE_GRACE_MS (the last bar of a session,
 *   or of a quiet market, has no next bar until the next session).
 *
 * A bar that is neither is left for a later poll, however it looks now.
 */
import type { CandleRow } from '../../engine/index';

/** How long after its end a bar with no next bar is taken as final (the provider's own lag). */
export const BAR_CLOSE_GRACE_MS = 60_000;

export interface PolledBars {
  /** The closed bars, in order of time. */
  closed: CandleRow[];
  /** Bars left out because they may still be forming (0 or 1: only the last can be). */
  forming: number;
}

/** Splits `rows` (in order of time, as the provider answers) into closed bars and the forming one. */
export function closedPolledBars(rows: readonly CandleRow[], intervalMs: number, now: number): PolledBars {
  const last = rows.at(-1);
  if (last === undefined) return { closed: [], forming: 0 };
  const lastClosed = now >= last.t + intervalMs + BAR_CLOSE_GRACE_MS;
  return lastClosed ? { closed: [...rows], forming: 0 } : { closed: rows.slice(0, -1), forming: 1 };
}
