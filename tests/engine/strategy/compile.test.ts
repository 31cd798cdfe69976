import { describe, expect, it } from 'vitest';
import { seriesFromRows, type CandleRow } from '../../../src/engine/candles/series';
import { computeIndicator } from '../../../src/engine/indicators/registry';
import { computePattern } from '../../../src/engine/patterns/registry';
import { compileStrategy } from '../../../src/engine/strategy/compile';
import { SeriesCache } from '../../../src/engine/strategy/series-cache';
import { backtestRequestSchema, type BacktestRequestInput } from '../../../src/shared/backtest-request';
import { syntheticSeries } from '../data/synthetic';

const series = syntheticSeries(300, 11);
const bars = series.c.length;

function request(entry: BacktestRequestInput['entry'], rest: Partial<BacktestRequestInput> = {}) {
  return backtestRequestSchema.parse({ exchange: 'US', stock: 'TEST', entry, ...rest });
}

const ones = (signal: Uint8Array) => signal.reduce((count, bit) => count + bit, 0);

describe('compileStrategy', () => {
  it('turns a value row into indicator <logic> number on each bar', () => {
    const { entry, exit } = compileStrategy(
      request({ valueBased: [{ indicator: 'RSI', logic: 'Less Than', number: 45 }] }),
      series,
    );
    const rsi = computeIndicator('RSI', series);
    expect(Array.from(entry)).toEqual(Array.from(rsi, (value) => (value < 45 ? 1 : 0)));
    expect(ones(exit)).toBe(0);
  });

  it('combines rows with all (AND) and any (OR)', () => {
    const rows = {
      valueBased: [
        { indicator: 'RSI' as const, logic: 'Greater Than' as const, number: 50 },
        { indicator: 'MFI' as const, logic: 'Less Than' as const, number: 50 },
      ],
    };
    const rsi = computeIndicator('RSI', series);
    const mfi = computeIndicator('MFI', series);
    const all = compileStrategy(request(rows), series).entry;
    const any = compileStrategy(request({ ...rows, combine: 'any' }), series).entry;
    for (let t = 0; t < bars; t++) {
      expect(all[t]).toBe(rsi[t]! > 50 && mfi[t]! < 50 ? 1 : 0);
      expect(any[t]).toBe(rsi[t]! > 50 || mfi[t]! < 50 ? 1 : 0);
    }
    expect(ones(all)).toBeGreaterThan(0);
    expect(ones(any)).toBeGreaterThan(ones(all));
  });

  it('ignores exit value rows without a number and combines the rest', () => {
    const compiled = compileStrategy(
      request(
        { valueBased: [{ indicator: 'RSI', logic: 'Less Than', number: 45 }] },
        {
          exit: {
            valueBased: [
              { indicator: 'RSI', logic: 'Greater Than', number: '' },
              { indicator: 'RSI', logic: 'Greater Than', number: 60 },
            ],
          },
        },
      ),
      series,
    );
    const rsi = computeIndicator('RSI', series);
    expect(Array.from(compiled.exit)).toEqual(Array.from(rsi, (value) => (value > 60 ? 1 : 0)));
    const onlyBlank = compileStrategy(
      request(
        { valueBased: [{ indicator: 'RSI', logic: 'Less Than', number: 45 }] },
        { exit: { valueBased: [{ indicator: 'RSI', logic: 'Greater Than', number: null }] } },
      ),
      series,
    );
    expect(ones(onlyBlank.exit)).toBe(0);
  });

  it('crosses two moving averages with their own settings; blank settings are the defaults', () => {
    const row = (fields2: Record<string, string>) => ({
      parameters: [
        {
          indicator1: 'EMA' as const,
          logic: 'Crosses Above' as const,
          indicator2: 'SMA' as const,
          additionalFields1: { Timeframe: '5' },
          additionalFields2: fields2,
        },
      ],
    });
    const blank = compileStrategy(request(row({ Timeframe: ' ' })), series).entry;
    const explicit = compileStrategy(request(row({ Timeframe: '20' })), series).entry;
    expect(blank).toEqual(explicit);
    const fast = computeIndicator('EMA', series, { Timeframe: 5 });
    const slow = computeIndicator('SMA', series, { Timeframe: 20 });
    for (let t = 1; t < bars; t++) {
      expect(blank[t]).toBe(fast[t]! > slow[t]! && fast[t - 1]! <= slow[t - 1]! ? 1 : 0);
    }
    expect(ones(blank)).toBeGreaterThan(0);
  });

  it('compares the chikou span (close[t]) with the other line Timeframe 2 bars back, either side', () => {
    const settings = { 'Timeframe 2': '10' };
    const kijun = computeIndicator('Ichimoku kijun_sen', series, settings);
    const left = compileStrategy(
      request({
        parameters: [
          {
            indicator1: 'Ichimoku chikou_span',
            logic: 'Greater Than',
            indicator2: 'Ichimoku kijun_sen',
            additionalFields1: settings,
            additionalFields2: settings,
          },
        ],
      }),
      series,
    ).entry;
    const right = compileStrategy(
      request({
        parameters: [
          {
            indicator1: 'Ichimoku kijun_sen',
            logic: 'Less Than',
            indicator2: 'Ichimoku chikou_span',
            additionalFields1: settings,
            additionalFields2: settings,
          },
        ],
      }),
      series,
    ).entry;
    for (let t = 0; t < bars; t++) {
      const expected = t >= 10 && series.c[t]! > kijun[t - 10]! ? 1 : 0;
      expect(left[t]).toBe(expected);
      expect(right[t]).toBe(expected);
    }
    expect(ones(left)).toBeGreaterThan(0);
  });

  it('reads candlestick patterns in the trade direction; undirected patterns count either way', () => {
    const engulfing = computePattern('EngulfingPattern', series);
    const buy = compileStrategy(request({ candleStick: [{ pattern1: 'EngulfingPattern' }] }), series).entry;
    const sell = compileStrategy(
      request({ candleStick: [{ pattern1: 'EngulfingPattern' }] }, { transactionType: 'sell' }),
      series,
    ).entry;
    expect(Array.from(buy)).toEqual(Array.from(engulfing, (v) => (v > 0 ? 1 : 0)));
    expect(Array.from(sell)).toEqual(Array.from(engulfing, (v) => (v < 0 ? 1 : 0)));
    expect(ones(buy)).toBeGreaterThan(0);
    expect(ones(sell)).toBeGreaterThan(0);

    const doji = computePattern('Doji', series);
    const dojiSell = compileStrategy(
      request({ candleStick: [{ pattern1: 'Doji' }] }, { transactionType: 'sell' }),
      series,
    ).entry;
    expect(Array.from(dojiSell)).toEqual(Array.from(doji, (v) => (v !== 0 && !Number.isNaN(v) ? 1 : 0)));
    expect(ones(dojiSell)).toBeGreaterThan(0);
  });

  it('uses the bar’s own prices for price labels', () => {
    const { entry } = compileStrategy(
      request({
        parameters: [{ indicator1: 'Close Price', logic: 'Greater Than', indicator2: 'Open Price' }],
      }),
      series,
    );
    expect(Array.from(entry)).toEqual(Array.from(series.c, (close, t) => (close > series.o[t]! ? 1 : 0)));
  });

  it('reports the history the entry rows need', () => {
    const { entryHistoryBars } = compileStrategy(
      request({
        parameters: [
          {
            indicator1: 'SMA',
            logic: 'Crosses Above',
            indicator2: 'EMA',
            additionalFields1: { Timeframe: '30' },
          },
        ],
        valueBased: [{ indicator: 'RSI', logic: 'Less Than', number: 45 }],
      }),
      series,
    );
    // SMA(30) first value at bar 29, plus one bar for the cross to have a previous bar.
    expect(entryHistoryBars).toBe(30);
  });
});

describe('SeriesCache', () => {
  it('computes each (indicator, resolved settings) and each pattern once', () => {
    const cache = new SeriesCache(
      seriesFromRows(
        Array.from({ length: 40 }, (_, i): CandleRow => ({ t: i, o: i, h: i + 1, l: i, c: i + 0.5, v: 1 })),
      ),
    );
    const first = cache.indicator('SMA', { Timeframe: 20 });
    expect(cache.indicator('SMA', { Timeframe: 20 })).toBe(first);
    expect(cache.indicator('SMA', { Timeframe: 10 })).not.toBe(first);
    expect(cache.pattern('Hammer')).toBe(cache.pattern('Hammer'));
  });
});
