/**
 * When a stock's stream polls the provider next: every POLL_MS while its exchange's session is
 * open and until AFTER_CLOSE_POLLING_MS after the session's last bar can close
 * (closed-bars.ts), then not until the next trading day's open (weekends and the holidays of
 * market-data/holidays.ts skipped). An exchange whose sessions are not known, or that trades
 * around the clock, is polled every POLL_MS.
 */
import { DAY_MS } from '../market-data/candle-answer';
import { exchangeSession, isTradingDay } from '../market-data/sessions';
import { BAR_CLOSE_GRACE_MS } from './closed-bars';

/** A stock's stream reads the provider's bars this often during a session. */
export const POLL_MS = 60_000;
/** How long after its last bar can close a session is still polled (bars the provider publishes late). */
export const AFTER_CLOSE_POLLING_MS = 15 * 60_000;
/** Trading days looked ahead for the next open (the longest closure kept is far shorter). */
const MAX_DAYS_AHEAD = 15;

const dateOfDay = (day: number) => new Date(day * DAY_MS).toISOString().slice(0, 10);

/** The instant of the next poll of a stream of `exchange` on bars of `intervalMs`, after a poll at `now`. */
export function nextPollAt(exchange: string, intervalMs: number, now: number): number {
  const session = exchangeSession(exchange);
  if (!session || session.minutes >= 1440) return now + POLL_MS;
  const { calendar } = session;
  // The trading day holding `now` starts at its open, so before today's open it is yesterday's.
  const day = calendar.dayOf(now);
  const pollsUntil =
    calendar.startOfDay(day) +
    session.minutes * 60_000 +
    intervalMs +
    BAR_CLOSE_GRACE_MS +
    AFTER_CLOSE_POLLING_MS;
  if (isTradingDay(session, dateOfDay(day)) && now < pollsUntil) return now + POLL_MS;
  let next = day + 1;
  while (!isTradingDay(session, dateOfDay(next)) && next < day + MAX_DAYS_AHEAD) next++;
  return Math.max(now + POLL_MS, calendar.startOfDay(next));
}
