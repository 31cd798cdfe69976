/** Which polled bars are closed (src/worker/forward-tests/closed-bars.ts): the rule itself, with the clock as an argument. */
import { describe, expect, it } from 'vitest';
import { BAR_CLOSE_GRACE_MS, closedPolledBars } from '../../../src/worker/forward-tests/closed-bars';

const FIVE_MINUTES = 300_000;
const bar = (t: number, c: number) => ({ t, o: c, h: c + 1, l: c - 1, c, v: 10 });
const T0 = Date.UTC(2026, 10, 27, 14, 30);
const rows = [bar(T0, 100), bar(T0 + FIVE_MINUTES, 101), bar(T0 + 2 * FIVE_MINUTES, 102)];

describe('closed polled bars', () => {
  it('takes every bar the provider has a later bar for, and leaves the last one while it may be forming', () => {
    expect(closedPolledBars(rows, FIVE_MINUTES, T0 + 2 * FIVE_MINUTES + 10_000)).toEqual({
      closed: rows.slice(0, 2),
      forming: 1,
    });
  });

  it('takes the last bar once its interval and the grace have passed, not a millisecond before', () => {
    const end = T0 + 3 * FIVE_MINUTES + BAR_CLOSE_GRACE_MS;
    expect(closedPolledBars(rows, FIVE_MINUTES, end - 1)).toEqual({ closed: rows.slice(0, 2), forming: 1 });
    expect(closedPolledBars(rows, FIVE_MINUTES, end)).toEqual({ closed: rows, forming: 0 });
  });

  it('finds nothing in an empty answer', () => {
    expect(closedPolledBars([], FIVE_MINUTES, T0)).toEqual({ closed: [], forming: 0 });
  });
});
