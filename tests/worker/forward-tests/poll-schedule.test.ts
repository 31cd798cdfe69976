/** When a stock's stream polls next (src/worker/forward-tests/poll-schedule.ts), on New York's and London's clocks. */
import { describe, expect, it } from 'vitest';
import { AFTER_CLOSE_POLLING_MS, nextPollAt, POLL_MS } from '../../../src/worker/forward-tests/poll-schedule';
import { BAR_CLOSE_GRACE_MS } from '../../../src/worker/forward-tests/closed-bars';

const FIVE_MINUTES = 300_000;
const iso = (ms: number) => new Date(ms).toISOString();

describe('the polls of a stock’s stream', () => {
  it('come every minute while a US session is open, and until its last bar can have closed', () => {
    // Wednesday 2026-11-25, 15:00 in New York (UTC-5).
    const afternoon = Date.parse('2026-11-25T20:00:00Z');
    expect(nextPollAt('US', FIVE_MINUTES, afternoon)).toBe(afternoon + POLL_MS);
    const lastChance =
      Date.parse('2026-11-25T21:00:00Z') + FIVE_MINUTES + BAR_CLOSE_GRACE_MS + AFTER_CLOSE_POLLING_MS;
    expect(nextPollAt('US', FIVE_MINUTES, lastChance - 1)).toBe(lastChance - 1 + POLL_MS);
  });

  it('wait for the next trading day’s open after a session, skipping Thanksgiving and the weekend', () => {
    const evening = Date.parse('2026-11-25T23:00:00Z');
    // Thursday 2026-11-26 is Thanksgiving: Friday's open, 09:30 in New York.
    expect(iso(nextPollAt('US', FIVE_MINUTES, evening))).toBe('2026-11-27T14:30:00.000Z');
    const fridayNight = Date.parse('2026-11-28T02:00:00Z');
    expect(iso(nextPollAt('US', FIVE_MINUTES, fridayNight))).toBe('2026-11-30T14:30:00.000Z');
    // Before Monday's open, the same morning's open.
    const mondayMorning = Date.parse('2026-11-30T12:00:00Z');
    expect(iso(nextPollAt('US', FIVE_MINUTES, mondayMorning))).toBe('2026-11-30T14:30:00.000Z');
  });

  it('follow London’s clock for LSE, and poll every minute where the sessions are not known', () => {
    const londonNight = Date.parse('2026-11-25T20:00:00Z');
    expect(iso(nextPollAt('LSE', FIVE_MINUTES, londonNight))).toBe('2026-11-26T08:00:00.000Z');
    expect(nextPollAt('NOWHERE', FIVE_MINUTES, londonNight)).toBe(londonNight + POLL_MS);
  });
});
