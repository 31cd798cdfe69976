/**
 * The TradingView indicators TA-Lib lacks, against values computed by hand on six bars, and
 * their no-look-ahead property (a prefix of the bars gives the same values).
 *
 * Bars (t = day index):
 *   t    O   H   L   C    V      TR (TR[0] = H - L)
 *   0   10  12   9  11  100      3
 *   1   11  13  10  12  200      max(3, |13-11|, |10-11|) = 3
 *   2   12  14  11  13  100      max(3, |14-12|, |11-12|) = 3
 *   3   11  13  10  12    0      max(3, |13-13|, |10-13|) = 3
 *   4   13  15  12  14    0      max(3, |15-12|, |12-12|) = 3
 *   5   14  18  14  17  300      max(4, |18-14|, |14-14|) = 4
 */
import { describe, expect, it } from 'vitest';
import { seriesFromRows, sliceSeries, type CandleRow } from '../../../src/engine/candles/series';
import { computeIndicator, type IndicatorSettingsInput } from '../../../src/engine/indicators/registry';
import { INDICATOR_CATALOGUE } from '../../../src/shared/indicator-catalogue';
import { syntheticSeries } from '../data/synthetic';
import { firstMismatch } from './cases';

const rows: [number, number, number, number, number][] = [
  [10, 12, 9, 11, 100],
  [11, 13, 10, 12, 200],
  [12, 14, 11, 13, 100],
  [11, 13, 10, 12, 0],
  [13, 15, 12, 14, 0],
  [14, 18, 14, 17, 300],
];
const series = seriesFromRows(
  rows.map(([o, h, l, c, v], i): CandleRow => ({ t: Date.UTC(2024, 0, 1 + i), o, h, l, c, v })),
);

function expectValues(label: string, input: IndicatorSettingsInput, expected: number[]) {
  const actual = Array.from(computeIndicator(label, series, input));
  expect(actual).toHaveLength(expected.length);
  expected.forEach((value, i) => {
    if (Number.isNaN(value)) expect(actual[i], `bar ${i}`).toBeNaN();
    else expect(actual[i], `bar ${i}`).toBeCloseTo(value, 12);
  });
}

const NaN_ = Number.NaN;

describe('Supertrend (ATR 2, factor 1)', () => {
  // ATR = ta.rma(TR, 2): t1 = (3 + 3) / 2 = 3; t2..t4 = (3 * 1 + 3) / 2 = 3; t5 = (3 + 4) / 2 = 3.5.
  // hl2 = 11.5, 12.5, 11.5, 13.5, 16 at t1..t5; basic bands hl2 -/+ ATR.
  // t1: lower 8.5 (> previous 0), upper 14.5 (previous close 11 > previous band 0); first bar: down (1), line = upper.
  // t2: lower 9.5 (rises); upper 15.5 does not fall and close[1] 12 <= 14.5: stays 14.5; close 13 <= 14.5: down.
  // t3: lower 8.5 would fall and close[2] 13 >= 9.5: stays 9.5; upper 14.5; close 12: down.
  // t4: lower 10.5 (rises); upper stays 14.5; close 14 <= 14.5: down.
  // t5: lower 12.5 (rises); upper stays 14.5; close 17 > 14.5: up (-1), line = lower 12.5.
  const input = { 'ATR Timeframe': '2', Factor: '1' };
  it('follows the upper band down, then flips to the lower band', () => {
    expectValues('Supertrend', input, [NaN_, 14.5, 14.5, 14.5, 14.5, 12.5]);
    expectValues('Supertrend Direction', input, [NaN_, 1, 1, 1, 1, -1]);
  });
});

describe('Keltner channels (EMA 2, multiplier 2, ATR 2)', () => {
  // EMA(2), k = 2/3, seeded at t1 with (11 + 12) / 2 = 11.5; t2 = 11.5 + 2/3 (13 - 11.5) = 12.5;
  // t3 = 12.5 + 2/3 (12 - 12.5) = 12.1666..; t4 = 12.1666.. + 2/3 (14 - 12.1666..) = 13.3888..;
  // t5 = 13.3888.. + 2/3 (17 - 13.3888..) = 15.7962..; bands = EMA -/+ 2 ATR (ATR as above).
  const input = { Timeframe: '2', Multiplier: '2', 'ATR Timeframe': '2' };
  const ema = [NaN_, 11.5, 12.5, 73 / 6, 241 / 18, 853 / 54];
  const atr = [NaN_, 3, 3, 3, 3, 3.5];
  it('puts the bands two ATRs around the EMA', () => {
    expectValues('Keltner Channel Middle', input, ema);
    expectValues(
      'Keltner Channel Upper',
      input,
      ema.map((value, i) => value + 2 * atr[i]!),
    );
    expectValues(
      'Keltner Channel Lower',
      input,
      ema.map((value, i) => value - 2 * atr[i]!),
    );
  });
});

describe('Donchian channels (3)', () => {
  // upper = max(H) of 3 bars: t2 max(12,13,14) = 14, t3 14, t4 max(14,13,15) = 15, t5 18;
  // lower = min(L): t2 9, t3 10, t4 10, t5 10; middle = their mean.
  it('takes the highest high and lowest low of the window', () => {
    expectValues('Donchian Channel Upper', { Timeframe: '3' }, [NaN_, NaN_, 14, 14, 15, 18]);
    expectValues('Donchian Channel Lower', { Timeframe: '3' }, [NaN_, NaN_, 9, 10, 10, 10]);
    expectValues('Donchian Channel Middle', { Timeframe: '3' }, [NaN_, NaN_, 11.5, 12, 12.5, 14]);
  });
});

describe('Hull MA (4)', () => {
  // WMA2[t] = (C[t-1] + 2 C[t]) / 3; WMA4[t] = (C[t-3] + 2 C[t-2] + 3 C[t-1] + 4 C[t]) / 10.
  // raw = 2 WMA2 - WMA4: t3 = 74/3 - 122/10 = 187/15; t4 = 80/3 - 130/10 = 205/15;
  // t5 = 2 (14 + 34) / 3 - (13 + 24 + 42 + 68) / 10 = 32 - 14.7 = 17.3.
  // HMA = WMA(raw, floor(sqrt 4) = 2): t4 = (187/15 + 2 * 205/15) / 3 = 597/45; t5 = (205/15 + 34.6) / 3.
  it('is the WMA of twice the half-period WMA minus the full one', () => {
    expectValues('Hull MA', { Timeframe: '4' }, [NaN_, NaN_, NaN_, NaN_, 597 / 45, (205 / 15 + 34.6) / 3]);
  });
});

describe('VWMA (2)', () => {
  // t1 = (11*100 + 12*200) / 300 = 35/3; t2 = (12*200 + 13*100) / 300 = 37/3; t3 = 13*100 / 100 = 13;
  // t4: no volume in bars 3-4: the SMA (12 + 14) / 2 = 13; t5 = (14*0 + 17*300) / 300 = 17.
  it('weights the closes by volume, and falls back to the SMA without volume', () => {
    expectValues('VWMA', { Timeframe: '2' }, [NaN_, 35 / 3, 37 / 3, 13, 13, 17]);
  });
});

describe('ZLEMA (3)', () => {
  // lag = floor((3 - 1) / 2) = 1; input 2 C[t] - C[t-1] = 13, 14, 11, 16, 20 at t1..t5;
  // EMA(3), k = 0.5, seeded at t3 with (13 + 14 + 11) / 3 = 38/3; t4 = 38/3 + (16 - 38/3) / 2 = 43/3;
  // t5 = 43/3 + (20 - 43/3) / 2 = 103/6.
  it('is an EMA of the price with its lag removed', () => {
    expectValues('ZLEMA', { Timeframe: '3' }, [NaN_, NaN_, NaN_, 38 / 3, 43 / 3, 103 / 6]);
  });
});

describe('Heikin-Ashi', () => {
  // close = (O + H + L + C) / 4: 10.5, 11.5, 12.5, 11.5, 13.5, 15.75.
  // open: (10 + 11) / 2 = 10.5, then (open + close) / 2 of the previous HA bar: 10.5, 11, 11.75,
  // 11.625, 12.5625. high = max(H, open, close), low = min(L, open, close).
  it('averages the bars', () => {
    expectValues('Heikin-Ashi Close', {}, [10.5, 11.5, 12.5, 11.5, 13.5, 15.75]);
    expectValues('Heikin-Ashi Open', {}, [10.5, 10.5, 11, 11.75, 11.625, 12.5625]);
    expectValues('Heikin-Ashi High', {}, [12, 13, 14, 13, 15, 18]);
    expectValues('Heikin-Ashi Low', {}, [9, 10, 11, 10, 11.625, 12.5625]);
  });
});

describe('no look-ahead', () => {
  const daily = syntheticSeries(600, 5);
  const tradingView = INDICATOR_CATALOGUE.filter((entry) => entry.plan === 'pro' && !entry.talib);
  it('covers the seven TradingView indicators', () => {
    expect(new Set(tradingView.map((entry) => entry.study!.name)).size).toBe(7);
  });
  it.each(tradingView.map((entry) => entry.label))('%s gives the same values on every prefix', (label) => {
    const full = computeIndicator(label, daily);
    for (const end of [1, 2, 25, 99, 300, 599]) {
      const prefix = computeIndicator(label, sliceSeries(daily, 0, end));
      expect(firstMismatch(prefix, full.subarray(0, end)), `prefix of ${end} bars`).toBe(-1);
    }
  });
});
