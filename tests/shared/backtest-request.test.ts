import { describe, expect, it } from 'vitest';
import smaCrossRequest from '../fixtures/sma-cross-request.json';
import { backtestRequestSchema } from '../../src/shared/backtest-request';
import { toFieldErrors } from '../../src/shared/validation-errors';
import { rejectedFields } from './field-errors';

const minimal = {
  exchange: 'US',
  stock: 'AAPL',
  entry: { valueBased: [{ indicator: 'RSI', logic: 'Less Than', number: '30' }] },
};

const fieldErrors = (input: unknown) => rejectedFields(backtestRequestSchema, input);

function withEntry(entry: Record<string, unknown>) {
  return { ...minimal, entry };
}

describe('backtest request schema: valid requests', () => {
  it('accepts the example request and parses its numbers', () => {
    const parsed = backtestRequestSchema.parse(smaCrossRequest);
    expect(parsed.entry.valueBased[0]?.number).toBe(70);
    expect(parsed.exitCriteria.targetProfit).toEqual({ type: 'percentage', value: 10 });
    expect(parsed.exitCriteria.stopLoss).toEqual({ type: 'percentage', value: 5 });
    expect(parsed.exitCriteria.trailingStopLoss).toEqual({ type: '', value: null });
    expect(parsed.entry.parameters[0]?.additionalFields1).toEqual({ Timeframe: '10' });
  });

  it('fills the spec defaults and our optional fields', () => {
    const parsed = backtestRequestSchema.parse(minimal);
    expect(parsed).toMatchObject({
      fromDate: '2023-09-01',
      toDate: '2023-09-03',
      timeframe: '15 min',
      transactionType: 'buy',
      initialCapital: 100000,
      commission: 0,
      slippage: 0,
      mode: 'standard',
      intrabar: 'bars',
      sizing: 'all-in-fractional',
      entry: { parameters: [], candleStick: [], combine: 'all' },
      exit: { parameters: [], valueBased: [], combine: 'all' },
      exitCriteria: { timing: { time: '', timezone: 'exchange' } },
      priceAdjustment: 'splits-and-dividends',
    });
  });

  it('takes exits from ticks on request, and 1-minute bars', () => {
    const parsed = backtestRequestSchema.parse({ ...minimal, intrabar: 'ticks', timeframe: '1 min' });
    expect([parsed.intrabar, parsed.timeframe]).toEqual(['ticks', '1 min']);
    expect(fieldErrors({ ...minimal, intrabar: 'trades' })).toEqual([
      { path: 'intrabar', message: 'Choose bars or ticks' },
    ]);
  });

  it('accepts numbers given as numbers or numeric text', () => {
    const asText = backtestRequestSchema.parse({ ...minimal, initialCapital: '2500.5', commission: '0.1' });
    const asNumber = backtestRequestSchema.parse({ ...minimal, initialCapital: 2500.5, commission: 0.1 });
    expect(asText.initialCapital).toBe(2500.5);
    expect(asNumber.commission).toBe(0.1);
  });

  it('accepts the maximum row counts 8 / 5 / 3', () => {
    const row = { indicator1: 'EMA', logic: 'Crosses Above', indicator2: 'SMA' };
    const parsed = backtestRequestSchema.parse(
      withEntry({
        parameters: Array.from({ length: 8 }, () => row),
        valueBased: Array.from({ length: 5 }, () => ({ indicator: 'MFI', logic: 'Equals', number: 50 })),
        candleStick: [
          { pattern1: 'TwoCrows' },
          { pattern1: 'Hammer' },
          { pattern1: 'UpsideDownsideGapThreeMethods' },
        ],
      }),
    );
    expect(parsed.entry.parameters).toHaveLength(8);
    expect(parsed.entry.valueBased).toHaveLength(5);
    expect(parsed.entry.candleStick).toHaveLength(3);
  });

  it('treats blank settings as defaults and keeps an exit value row without a number', () => {
    const parsed = backtestRequestSchema.parse({
      ...minimal,
      exit: { valueBased: [{ indicator: 'RSI', logic: 'Greater Than', number: '' }] },
      entry: {
        parameters: [
          {
            indicator1: 'MACD macd line',
            logic: 'Greater Than',
            indicator2: 'MACD green line',
            additionalFields1: { 'Fast Period': '' },
          },
        ],
      },
    });
    expect(parsed.exit.valueBased[0]?.number).toBeNull();
    expect(parsed.entry.parameters[0]?.additionalFields1).toEqual({ 'Fast Period': '' });
  });

  it('accepts every timezone and a 24-hour exit time', () => {
    for (const timezone of ['GMT', 'EST', 'PST', 'CET']) {
      const parsed = backtestRequestSchema.parse({
        ...minimal,
        exitCriteria: { timing: { time: '15:45', timezone } },
      });
      expect(parsed.exitCriteria.timing).toEqual({ time: '15:45', timezone });
    }
  });
});

describe('backtest request schema: the pro indicator catalogue', () => {
  it('accepts pro labels on either side of a crossover row and in a value row, with their settings', () => {
    const parsed = backtestRequestSchema.parse(
      withEntry({
        parameters: [
          {
            indicator1: 'Close Price',
            logic: 'Crosses Above',
            indicator2: 'Bollinger Bands Upper',
            additionalFields2: { Timeframe: '20', 'Deviations Up': '2.5', 'MA Type': 'EMA' },
          },
          { indicator1: 'Aroon Up', logic: 'Greater Than', indicator2: 'Aroon Down' },
        ],
        valueBased: [
          { indicator: 'Supertrend Direction', logic: 'Equals', number: '-1' },
          {
            indicator: 'T3 Moving Average',
            logic: 'Greater Than',
            number: '10',
            additionalFields: { 'Volume Factor': '0.5' },
          },
        ],
      }),
    );
    expect(parsed.entry.parameters[0]!.indicator2).toBe('Bollinger Bands Upper');
    expect(parsed.entry.parameters[0]!.additionalFields2).toEqual({
      Timeframe: '20',
      'Deviations Up': '2.5',
      'MA Type': 'EMA',
    });
    expect(parsed.entry.valueBased[0]!.indicator).toBe('Supertrend Direction');
  });

  it('checks pro settings by kind and bounds, and keeps the builder labels to their kind of row', () => {
    const errors = fieldErrors(
      withEntry({
        parameters: [
          {
            indicator1: 'Moving Average',
            logic: 'Greater Than',
            indicator2: 'T3 Moving Average',
            additionalFields1: { 'MA Type': 'HMA', Timeframe: '2.5' },
            additionalFields2: { 'Volume Factor': '1.5' },
          },
          { indicator1: 'RSI', logic: 'Greater Than', indicator2: 'Aroon Up' },
        ],
      }),
    );
    expect(errors).toEqual(
      expect.arrayContaining([
        {
          path: 'entry.parameters.0.additionalFields1.MA Type',
          message:
            'MA Type must be one of SMA, EMA, WMA, DEMA, TEMA, TRIMA, KAMA, MAMA, T3 (or its code 0 to 8)',
        },
        {
          path: 'entry.parameters.0.additionalFields1.Timeframe',
          message: 'Timeframe must be a whole number of bars from 1 to 10000',
        },
        {
          path: 'entry.parameters.0.additionalFields2.Volume Factor',
          message: 'Volume Factor must be a number from 0 to 1',
        },
        { path: 'entry.parameters.1.indicator1', message: 'Choose an indicator from the list' },
      ]),
    );
  });
});

describe('backtest request schema: invalid requests give field paths', () => {
  it('rejects more than 8 crossover, 5 value and 3 candlestick rows', () => {
    const row = { indicator1: 'OBV', logic: 'Greater Than', indicator2: 'OBV' };
    const errors = fieldErrors(
      withEntry({
        parameters: Array.from({ length: 9 }, () => row),
        valueBased: Array.from({ length: 6 }, () => ({ indicator: 'RSI', logic: 'Less Than', number: 1 })),
        candleStick: Array.from({ length: 4 }, () => ({ pattern1: 'Doji' })),
      }),
    );
    expect(errors).toEqual(
      expect.arrayContaining([
        { path: 'entry.parameters', message: 'At most 8 crossover conditions' },
        { path: 'entry.valueBased', message: 'At most 5 value-based conditions' },
        { path: 'entry.candleStick', message: 'At most 3 candlestick patterns' },
      ]),
    );
  });

  it('requires the number of an entry value row and rejects non-numeric text', () => {
    expect(
      fieldErrors(withEntry({ valueBased: [{ indicator: 'RSI', logic: 'Less Than', number: '' }] })),
    ).toEqual([{ path: 'entry.valueBased.0.number', message: 'Enter a number' }]);
    expect(
      fieldErrors(withEntry({ valueBased: [{ indicator: 'RSI', logic: 'Less Than', number: 'abc' }] })),
    ).toEqual([{ path: 'entry.valueBased.0.number', message: 'Enter a number' }]);
  });

  it('rejects non-numeric exit values on the exit side too', () => {
    const errors = fieldErrors({
      ...minimal,
      exit: { valueBased: [{ indicator: 'MFI', logic: 'Less Than', number: '1O' }] },
    });
    expect(errors).toEqual([{ path: 'exit.valueBased.0.number', message: 'Enter a number' }]);
  });

  it('rejects unknown vocabulary: timeframe, transaction type, indicator, logic, pattern, timezone', () => {
    const errors = fieldErrors({
      ...minimal,
      timeframe: '10 min',
      transactionType: 'hold',
      entry: {
        parameters: [{ indicator1: 'Magic', logic: 'Crosses Above', indicator2: 'EMA' }],
        valueBased: [{ indicator: 'RSI', logic: 'Crosses Above', number: 1 }],
        candleStick: [{ pattern1: 'Hamer' }],
      },
      exitCriteria: { timing: { time: '09:30', timezone: 'KST' } },
    });
    const paths = errors.map((e) => e.path);
    expect(paths).toEqual(
      expect.arrayContaining([
        'timeframe',
        'transactionType',
        'entry.parameters.0.indicator1',
        'entry.valueBased.0.logic',
        'entry.candleStick.0.pattern1',
        'exitCriteria.timing.timezone',
      ]),
    );
    expect(errors.find((e) => e.path === 'exitCriteria.timing.timezone')?.message).toBe(
      "Choose the exchange's time or one of GMT, EST, PST, CET, IST, JST, HKT, AEST, SGT, GST",
    );
  });

  it('rejects settings that are not whole positive bar counts or not declared by the indicator', () => {
    const errors = fieldErrors(
      withEntry({
        parameters: [
          {
            indicator1: 'EMA',
            logic: 'Greater Than',
            indicator2: 'SMA',
            additionalFields1: { Timeframe: '-3' },
            additionalFields2: { 'Fast Period': '12' },
          },
        ],
      }),
    );
    expect(errors).toEqual([
      {
        path: 'entry.parameters.0.additionalFields1.Timeframe',
        message: 'Timeframe must be a whole number of bars from 1 to 10000',
      },
      {
        path: 'entry.parameters.0.additionalFields2.Fast Period',
        message: 'SMA has no setting "Fast Period"',
      },
    ]);
  });

  it('requires a positive numeric value when an exit criterion has a type', () => {
    const errors = fieldErrors({
      ...minimal,
      exitCriteria: {
        targetProfit: { type: 'percentage', value: '' },
        stopLoss: { type: 'points', value: '-2' },
        trailingStopLoss: { type: 'sideways', value: '1' },
      },
    });
    expect(errors).toEqual([
      { path: 'exitCriteria.targetProfit.value', message: 'Enter a number' },
      { path: 'exitCriteria.stopLoss.value', message: 'Enter a value greater than 0' },
      { path: 'exitCriteria.trailingStopLoss.type', message: 'Choose none, percentage or points' },
    ]);
  });

  it('rejects malformed dates and times', () => {
    const errors = fieldErrors({
      ...minimal,
      fromDate: '2023-02-30',
      toDate: '01/09/2023',
      exitCriteria: { timing: { time: '25:00', timezone: 'GMT' } },
    });
    expect(errors).toEqual([
      { path: 'fromDate', message: 'This date does not exist' },
      { path: 'toDate', message: 'Enter a date as YYYY-MM-DD' },
      { path: 'exitCriteria.timing.time', message: 'Enter a time as HH:MM (24-hour)' },
    ]);
    expect(fieldErrors({ ...minimal, fromDate: '2023-13-45' })).toEqual([
      { path: 'fromDate', message: 'This date does not exist' },
    ]);
  });

  it('requires an exchange and a stock, and at least one entry condition', () => {
    const errors = fieldErrors({ exchange: '', entry: {} });
    expect(errors).toEqual(
      expect.arrayContaining([
        { path: 'exchange', message: 'Required' },
        { path: 'stock', message: 'Required' },
      ]),
    );
    expect(fieldErrors({ exchange: 'US', stock: 'AAPL', entry: {} })).toEqual([
      { path: 'entry', message: 'Add at least one entry condition' },
    ]);
  });
});

describe('backtest request schema: position sizing', () => {
  const problems = (input: object) => {
    const parsed = backtestRequestSchema.safeParse({ ...minimal, ...input });
    return parsed.success ? [] : parsed.error.issues.map((issue) => [issue.path.join('.'), issue.message]);
  };

  it('takes all-in sizing without a figure, and the other sizings with one', () => {
    expect(problems({})).toEqual([]);
    expect(problems({ sizing: 'fixed-quantity', sizingValue: '10' })).toEqual([]);
    expect(problems({ sizing: 'fixed-cash', sizingValue: 2500 })).toEqual([]);
    expect(
      problems({
        sizing: 'risk-percent',
        sizingValue: 1,
        exitCriteria: { stopLoss: { type: 'percentage', value: 2 } },
      }),
    ).toEqual([]);
  });

  it('names sizingValue when the figure is missing, not positive, or has no stop to measure risk', () => {
    expect(problems({ sizing: 'fixed-quantity' })).toEqual([
      ['sizingValue', 'Enter the units to buy on each entry (more than 0)'],
    ]);
    expect(problems({ sizing: 'fixed-cash', sizingValue: 0 })).toEqual([
      ['sizingValue', 'Enter the cash to spend on each entry (more than 0)'],
    ]);
    expect(problems({ sizing: 'risk-percent', sizingValue: 1 })).toEqual([
      ['sizingValue', 'Risking a percent of equity needs a stop loss: the stop sets the loss per unit'],
    ]);
    expect(
      problems({
        sizing: 'risk-percent',
        sizingValue: 150,
        exitCriteria: { stopLoss: { type: 'points', value: 2 } },
      }),
    ).toEqual([
      ['sizingValue', 'Enter the percent of equity to risk on each entry (more than 0, at most 100)'],
    ]);
  });
});

describe('bounds where a value cannot make sense', () => {
  const errorsOf = (patch: Record<string, unknown>) => {
    const parsed = backtestRequestSchema.safeParse({ ...smaCrossRequest, ...patch });
    return parsed.success ? [] : toFieldErrors(parsed.error);
  };

  it('refuses a percentage stop of 100% or more on a long position, not on a short', () => {
    const stop = (value: number) => ({
      exitCriteria: {
        stopLoss: { type: 'percentage', value },
        trailingStopLoss: { type: 'percentage', value },
      },
    });
    expect(errorsOf({ transactionType: 'buy', ...stop(150) })).toEqual([
      {
        path: 'exitCriteria.stopLoss.value',
        message: 'A percentage stop on a long position must be under 100%',
      },
      {
        path: 'exitCriteria.trailingStopLoss.value',
        message: 'A percentage stop on a long position must be under 100%',
      },
    ]);
    expect(errorsOf({ transactionType: 'buy', ...stop(99.5) })).toEqual([]);
    expect(errorsOf({ transactionType: 'sell', ...stop(150) })).toEqual([]);
  });

  it('takes a capital up to 1e12', () => {
    expect(errorsOf({ initialCapital: 1e12 })).toEqual([]);
    expect(errorsOf({ initialCapital: 1e15 })).toEqual([
      { path: 'initialCapital', message: 'Initial capital can be at most 1,000,000,000,000' },
    ]);
  });
});

describe('every problem is reported at once', () => {
  it('reports a row’s blank number and its bad setting together', () => {
    expect(
      fieldErrors(
        withEntry({
          valueBased: [
            { indicator: 'RSI', logic: 'Less Than', number: '', additionalFields: { Timeframe: 'abc' } },
          ],
        }),
      ),
    ).toEqual([
      { path: 'entry.valueBased.0.number', message: 'Enter a number' },
      {
        path: 'entry.valueBased.0.additionalFields.Timeframe',
        message: 'Timeframe must be a whole number of bars from 1 to 10000',
      },
    ]);
  });

  it('reports the checks across fields alongside a field’s own failure', () => {
    const paths = fieldErrors({
      ...minimal,
      timeframe: '2 min',
      exitCriteria: {
        stopLoss: { type: 'percentage', value: 150 },
        targetProfit: { type: 'points', value: 'x' },
      },
      sizing: 'fixed-cash',
    }).map((error) => error.path);
    expect(paths).toEqual([
      'timeframe',
      'exitCriteria.targetProfit.value',
      'exitCriteria.stopLoss.value',
      'sizingValue',
    ]);
  });

  it('does not repeat a field’s failure as a cross-field message', () => {
    expect(fieldErrors({ ...minimal, sizing: 'fixed-cash', sizingValue: 'lots' })).toEqual([
      { path: 'sizingValue', message: 'Enter a number' },
    ]);
    expect(fieldErrors({ exchange: 'US', stock: 'AAPL', entry: 'none' }).map((error) => error.path)).toEqual([
      'entry',
    ]);
  });

  it('answers a body or a row that is not an object with errors, not a crash of a cross-field check', () => {
    expect(fieldErrors(null)).toHaveLength(1);
    expect(fieldErrors('request')).toHaveLength(1);
    const rows = fieldErrors(withEntry({ parameters: [null], valueBased: ['RSI'] })).map(
      (error) => error.path,
    );
    expect(rows).toEqual(['entry.parameters.0', 'entry.valueBased.0']);
  });

  it('reports capital and costs that are not numbers once each, not also as out of range', () => {
    expect(fieldErrors({ ...minimal, initialCapital: 'abc', commission: 'x', slippage: ' ' })).toEqual([
      { path: 'initialCapital', message: 'Enter a number' },
      { path: 'commission', message: 'Enter a number' },
      { path: 'slippage', message: 'Enter a number' },
    ]);
  });
});
