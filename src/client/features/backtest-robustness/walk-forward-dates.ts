/** The walk-forward table's dates: each window from its first bar to its last. */
import type { RobustnessResult } from '../../../shared/api/robustness';

type Window = NonNullable<RobustnessResult['walkForward']>['windows'][number];

const day = (ms: number) => new Date(ms).toISOString().slice(0, 10);

/**
 * "2023-01-03 to 2023-06-30". A window's `to` is the next window's first bar, so the end shown
 * is its own last bar; analyses stored before that was kept say where the window stops instead.
 */
function span(from: number, last: number | undefined, to: number): string {
  return last === undefined ? `${day(from)} to before ${day(to)}` : `${day(from)} to ${day(last)}`;
}

export function windowDates(window: Window): { trained: string; traded: string } {
  return {
    trained: span(window.trainFrom, window.trainLast, window.trainTo),
    traded: span(window.testFrom, window.testLast, window.testTo),
  };
}
