import { describe, expect, it } from 'vitest';
import { windowDates } from '../../../../src/client/features/backtest-robustness/walk-forward-dates';

const at = (date: string) => Date.parse(`${date}T14:30:00Z`);

/** Two rolling windows on daily bars: training ends the Friday before trading starts on Monday. */
const WINDOW = {
  trainFrom: at('2023-01-03'),
  trainTo: at('2023-06-05'),
  trainLast: at('2023-06-02'),
  testFrom: at('2023-06-05'),
  testTo: at('2023-09-05'),
  testLast: at('2023-09-01'),
  chosen: {},
  inSampleScore: 1.2,
  outOfSampleMetrics: {} as never,
};

describe('walk-forward window dates', () => {
  it('ends each window on its own last bar, not on the next window’s first', () => {
    expect(windowDates(WINDOW)).toEqual({
      trained: '2023-01-03 to 2023-06-02',
      traded: '2023-06-05 to 2023-09-01',
    });
  });

  it('says where a window stops when the analysis was stored without its last bars', () => {
    const { trainLast: _train, testLast: _test, ...older } = WINDOW;
    expect(windowDates(older)).toEqual({
      trained: '2023-01-03 to before 2023-06-05',
      traded: '2023-06-05 to before 2023-09-05',
    });
  });
});
