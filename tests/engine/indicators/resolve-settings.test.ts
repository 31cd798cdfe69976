import { describe, expect, it } from 'vitest';
import { indicatorLookback, resolveSettings } from '../../../src/engine/indicators/registry';

describe('resolveSettings', () => {
  it('takes the declared defaults for blank or absent settings', () => {
    expect(resolveSettings('SMA')).toEqual({ Timeframe: 20 });
    expect(resolveSettings('SMA', { Timeframe: '' })).toEqual({ Timeframe: 20 });
    expect(resolveSettings('SMA', { Timeframe: '   ' })).toEqual({ Timeframe: 20 });
    expect(resolveSettings('SMA', { Timeframe: undefined })).toEqual({ Timeframe: 20 });
    expect(resolveSettings('VWAP')).toEqual({ Timeframe: null });
    expect(resolveSettings('OBV')).toEqual({});
    expect(resolveSettings('MACD histogram', { 'Slow Period': '40' })).toEqual({
      'Fast Period': 12,
      'Slow Period': 40,
      'Signal Period': 9,
    });
    expect(resolveSettings('Chaikin Oscillator')).toEqual({
      'Long EMA Timeframe': 10,
      'Short EMA Timeframe': 3,
    });
  });

  it('reads whole numbers given as numbers or text', () => {
    expect(resolveSettings('EMA', { Timeframe: 50 })).toEqual({ Timeframe: 50 });
    expect(resolveSettings('EMA', { Timeframe: ' 7 ' })).toEqual({ Timeframe: 7 });
    expect(resolveSettings('VWAP', { Timeframe: '1' })).toEqual({ Timeframe: 1 });
    expect(resolveSettings('RSI', { Timeframe: 10_000 })).toEqual({ Timeframe: 10_000 });
  });

  it.each([0, -3, 2.5, 10_001, Number.NaN, '0', '-1', '2.5', 'abc', '1e9', 'Infinity'])(
    'rejects %s with a message naming the setting',
    (value) => {
      expect(() => resolveSettings('RSI', { Timeframe: value })).toThrow(
        /^RSI: Timeframe must be a whole number of bars from 1 to 10000, got "/,
      );
    },
  );

  it('reads pro settings by kind: MA types by name or TA-Lib code, real numbers, periods within bounds', () => {
    expect(resolveSettings('Bollinger Bands Upper')).toEqual({
      Timeframe: 5,
      'Deviations Up': 2,
      'Deviations Down': 2,
      'MA Type': 0,
    });
    expect(
      resolveSettings('Bollinger Bands Upper', {
        'MA Type': 'kama',
        'Deviations Up': ' 1.5 ',
        Timeframe: 20,
      }),
    ).toEqual({ Timeframe: 20, 'Deviations Up': 1.5, 'Deviations Down': 2, 'MA Type': 6 });
    expect(resolveSettings('Moving Average', { 'MA Type': '8' })).toEqual({ Timeframe: 30, 'MA Type': 8 });
    expect(resolveSettings('Moving Average', { 'MA Type': 3 })).toEqual({ Timeframe: 30, 'MA Type': 3 });
    expect(() => resolveSettings('Moving Average', { 'MA Type': 'HMA' })).toThrow(
      'Moving Average: MA Type must be one of SMA, EMA, WMA, DEMA, TEMA, TRIMA, KAMA, MAMA, T3 (or its code 0 to 8), got "HMA"',
    );
    expect(() => resolveSettings('Moving Average', { 'MA Type': 9 })).toThrow(/MA Type must be one of/);
    expect(() => resolveSettings('T3 Moving Average', { 'Volume Factor': '1.2' })).toThrow(
      'T3 Moving Average: Volume Factor must be a number from 0 to 1, got "1.2"',
    );
    expect(() => resolveSettings('Aroon Up', { Timeframe: 1 })).toThrow(
      'Aroon Up: Timeframe must be a whole number of bars from 2 to 10000, got "1"',
    );
  });

  it('rejects unknown indicators and settings the indicator does not declare', () => {
    expect(() => resolveSettings('Hull MA 2')).toThrow('Unknown indicator "Hull MA 2"');
    expect(() => indicatorLookback('sma')).toThrow('Unknown indicator "sma"');
    expect(() => resolveSettings('SMA', { Period: '5' })).toThrow('SMA has no setting "Period"');
    expect(() => resolveSettings('OBV', { Timeframe: '5' })).toThrow('OBV has no setting "Timeframe"');
  });
});

describe('indicatorLookback with default settings', () => {
  it.each([
    ['OBV', 0],
    ['Pivot Point', 1],
    ['Support 2', 1],
    ['Close Price', 0],
    ['VWAP', 0],
    ['EMA', 19],
    ['SMA', 19],
    ['Bollinger Lower', 19],
    ['Williams %R', 13],
    ['Momentum Oscillators', 10],
    ['ATR', 14],
    ['ROC', 10],
    ['Elder-Ray Bull Power', 12],
    ['Chaikin Oscillator', 9],
    ['Parabolic SAR', 1],
    ['Ichimoku tenkan_sen', 8],
    ['Ichimoku kijun_sen', 25],
    ['Ichimoku senkou_span_a', 25 + 26],
    ['Ichimoku senkou_span_b', 51 + 26],
    ['Ichimoku chikou_span', 0],
    ['MACD macd line', 33],
    ['MACD green line', 33],
    ['MACD histogram', 33],
    ['RSI', 14],
    ['Stochastic %K', 17],
    ['Stochastic %D', 17],
    ['MFI', 14],
  ])('%s: %i', (label, lookback) => {
    expect(indicatorLookback(label)).toBe(lookback);
  });

  it('follows the settings', () => {
    expect(indicatorLookback('VWAP', { Timeframe: '20' })).toBe(19);
    expect(indicatorLookback('MACD macd line', { 'Fast Period': 26, 'Slow Period': 12 })).toBe(33);
    expect(indicatorLookback('Chaikin Oscillator', { 'Short EMA Timeframe': 12 })).toBe(11);
    expect(indicatorLookback('Stochastic %K', { 'Fast K Period': 5, 'Slow D Period': 1 })).toBe(6);
  });
});
