import { describe, expect, it } from 'vitest';
import {
  INDICATOR_OPTION_GROUPS,
  type IndicatorRowKind,
  filterIndicatorGroups,
} from '../../../../src/client/features/backtest-form/indicator-options';
import { normalizeSearchText } from '../../../../src/client/features/backtest-form/indicator-search';
import { INDICATOR_CATALOGUE, catalogueEntry } from '../../../../src/shared/indicator-catalogue';

const found = (kind: IndicatorRowKind, query: string) =>
  filterIndicatorGroups(INDICATOR_OPTION_GROUPS[kind], query).flatMap((group) =>
    group.entries.map((entry) => entry.label),
  );

// What traders type, on which kind of row, and the first option they should see.
const QUERIES: [query: string, kind: IndicatorRowKind, first: string][] = [
  ['ADX', 'value', 'Average Directional Index'],
  ['CCI', 'value', 'Commodity Channel Index'],
  ['DMI', 'value', 'Average Directional Index'],
  ['PSAR', 'crossover', 'Parabolic SAR'],
  ['BB', 'crossover', 'Bollinger Upper'],
  ['BB', 'value', 'Bollinger Bands Upper'],
  ['WMA', 'crossover', 'Weighted MA'],
  ['MA', 'crossover', 'SMA'],
  ['moving average', 'crossover', 'SMA'],
  ['stoch', 'value', 'Stochastic %K'],
  ['%K', 'value', 'Stochastic %K'],
  ['%d', 'value', 'Stochastic %D'],
  ['rsi', 'value', 'RSI'],
  ['Stoch RSI', 'value', 'Stochastic RSI %K'],
  ['macd', 'crossover', 'MACD macd line'],
  ['MACD signal', 'crossover', 'MACD green line'],
  ['ema', 'crossover', 'EMA'],
  ['atr', 'crossover', 'ATR'],
  ['obv', 'crossover', 'OBV'],
  ['on-balance volume', 'crossover', 'OBV'],
  ['williams r', 'crossover', 'Williams %R'],
  ['mfi', 'value', 'MFI'],
  ['money flow', 'value', 'MFI'],
  ['+DI', 'value', 'Plus Directional Indicator'],
  ['-di', 'value', 'Minus Directional Indicator'],
  ['a/d', 'value', 'Chaikin A/D Line'],
  ['ichimoku cloud', 'crossover', 'Ichimoku tenkan_sen'],
  ['kijun', 'crossover', 'Ichimoku kijun_sen'],
  ['keltner', 'crossover', 'Keltner Channel Upper'],
  ['hma', 'crossover', 'Hull MA'],
  ['heiken ashi', 'crossover', 'Heikin-Ashi Open'],
  ['hl2', 'crossover', 'Median Price'],
  ['LSMA', 'value', 'Linear Regression'],
  ['vwap', 'crossover', 'VWAP'],
];

describe('indicator search', () => {
  it.each(QUERIES)('"%s" on a %s row finds %s first', (query, kind, first) => {
    expect(found(kind, query)[0]).toBe(first);
  });

  it('ignores case and punctuation', () => {
    expect(normalizeSearchText(' Williams %R ')).toBe('williams r');
    expect(normalizeSearchText('Chaikin A/D')).toBe('chaikin a d');
    expect(found('crossover', 'p.s.a.r')[0]).toBe('Parabolic SAR');
    expect(found('value', 'adx')).toEqual(found('value', 'ADX'));
    expect(found('value', 'StOcH')).toEqual(found('value', 'stoch'));
  });

  it('finds every indicator an abbreviation stands for, not only the exact one', () => {
    expect(found('value', 'ADX')).toEqual(['Average Directional Index', 'ADX Rating']);
    expect(found('value', 'DMI')).toEqual(
      expect.arrayContaining([
        'Average Directional Index',
        'Directional Movement Index',
        'Plus Directional Indicator',
        'Minus Directional Indicator',
      ]),
    );
    expect(found('crossover', 'BB').slice(0, 6)).toEqual([
      'Bollinger Upper',
      'Bollinger Middle',
      'Bollinger Lower',
      'Bollinger Bands Upper',
      'Bollinger Bands Middle',
      'Bollinger Bands Lower',
    ]);
    expect(found('value', 'stoch')).toEqual(expect.arrayContaining(['Stochastic %D', 'Stochastic Fast %K']));
  });

  it('matches descriptions after names', () => {
    // "trend strength" is only in the ADX's description.
    expect(found('value', 'trend strength')).toEqual(['Average Directional Index']);
    const volume = found('value', 'volume');
    expect(volume.indexOf('VWMA')).toBeLessThan(volume.indexOf('Chaikin A/D Line'));
  });

  it('keeps the aliases on the catalogue entries', () => {
    expect(catalogueEntry('Parabolic SAR')!.aliases).toContain('PSAR');
    expect(catalogueEntry('Commodity Channel Index')!.aliases).toContain('CCI');
    expect(INDICATOR_CATALOGUE.every((entry) => Array.isArray(entry.aliases))).toBe(true);
  });
});
