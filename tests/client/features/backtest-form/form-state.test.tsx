import { describe, expect, it } from 'vitest';
import { backtestRequestSchema } from '../../../../src/shared/backtest-request';
import { CANDLESTICK_PATTERN_NAMES } from '../../../../src/shared/candlestick-patterns';
import {
  type BuilderAction,
  type BuilderState,
  builderReducer,
  initialBuilderState,
} from '../../../../src/client/features/backtest-form/form-state';
import {
  defaultFormValues,
  fromRequest,
  toRequest,
} from '../../../../src/client/features/backtest-form/form-values';
import { smaCrossing } from '../../../fixtures/requests';

const run = (actions: BuilderAction[], from: BuilderState = initialBuilderState()) =>
  actions.reduce(builderReducer, from);

type SettingAction = Extract<BuilderAction, { type: 'setCrossoverSetting' }>;

/** Sets one setting of a side's first crossover row, as that row's setting inputs do. */
const setting = (
  side: SettingAction['side'],
  which: SettingAction['which'],
  label: string,
  value: string,
): SettingAction => ({ type: 'setCrossoverSetting', side, index: 0, which, label, value });

describe('defaults', () => {
  it('start from the spec’s defaults, with no rows and no exit criteria', () => {
    const { values, mode, errors, touched } = initialBuilderState();
    expect(mode).toBe('edit');
    expect(errors).toEqual({});
    expect(touched).toBe(false);
    expect(values).toMatchObject({
      exchange: '',
      stock: '',
      fromDate: '2023-09-01',
      toDate: '2023-09-03',
      timeframe: '15 min',
      transactionType: 'buy',
      entry: { parameters: [], valueBased: [], candleStick: [], combine: 'all' },
      exit: { parameters: [], valueBased: [], combine: 'all' },
      initialCapital: '100000',
      commission: '0',
      slippage: '0',
      mode: 'standard',
      sizing: 'all-in-fractional',
      priceAdjustment: 'splits-and-dividends',
    });
    expect(values.exitCriteria).toEqual({
      targetProfit: { type: '', value: '' },
      stopLoss: { type: '', value: '' },
      trailingStopLoss: { type: '', value: '' },
      timing: { time: '', timezone: 'exchange' },
    });
  });
});

describe('exchange and stock', () => {
  it('selects the first exchange when the list arrives, unless one is chosen already', () => {
    const loaded = run([{ type: 'exchangesLoaded', exchanges: ['US', 'LSE'] }]);
    expect(loaded.values.exchange).toBe('US');
    expect(loaded.touched).toBe(false);
    const kept = run(
      [{ type: 'exchangesLoaded', exchanges: ['US'] }],
      initialBuilderState(defaultFormValues('NSE', 'TCS')),
    );
    expect(kept.values).toMatchObject({ exchange: 'NSE', stock: 'TCS' });
  });

  it('selects the first stock of the chosen exchange when its list arrives', () => {
    const state = run([
      { type: 'exchangesLoaded', exchanges: ['US', 'NSE'] },
      { type: 'stocksLoaded', exchange: 'US', stocks: ['AAPL', 'MSFT'] },
    ]);
    expect(state.values.stock).toBe('AAPL');
  });

  it('ignores a stock list of an exchange no longer chosen', () => {
    const state = run([
      { type: 'exchangesLoaded', exchanges: ['US', 'NSE'] },
      { type: 'selectExchange', exchange: 'NSE', stock: '' },
      { type: 'stocksLoaded', exchange: 'US', stocks: ['AAPL'] },
    ]);
    expect(state.values).toMatchObject({ exchange: 'NSE', stock: '' });
    expect(run([{ type: 'stocksLoaded', exchange: 'NSE', stocks: ['TCS'] }], state).values.stock).toBe('TCS');
  });

  it('changing the exchange drops the old stock and may set the data’s timeframe', () => {
    const state = run([
      { type: 'exchangesLoaded', exchanges: ['US'] },
      { type: 'stocksLoaded', exchange: 'US', stocks: ['AAPL'] },
      { type: 'selectExchange', exchange: 'INDX', stock: 'GSPC', timeframe: '1 day' },
    ]);
    expect(state.values).toMatchObject({ exchange: 'INDX', stock: 'GSPC', timeframe: '1 day' });
    expect(state.touched).toBe(true);
    expect(run([{ type: 'selectStock', stock: 'MSFT' }]).values.stock).toBe('MSFT');
  });
});

describe('condition rows', () => {
  it('a count change rebuilds that list with default rows and discards earlier entries', () => {
    let state = run([
      { type: 'setCount', side: 'entry', group: 'parameters', count: 2 },
      { type: 'setCrossover', side: 'entry', index: 0, field: 'indicator1', value: 'SMA' },
      setting('entry', 'additionalFields1', 'Timeframe', '10'),
      { type: 'setCount', side: 'entry', group: 'valueBased', count: 1 },
      { type: 'setValueRow', side: 'entry', index: 0, field: 'number', value: '70' },
    ]);
    expect(state.values.entry.parameters[0]).toMatchObject({
      indicator1: 'SMA',
      additionalFields1: { Timeframe: '10' },
    });

    state = run([{ type: 'setCount', side: 'entry', group: 'parameters', count: 3 }], state);
    expect(state.values.entry.parameters).toEqual(
      Array.from({ length: 3 }, () => ({
        indicator1: 'SMA',
        logic: 'Crosses Above',
        indicator2: 'SMA',
        additionalFields1: { Timeframe: '10' },
        additionalFields2: { Timeframe: '20' },
      })),
    );
    // Other lists are untouched.
    expect(state.values.entry.valueBased[0]?.number).toBe('70');

    state = run([{ type: 'setCount', side: 'entry', group: 'valueBased', count: 2 }], state);
    expect(state.values.entry.valueBased).toEqual([
      { indicator: 'RSI', logic: 'Greater Than', number: '', additionalFields: {} },
      { indicator: 'RSI', logic: 'Greater Than', number: '', additionalFields: {} },
    ]);
    expect(
      run([{ type: 'setCount', side: 'entry', group: 'parameters', count: 0 }], state).values.entry
        .parameters,
    ).toEqual([]);
  });

  it('candlestick rows default to the first pattern, on entry only', () => {
    const state = run([
      { type: 'setCount', side: 'entry', group: 'candleStick', count: 3 },
      { type: 'setCandlestick', index: 1, pattern: 'Doji' },
    ]);
    expect(state.values.entry.candleStick.map((row) => row.pattern1)).toEqual([
      CANDLESTICK_PATTERN_NAMES[0],
      'Doji',
      CANDLESTICK_PATTERN_NAMES[0],
    ]);
    expect(run([{ type: 'setCount', side: 'exit', group: 'candleStick', count: 2 }], state)).toBe(state);
    expect('candleStick' in state.values.exit).toBe(false);
  });

  it('exit lists are rebuilt independently of entry lists', () => {
    const state = run([
      { type: 'setCount', side: 'entry', group: 'parameters', count: 1 },
      { type: 'setCount', side: 'exit', group: 'parameters', count: 2 },
      { type: 'setCount', side: 'exit', group: 'valueBased', count: 5 },
    ]);
    expect(state.values.entry.parameters).toHaveLength(1);
    expect(state.values.exit.parameters).toHaveLength(2);
    expect(state.values.exit.valueBased).toHaveLength(5);
  });

  it('changing an indicator clears that side’s settings only', () => {
    const state = run([
      { type: 'setCount', side: 'exit', group: 'parameters', count: 1 },
      { type: 'setCrossover', side: 'exit', index: 0, field: 'indicator1', value: 'EMA' },
      { type: 'setCrossover', side: 'exit', index: 0, field: 'indicator2', value: 'MACD macd line' },
      setting('exit', 'additionalFields1', 'Timeframe', '50'),
      setting('exit', 'additionalFields2', 'Fast Period', '8'),
      { type: 'setCrossover', side: 'exit', index: 0, field: 'logic', value: 'Crosses Above' },
    ]);
    expect(state.values.exit.parameters[0]).toEqual({
      indicator1: 'EMA',
      logic: 'Crosses Above',
      indicator2: 'MACD macd line',
      additionalFields1: { Timeframe: '50' },
      additionalFields2: { 'Fast Period': '8' },
    });
    const changed = run(
      [{ type: 'setCrossover', side: 'exit', index: 0, field: 'indicator2', value: 'Ichimoku kijun_sen' }],
      state,
    );
    expect(changed.values.exit.parameters[0]?.additionalFields1).toEqual({ Timeframe: '50' });
    expect(changed.values.exit.parameters[0]?.additionalFields2).toEqual({});
    const changedFirst = run(
      [{ type: 'setCrossover', side: 'exit', index: 0, field: 'indicator1', value: 'SMA' }],
      state,
    );
    expect(changedFirst.values.exit.parameters[0]?.additionalFields1).toEqual({});
    expect(changedFirst.values.exit.parameters[0]?.additionalFields2).toEqual({ 'Fast Period': '8' });
  });

  it('changing a value row’s indicator clears its settings', () => {
    const state = run([
      { type: 'setCount', side: 'entry', group: 'valueBased', count: 1 },
      { type: 'setValueSetting', side: 'entry', index: 0, label: 'Timeframe', value: '7' },
      { type: 'setValueRow', side: 'entry', index: 0, field: 'logic', value: 'Less Than' },
    ]);
    expect(state.values.entry.valueBased[0]).toMatchObject({
      logic: 'Less Than',
      additionalFields: { Timeframe: '7' },
    });
    const changed = run(
      [{ type: 'setValueRow', side: 'entry', index: 0, field: 'indicator', value: 'MFI' }],
      state,
    );
    expect(changed.values.entry.valueBased[0]).toEqual({
      indicator: 'MFI',
      logic: 'Less Than',
      number: '',
      additionalFields: {},
    });
  });
});

describe('exit criteria', () => {
  it('sets type and value; choosing "none" clears the value', () => {
    let state = run([
      { type: 'setCriterion', criterion: 'stopLoss', field: 'type', value: 'percentage' },
      { type: 'setCriterion', criterion: 'stopLoss', field: 'value', value: '5' },
      { type: 'setTiming', field: 'time', value: '15:30' },
      { type: 'setTiming', field: 'timezone', value: 'EST' },
    ]);
    expect(state.values.exitCriteria.stopLoss).toEqual({ type: 'percentage', value: '5' });
    expect(state.values.exitCriteria.timing).toEqual({ time: '15:30', timezone: 'EST' });
    state = run([{ type: 'setCriterion', criterion: 'stopLoss', field: 'type', value: 'points' }], state);
    expect(state.values.exitCriteria.stopLoss).toEqual({ type: 'points', value: '5' });
    state = run([{ type: 'setCriterion', criterion: 'stopLoss', field: 'type', value: '' }], state);
    expect(state.values.exitCriteria.stopLoss).toEqual({ type: '', value: '' });
  });
});

describe('modes and errors', () => {
  const errors = [
    { path: 'entry.valueBased.0.number', message: 'Enter a number' },
    { path: 'entry.parameters.0.additionalFields1.Timeframe', message: 'Timeframe must be a whole number' },
    { path: 'entry', message: 'Add at least one entry condition' },
    { path: 'stock', message: 'Required' },
  ];

  it('showErrors stays in edit mode with the errors by path; preview clears them', () => {
    const shown = run([{ type: 'preview' }, { type: 'showErrors', errors }]);
    expect(shown.mode).toBe('edit');
    expect(shown.errors['entry.valueBased.0.number']).toBe('Enter a number');
    const previewed = run([{ type: 'preview' }], shown);
    expect(previewed.mode).toBe('review');
    expect(previewed.errors).toEqual({});
    expect(run([{ type: 'edit' }], previewed).mode).toBe('edit');
  });

  it('editing a field clears its error, and only its error', () => {
    const shown = run([
      { type: 'setCount', side: 'entry', group: 'valueBased', count: 1 },
      { type: 'setCount', side: 'entry', group: 'parameters', count: 1 },
      { type: 'showErrors', errors },
    ]);
    const typed = run([{ type: 'setValueRow', side: 'entry', index: 0, field: 'number', value: '3' }], shown);
    expect(Object.keys(typed.errors).sort()).toEqual([
      'entry',
      'entry.parameters.0.additionalFields1.Timeframe',
      'stock',
    ]);
    const recounted = run([{ type: 'setCount', side: 'entry', group: 'parameters', count: 2 }], shown);
    expect(Object.keys(recounted.errors).sort()).toEqual(['entry.valueBased.0.number', 'stock']);
    const newIndicator = run(
      [{ type: 'setCrossover', side: 'entry', index: 0, field: 'indicator1', value: 'EMA' }],
      shown,
    );
    expect(newIndicator.errors['entry.parameters.0.additionalFields1.Timeframe']).toBeUndefined();
  });

  it('server errors keep review mode, to be shown at the fields when editing', () => {
    const state = run([
      { type: 'preview' },
      { type: 'serverErrors', errors: [{ path: 'stock', message: 'Unknown symbol' }] },
    ]);
    expect(state.mode).toBe('review');
    expect(state.errors).toEqual({ stock: 'Unknown symbol' });
    expect(run([{ type: 'edit' }], state).errors).toEqual({ stock: 'Unknown symbol' });
  });

  it('reset clears everything back to the defaults with the lists’ first exchange and stock', () => {
    const busy = run([
      { type: 'exchangesLoaded', exchanges: ['US'] },
      { type: 'selectExchange', exchange: 'NSE', stock: 'TCS' },
      { type: 'setField', field: 'fromDate', value: '2024-01-01' },
      { type: 'setField', field: 'mode', value: 'ml' },
      { type: 'setCount', side: 'entry', group: 'parameters', count: 4 },
      { type: 'setCriterion', criterion: 'targetProfit', field: 'type', value: 'points' },
      { type: 'showErrors', errors },
      { type: 'preview' },
    ]);
    const reset = run([{ type: 'reset', exchange: 'US', stock: 'AAPL' }], busy);
    expect(reset).toEqual(initialBuilderState(defaultFormValues('US', 'AAPL')));
    expect(reset.touched).toBe(false);
  });

  it('loadRequest puts a stored request into the form, in edit mode', () => {
    const request = {
      exchange: 'US',
      stock: 'AAPL',
      fromDate: '2022-01-03',
      toDate: '2022-12-30',
      timeframe: '1 day',
      transactionType: 'sell',
      entry: {
        parameters: [smaCrossing('Crosses Above')],
        valueBased: [{ indicator: 'RSI', logic: 'Less Than', number: 70, additionalFields: {} }],
        candleStick: [],
        combine: 'any',
      },
      exit: {
        parameters: [],
        valueBased: [{ indicator: 'MFI', logic: 'Greater Than', number: null }],
        combine: 'all',
      },
      exitCriteria: {
        targetProfit: { type: '', value: null },
        stopLoss: { type: 'percentage', value: 5 },
        trailingStopLoss: { type: '', value: null },
        timing: { time: '', timezone: 'CET' },
      },
      initialCapital: 50000,
      commission: 0.1,
      slippage: 0,
      mode: 'standard',
      sizing: 'all-in-whole-units',
    };
    const state = run([{ type: 'preview' }, { type: 'loadRequest', request }]);
    expect(state.mode).toBe('edit');
    expect(state.touched).toBe(true);
    expect(state.values).toMatchObject({
      exchange: 'US',
      stock: 'AAPL',
      timeframe: '1 day',
      transactionType: 'sell',
      initialCapital: '50000',
      commission: '0.1',
      sizing: 'all-in-whole-units',
    });
    expect(state.values.entry.parameters[0]?.additionalFields2).toEqual({ Timeframe: '20' });
    expect(state.values.entry.valueBased[0]?.number).toBe('70');
    expect(state.values.exit.valueBased[0]?.number).toBe('');
    expect(state.values.exitCriteria.stopLoss).toEqual({ type: 'percentage', value: '5' });
    expect(state.values.exitCriteria.timing.timezone).toBe('CET');
    expect(backtestRequestSchema.safeParse(toRequest(state.values)).success).toBe(true);
  });
});

describe('form values <-> request', () => {
  it('fromRequest tolerates junk, keeping only known values and declared settings', () => {
    const values = fromRequest({
      timeframe: '2 min',
      entry: {
        parameters: [
          {
            indicator1: 'NOPE',
            additionalFields1: { Timeframe: '5' },
            indicator2: 'EMA',
            additionalFields2: { Timeframe: 9, Bogus: '1' },
          },
        ],
        valueBased: 'no',
        candleStick: Array.from({ length: 9 }, () => ({ pattern1: 'Doji' })),
      },
      exitCriteria: { stopLoss: { type: 'bananas', value: 3 } },
    });
    expect(values.timeframe).toBe('15 min');
    expect(values.entry.parameters[0]).toEqual({
      indicator1: 'OBV',
      logic: 'Greater Than',
      indicator2: 'EMA',
      additionalFields1: {},
      additionalFields2: { Timeframe: '9' },
    });
    expect(values.entry.valueBased).toEqual([]);
    expect(values.entry.candleStick).toHaveLength(3);
    expect(values.exitCriteria.stopLoss).toEqual({ type: '', value: '' });
    expect(fromRequest(null)).toEqual(defaultFormValues());
  });

  it('toRequest leaves blank settings out: blank means the default', () => {
    const state = run([
      { type: 'setCount', side: 'entry', group: 'parameters', count: 1 },
      { type: 'setCrossover', side: 'entry', index: 0, field: 'indicator1', value: 'MACD macd line' },
      setting('entry', 'additionalFields1', 'Fast Period', ''),
      setting('entry', 'additionalFields1', 'Slow Period', '30'),
    ]);
    expect(toRequest(state.values).entry.parameters?.[0]?.additionalFields1).toEqual({ 'Slow Period': '30' });
  });
});
