import { describe, expect, it } from 'vitest';
import {
  MAX_ELAPSED_POINTS,
  defaultAlignment,
  elapsedCurves,
  normalisedEquity,
  parseCompareIds,
  spansDiffer,
} from '../../../../src/client/features/backtest-compare/compare-data';
import { strategySummary } from '../../../../src/client/lib/backtests/labels';
import { REQUEST } from '../backtest-results/fixtures';

describe('compare data', () => {
  it('reads 2 to 4 distinct ids from the query', () => {
    expect(parseCompareIds('?ids=a,b')).toEqual({ ids: ['a', 'b'] });
    expect(parseCompareIds('?ids=a,%20b,a,c')).toEqual({ ids: ['a', 'b', 'c'] });
    expect(parseCompareIds('?ids=a')).toHaveProperty('problem');
    expect(parseCompareIds('')).toHaveProperty('problem');
    expect(parseCompareIds('?ids=a,b,c,d,e')).toHaveProperty('problem');
  });

  it('normalises equity to 100 at the start', () => {
    const points = normalisedEquity({ t: [1, 2, 3], equity: [50_000, 55_000, 40_000], drawdownPct: [] });
    expect(points.map((point) => point.t)).toEqual([1, 2, 3]);
    expect(points[0]!.value).toBe(100);
    expect(points[1]!.value).toBeCloseTo(110, 10);
    expect(points[2]!.value).toBeCloseTo(80, 10);
  });

  it('sums up a strategy in one line', () => {
    expect(strategySummary(REQUEST)).toBe(
      'SMA (10) Crosses Above SMA (20) and RSI (14) Less Than 70 → SMA (10) Crosses Below SMA (20), Stop loss 5%',
    );
  });
});

const DAY = 86_400_000;
/** A curve from `from` to `to` (ISO dates), one point every `stepMs`. */
function curve(from: string, to: string, stepMs: number, value = (i: number) => 100 + i) {
  const points: { t: number; value: number }[] = [];
  for (let t = Date.parse(from), i = 0; t <= Date.parse(to); t += stepMs, i++)
    points.push({ t, value: value(i) });
  return points;
}

describe('lining up runs of different periods', () => {
  const intraday2023 = curve('2023-01-02', '2023-12-29', 15 * 60_000);
  const daily2019 = curve('2019-01-02', '2020-12-31', DAY);
  const daily2019Other = curve('2019-01-02', '2020-12-31', DAY, (i) => 100 - i / 10);

  it('calls periods different when two runs share less than half of the shorter one', () => {
    expect(spansDiffer([intraday2023, daily2019, daily2019Other])).toBe(true);
    expect(spansDiffer([daily2019, daily2019Other])).toBe(false);
    // 2019-2020 against 2020-2021: the one year shared is half of either span.
    expect(spansDiffer([daily2019, curve('2020-01-01', '2021-12-31', DAY)])).toBe(false);
    // 2019-2020 against July 2020 to June 2022: six months shared of a two-year span.
    expect(spansDiffer([daily2019, curve('2020-07-01', '2022-06-30', DAY)])).toBe(true);
    // A short run inside a long one shares all of its span.
    expect(spansDiffer([daily2019, curve('2019-03-01', '2019-04-01', DAY)])).toBe(false);
    // Single-bar runs: the same instant, or not.
    expect(spansDiffer([[{ t: 5 }], [{ t: 5 }]])).toBe(false);
    expect(spansDiffer([[{ t: 5 }], [{ t: 6 }]])).toBe(true);
  });

  it('aligns by elapsed time by default only when the periods differ', () => {
    expect(defaultAlignment([intraday2023, daily2019, daily2019Other])).toBe('elapsed');
    expect(defaultAlignment([daily2019, daily2019Other])).toBe('calendar');
  });

  it('puts every curve on one grid of days from its own start, evenly spaced and within the point budget', () => {
    const [intraday, daily, other] = elapsedCurves([intraday2023, daily2019, daily2019Other]);
    // The longest run spans 729 days: a grid of whole days.
    expect(daily!.map((point) => point.x).slice(0, 4)).toEqual([0, 1, 2, 3]);
    expect(daily!.at(-1)!.x).toBe(729);
    expect(other!.at(-1)!.x).toBe(729);
    expect(intraday!.at(-1)!.x).toBe(361);
    // Each starts at its own start, not at a calendar date the others share.
    expect(intraday![0]).toEqual({ x: 0, value: 100 });
    expect(daily![0]).toEqual({ x: 0, value: 100 });
    // Day 1 of the 15-minute run is its 97th point; each curve ends on its final value.
    expect(intraday![1]).toEqual({ x: 1, value: 196 });
    expect(intraday!.at(-1)!.value).toBe(intraday2023.at(-1)!.value);
    expect(other!.at(-1)!.value).toBe(daily2019Other.at(-1)!.value);
    for (const points of [intraday!, daily!, other!])
      expect(points.length).toBeLessThanOrEqual(MAX_ELAPSED_POINTS + 1);
  });

  it('takes a finer step for short runs and carries the last value between points', () => {
    const hourly = curve('2023-03-01', '2023-03-03', 3_600_000);
    const twoDays = curve('2021-06-01T00:00:00Z', '2021-06-03T00:00:00Z', 6 * 3_600_000);
    const [a, b] = elapsedCurves([hourly, twoDays]);
    // Two days at 5-minute steps is 576 steps: within the budget.
    expect(a![1]!.x).toBeCloseTo(5 / 1440, 12);
    expect(a!.length).toBe(577);
    // Between two six-hourly points the value holds.
    expect(b!.slice(0, 72).every((point) => point.value === 100)).toBe(true);
    expect(b![72]).toEqual({ x: 0.25, value: 101 });
    // Whole days on the grid are exact, so the axis labels them as whole numbers.
    expect(a![288]!.x).toBe(1);
  });

  it('draws nothing for a run without points', () => {
    expect(elapsedCurves([[], daily2019])[0]).toEqual([]);
  });
});
