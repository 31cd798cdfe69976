import { describe, expect, it } from 'vitest';
import {
  fieldId,
  fieldLabel,
  fullLabel,
  summaryLine,
} from '../../../../src/client/features/backtest-form/field-labels';

describe('field labels', () => {
  it('name every field by its request path, with the row said before it', () => {
    expect(fullLabel('exchange')).toBe('Exchange');
    expect(fullLabel('entry.parameters')).toBe('Entry crossover conditions');
    expect(fullLabel('exit.valueBased')).toBe('Exit value-based conditions');
    expect(fullLabel('entry.candleStick')).toBe('Entry candlestick patterns');
    expect(fieldLabel('entry.parameters.0.indicator1')).toEqual({
      prefix: 'Entry crossover 1: ',
      text: 'indicator 1',
    });
    expect(fullLabel('exit.parameters.7.logic')).toBe('Exit crossover 8: logic');
    expect(fieldLabel('entry.parameters.1.additionalFields2.Fast Period')).toEqual({
      prefix: 'Entry crossover 2: indicator 2 ',
      text: 'Fast Period',
    });
    expect(fullLabel('entry.valueBased.0.number')).toBe('Entry value 1: number');
    expect(fullLabel('entry.valueBased.0.additionalFields.Timeframe')).toBe('Entry value 1: Timeframe');
    expect(fullLabel('entry.candleStick.2.pattern1')).toBe('Entry candlestick 3: pattern');
    expect(fullLabel('exitCriteria.stopLoss.value')).toBe('Stop loss value');
    expect(fullLabel('exitCriteria.timing.timezone')).toBe('Exit timing timezone');
    expect(fullLabel('entry.combine')).toBe('Combine entry conditions');
    expect(fullLabel('entry')).toBe('Entry conditions');
    expect(fullLabel('something.else')).toBe('something.else');
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
