/**
 * Values checked by hand: what TA-Lib does not have (pivots, VWAP, Ichimoku displacement and
 * chikou, price labels), the edge rules (no movement, zero volume, zero price), and periods of
 * 1, which TA-Lib refuses for most functions.
 */
import { describe, expect, it } from 'vitest';
import { SessionCalendar } from '../../../src/engine/candles/session-calendar';
import { seriesFromRows, sliceSeries, type CandleRow } from '../../../src/engine/candles/series';
import { computeIndicator, type IndicatorSettingsInput } from '../../../src/engine/indicators/registry';
import { syntheticSeries } from '../data/synthetic';

const DAY_MS = 86_400_000;
const HOUR_MS = 3_600_000;
const MONDAY = Date.UTC(2024, 0, 1);

/** Bars [h, l, c, v] at the given open times (o = the previous close, or c for the first). */
function bars(times: readonly number[], hlcv: readonly (readonly [number, number, number, number])[]) {
  return seriesFromRows(
    hlcv.map(([h, l, c, v], i): CandleRow => ({ t: times[i]!, o: hlcv[i - 1]?.[2] ?? c, h, l, c, v })),
  );
}

const dailyTimes = (count: number) => Array.from({ length: count }, (_, i) => MONDAY + i * DAY_MS);
const values = (label: string, series: ReturnType<typeof bars>, input?: IndicatorSettingsInput) =>
  Array.from(computeIndicator(label, series, input));

describe('price labels', () => {
  const series = syntheticSeries(50, 3);
  it.each([
    ['Open Price', 'o'],
    ['High Price', 'h'],
    ['Low Price', 'l'],
    ['Close Price', 'c'],
    ['Ichimoku chikou_span', 'c'],
  ] as const)('%s is the bar’s own value, as a copy', (label, field) => {
    const result = computeIndicator(label, series, {});
    expect(result).toEqual(series[field]);
    expect(result).not.toBe(series[field]);
  });
});

describe('floor pivots', () => {
  it('come from the previous bar on daily bars', () => {
    const series = bars(dailyTimes(3), [
      [110, 90, 100, 1],
      [120, 100, 115, 1],
      [118, 112, 113, 1],
    ]);
    const p2 = (120 + 100 + 115) / 3;
    expect(values('Pivot Point', series)).toEqual([NaN, 100, p2]);
    expect(values('Resistance 1', series)).toEqual([NaN, 110, 2 * p2 - 100]);
    expect(values('Support 1', series)).toEqual([NaN, 90, 2 * p2 - 120]);
    expect(values('Resistance 2', series)).toEqual([NaN, 120, p2 + 20]);
    expect(values('Support 2', series)).toEqual([NaN, 80, p2 - 20]);
  });

  it('come from the previous UTC day with bars on intraday bars', () => {
    const friday = MONDAY + 4 * DAY_MS;
    const nextMonday = MONDAY + 7 * DAY_MS;
    const times = [
      ...[14, 15, 16].map((hour) => friday + hour * HOUR_MS),
      ...[0, 14, 23].map((hour) => nextMonday + hour * HOUR_MS),
      nextMonday + DAY_MS,
    ];
    const series = bars(times, [
      [105, 95, 100, 1],
      [112, 101, 110, 1], // Friday: H 112, L 94, C 99
      [111, 94, 99, 1],
      [120, 100, 119, 1], // Monday: H 125, L 98, C 121
      [125, 98, 101, 1],
      [122, 118, 121, 1],
      [130, 120, 125, 1],
    ]);
    const fridayPivot = (112 + 94 + 99) / 3;
    const mondayPivot = (125 + 98 + 121) / 3;
    expect(values('Pivot Point', series)).toEqual([
      NaN,
      NaN,
      NaN,
      ...Array(3).fill(fridayPivot),
      mondayPivot,
    ]);
    expect(values('Support 1', series).slice(3)).toEqual([
      ...Array(3).fill(2 * fridayPivot - 112),
      2 * mondayPivot - 125,
    ]);
    expect(values('Resistance 1', series).at(-1)).toBe(2 * mondayPivot - 98);
    expect(values('Support 2', series).at(-1)).toBe(mondayPivot - 27);
    expect(values('Resistance 2', series).at(3)).toBe(fridayPivot + 18);
  });
});

describe('floor pivots in a market’s calendar', () => {
  it('take the previous trading day’s session, which in Sydney starts the evening before in UTC', () => {
    // Thursday 4 April and Friday 5 April 2024, 10:00-16:00 AEDT = 23:00-05:00 UTC.
    const thursdayOpen = Date.UTC(2024, 3, 3, 23);
    const fridayOpen = Date.UTC(2024, 3, 4, 23);
    const times = [0, 2, 5].flatMap((hour) =>
      [thursdayOpen, fridayOpen].map((open) => open + hour * HOUR_MS),
    );
    times.sort((x, y) => x - y);
    const series = {
      ...bars(times, [
        [110, 100, 105, 1],
        [120, 104, 118, 1], // 01:00 UTC: still Thursday's session
        [119, 95, 99, 1],
        [101, 90, 94, 1], // Friday opens
        [100, 92, 96, 1],
        [97, 93, 95, 1],
      ]),
      calendar: new SessionCalendar('Australia/Sydney', 10 * 60),
    };
    const thursdayPivot = (120 + 95 + 99) / 3;
    expect(values('Pivot Point', series)).toEqual([NaN, NaN, NaN, ...Array(3).fill(thursdayPivot)]);
    expect(values('Support 1', series).at(-1)).toBe(2 * thursdayPivot - 120);
  });
});

describe('VWAP', () => {
  const tp = (h: number, l: number, c: number) => (h + l + c) / 3;

  it('restarts at each UTC day when Timeframe is blank', () => {
    const times = [20, 21, 22, 23, 24, 25].map((hour) => MONDAY + hour * HOUR_MS);
    const series = bars(times, [
      [12, 9, 10, 100],
      [14, 10, 12, 300],
      [13, 11, 12, 0],
      [15, 12, 14, 100],
      [20, 16, 18, 0], // new day, no volume yet: the bar's own typical price
      [22, 18, 21, 50],
    ]);
    const [a, b, c, d, e, f] = [
      tp(12, 9, 10),
      tp(14, 10, 12),
      tp(13, 11, 12),
      tp(15, 12, 14),
      tp(20, 16, 18),
      tp(22, 18, 21),
    ];
    const expected = [
      a,
      (a * 100 + b * 300) / 400,
      (a * 100 + b * 300 + c * 0) / 400,
      (a * 100 + b * 300 + c * 0 + d * 100) / 500,
      e,
      (e * 0 + f * 50) / 50,
    ];
    values('VWAP', series, { Timeframe: '' }).forEach((value, i) =>
      expect(value).toBeCloseTo(expected[i]!, 12),
    );
  });

  it('restarts at each trading day of the series’ calendar: Sydney opens at 23:00 UTC in summer', () => {
    // Friday 5 April 2024 trades 23:00-05:00 UTC (10:00-16:00 AEDT); Monday 8 April opens at
    // 00:00 UTC (AEST). Hourly bars from 22:00 UTC on Thursday 4 April.
    const thursday = Date.UTC(2024, 3, 4);
    const times = [23, 24, 25, 28, 96, 97].map((hour) => thursday + hour * HOUR_MS);
    const rows: [number, number, number, number][] = [
      [12, 9, 10, 100],
      [14, 10, 12, 300],
      [13, 11, 12, 200],
      [15, 12, 14, 100],
      [20, 16, 18, 50],
      [22, 18, 21, 50],
    ];
    const sydney = { ...bars(times, rows), calendar: new SessionCalendar('Australia/Sydney', 10 * 60) };
    const [a, b, c, d, e, f] = rows.map(([h, l, cl]) => tp(h, l, cl));
    const friday = [a, (a! * 100 + b! * 300) / 400, (a! * 100 + b! * 300 + c! * 200) / 600];
    const expected = [...friday, (a! * 100 + b! * 300 + c! * 200 + d! * 100) / 700, e, (e! + f!) / 2];
    values('VWAP', sydney).forEach((value, i) => expect(value).toBeCloseTo(expected[i]!, 12));
    // Read as UTC days, the same bars would restart at 00:00 UTC, in the middle of the session.
    expect(values('VWAP', bars(times, rows))[1]).toBeCloseTo(b!, 12);
  });

  it('is the typical price of each bar on daily bars', () => {
    const series = syntheticSeries(30, 4);
    values('VWAP', series).forEach((value, i) =>
      expect(value).toBeCloseTo(tp(series.h[i]!, series.l[i]!, series.c[i]!), 12),
    );
  });

  it('rolls over the last N bars when Timeframe is N', () => {
    const series = bars(dailyTimes(5), [
      [12, 9, 10, 100],
      [14, 10, 12, 300],
      [13, 11, 12, 0],
      [15, 12, 14, 0],
      [16, 13, 15, 200],
    ]);
    const [a, b, , d, e] = [tp(12, 9, 10), tp(14, 10, 12), tp(13, 11, 12), tp(15, 12, 14), tp(16, 13, 15)];
    const expected = [NaN, (a * 100 + b * 300) / 400, b, d, e];
    values('VWAP', series, { Timeframe: 2 }).forEach((value, i) =>
      Number.isNaN(expected[i]) ? expect(value).toBeNaN() : expect(value).toBeCloseTo(expected[i]!, 12),
    );
    const single = [a, b, tp(13, 11, 12), d, e];
    values('VWAP', series, { Timeframe: 1 }).forEach((value, i) => expect(value).toBeCloseTo(single[i]!, 12));
  });
});

describe('Ichimoku', () => {
  const series = syntheticSeries(200, 5);
  const midRange = (t: number, period: number) => {
    const window = { h: series.h.slice(t - period + 1, t + 1), l: series.l.slice(t - period + 1, t + 1) };
    return (Math.max(...window.h) + Math.min(...window.l)) / 2;
  };

  it('tenkan and kijun are the mid-ranges of the last 9 and 26 bars', () => {
    const tenkan = computeIndicator('Ichimoku tenkan_sen', series);
    const kijun = computeIndicator('Ichimoku kijun_sen', series);
    for (const t of [8, 30, 120, 199]) expect(tenkan[t]).toBe(midRange(t, 9));
    for (const t of [25, 30, 120, 199]) expect(kijun[t]).toBe(midRange(t, 26));
  });

  it('senkou spans at bar t are the lines computed 26 bars earlier', () => {
    const spanA = computeIndicator('Ichimoku senkou_span_a', series);
    const spanB = computeIndicator('Ichimoku senkou_span_b', series);
    for (const t of [51, 90, 199]) expect(spanA[t]).toBe((midRange(t - 26, 9) + midRange(t - 26, 26)) / 2);
    for (const t of [77, 150, 199]) expect(spanB[t]).toBe(midRange(t - 26, 52));
  });

  it('senkou spans at bar t do not move when the last 26 bars change', () => {
    const t = 150;
    const changed = sliceSeries(series, 0, t + 1);
    for (let i = t - 25; i <= t; i++) {
      changed.h[i] = 1000;
      changed.l[i] = 1;
    }
    for (const label of ['Ichimoku senkou_span_a', 'Ichimoku senkou_span_b']) {
      expect(computeIndicator(label, changed)[t]).toBe(computeIndicator(label, series)[t]);
    }
    expect(computeIndicator('Ichimoku kijun_sen', changed)[t]).not.toBe(
      computeIndicator('Ichimoku kijun_sen', series)[t],
    );
  });

  it('chikou at bar t is close[t], for comparison with the other side at t - Timeframe 2', () => {
    expect(computeIndicator('Ichimoku chikou_span', series, { 'Timeframe 2': '30' })).toEqual(series.c);
  });
});

describe('edge rules', () => {
  const flat = bars(
    dailyTimes(40),
    Array.from({ length: 40 }, () => [50, 50, 50, 0] as const),
  );

  it('RSI, Williams %R, stochastic and MFI are 0 when nothing moves', () => {
    for (const label of ['RSI', 'Williams %R', 'Stochastic %K', 'Stochastic %D', 'MFI']) {
      expect(
        values(label, flat)
          .filter((value) => !Number.isNaN(value))
          .every((value) => value === 0),
      ).toBe(true);
    }
    expect(values('Bollinger Upper', flat).at(-1)).toBe(50);
  });

  it('MFI is 0 when the money flow of the window is below 1', () => {
    const series = syntheticSeries(60, 6);
    series.v.fill(0.0005); // 14 flows of about 100 * 0.0005: total < 1
    expect(
      values('MFI', series)
        .slice(14)
        .every((value) => value === 0),
    ).toBe(true);
  });

  it('ROC is 0 when the earlier price is 0', () => {
    const series = bars(dailyTimes(3), [
      [0, 0, 0, 1],
      [2, 1, 2, 1],
      [3, 2, 3, 1],
    ]);
    expect(values('ROC', series, { Timeframe: 1 })).toEqual([NaN, 0, 50]);
  });

  it('OBV starts at +volume[0] and skips unchanged closes', () => {
    const series = bars(dailyTimes(4), [
      [10, 10, 10, 5],
      [11, 11, 11, 7],
      [11, 11, 11, 9],
      [9, 9, 9, 4],
    ]);
    expect(values('OBV', series)).toEqual([5, 12, 12, 8]);
  });
});

describe('period 1 (outside most TA-Lib ranges) follows the same formulas', () => {
  const series = syntheticSeries(80, 7);
  const close = Array.from(series.c);
  const one = { Timeframe: 1 };

  it('SMA, EMA and the Bollinger bands are the close itself', () => {
    for (const label of ['SMA', 'EMA', 'Bollinger Upper', 'Bollinger Middle', 'Bollinger Lower']) {
      expect(values(label, series, one)).toEqual(close);
    }
  });

  it('RSI and MFI are 100 on a rise and 0 otherwise', () => {
    const rsi = values('RSI', series, one);
    const mfi = values('MFI', series, one);
    const typical = (j: number) => (series.h[j]! + series.l[j]! + series.c[j]!) / 3;
    for (let i = 1; i < close.length; i++) {
      expect(rsi[i]).toBe(close[i]! > close[i - 1]! ? 100 : 0);
      expect(mfi[i]).toBe(typical(i) > typical(i - 1) && typical(i) * series.v[i]! >= 1 ? 100 : 0);
    }
  });

  it('Williams %R places the close within the bar', () => {
    const willr = values('Williams %R', series, one);
    willr.forEach((value, i) => {
      const range = series.h[i]! - series.l[i]!;
      expect(value).toBeCloseTo(range === 0 ? 0 : ((series.h[i]! - series.c[i]!) / range) * -100, 10);
    });
  });

  it('a MACD signal period of 1 is the MACD line, so the histogram is 0', () => {
    const input = { 'Signal Period': 1 };
    expect(values('MACD green line', series, input)).toEqual(values('MACD macd line', series, input));
    expect(values('MACD histogram', series, input).slice(25)).toEqual(Array(55).fill(0));
  });
});
