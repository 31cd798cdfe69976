import { describe, expect, it } from 'vitest';
import {
  fieldId,
  fieldLabel,
  fullLabel,
  summaryLine,
} from '../../../../src/client/features/backtest-form/field-labels';

/** Request paths and the full labels the form gives them (an unknown path stays as it is). */
const FULL_LABELS: Record<string, string> = {
  exchange: 'Exchange',
  'entry.parameters': 'Entry crossover conditions',
  'exit.valueBased': 'Exit value-based conditions',
  'entry.candleStick': 'Entry candlestick patterns',
  'exit.parameters.7.logic': 'Exit crossover 8: logic',
  'entry.valueBased.0.number': 'Entry value 1: number',
  'entry.valueBased.0.additionalFields.Timeframe': 'Entry value 1: Timeframe',
  'entry.candleStick.2.pattern1': 'Entry candlestick 3: pattern',
  'exitCriteria.stopLoss.value': 'Stop loss value',
  'exitCriteria.timing.timezone': 'Exit timing timezone',
  'entry.combine': 'Combine entry conditions',
  entry: 'Entry conditions',
  'something.else': 'something.else',
};

describe('field labels', () => {
  it('name every field by its request path, with the row said before it', () => {
    const paths = Object.keys(FULL_LABELS);
    expect(Object.fromEntries(paths.map((path) => [path, fullLabel(path)]))).toEqual(FULL_LABELS);
    expect(fieldLabel('entry.parameters.0.indicator1')).toEqual({
      prefix: 'Entry crossover 1: ',
      text: 'indicator 1',
    });
    expect(fieldLabel('entry.parameters.1.additionalFields2.Fast Period')).toEqual({
      prefix: 'Entry crossover 2: indicator 2 ',
      text: 'Fast Period',
    });
  });

  it('makes valid, distinct ids', () => {
    expect(fieldId('entry.parameters.0.additionalFields1.Long EMA Timeframe')).toBe(
      'bt-entry-parameters-0-additionalFields1-Long-EMA-Timeframe',
    );
    expect(fieldId('entry.parameters.0.logic')).not.toBe(fieldId('exit.parameters.0.logic'));
  });

  it('writes the error summary as sentences', () => {
    expect(summaryLine('entry.valueBased.0.number', 'Enter a number')).toBe('Entry value 1: enter a number');
    expect(summaryLine('exitCriteria.stopLoss.value', 'Enter a number')).toBe(
      'Stop loss value: enter a number',
    );
    expect(summaryLine('entry.parameters.1.logic', 'Choose a logic')).toBe(
      'Entry crossover 2: choose a logic',
    );
    expect(summaryLine('fromDate', 'Choose a date on or before the to date')).toBe(
      'From date: choose a date on or before the to date',
    );
    expect(summaryLine('entry.parameters.0.additionalFields1.Timeframe', 'RSI needs a whole number')).toBe(
      'Entry crossover 1: indicator 1 Timeframe: RSI needs a whole number',
    );
  });
});
