/** Grids: paths as the schema's errors write them, checked against the request; the default grid. */
import { describe, expect, it } from 'vitest';
import {
  applySettings,
  checkGrid,
  configurationSettings,
  defaultGrid,
  GridError,
} from '../../../src/engine/sweep/grid';
import { backtestRequestSchema } from '../../../src/shared/backtest-request';
import { thrownError } from '../thrown-error';

const REQUEST = backtestRequestSchema.parse({
  exchange: 'US',
  stock: 'TEST',
  entry: {
    parameters: [
      {
        indicator1: 'EMA',
        logic: 'Crosses Above',
        indicator2: 'MACD green line',
        additionalFields1: { Timeframe: '3' },
      },
      { indicator1: 'Close Price', logic: 'Greater Than', indicator2: 'VWAP' },
    ],
    valueBased: [
      { indicator: 'RSI', logic: 'Less Than', number: 30 },
      { indicator: 'MACD histogram', logic: 'Greater Than', number: 0 },
    ],
  },
  exit: { valueBased: [{ indicator: 'RSI', logic: 'Greater Than', number: null }] },
  exitCriteria: {
    stopLoss: { type: 'percentage', value: 2 },
    trailingStopLoss: { type: 'points', value: 0.3 },
  },
});

const gridError = (grid: unknown) => thrownError(GridError, () => checkGrid(grid, REQUEST));

describe('checkGrid', () => {
  it('accepts indicator settings, value-row numbers and exit distances, in key order', () => {
    const { axes, size } = checkGrid(
      {
        'entry.parameters.0.additionalFields1.Timeframe': ['5', 10, '15'],
        'entry.parameters.0.additionalFields2.Signal Period': [5, 9],
        'entry.valueBased.0.number': ['25', 30.5],
        'exit.valueBased.0.number': [70],
        'exitCriteria.stopLoss.value': [1, 2],
      },
      REQUEST,
    );
    expect(axes.map((axis) => axis.path)).toEqual([
      'entry.parameters.0.additionalFields1.Timeframe',
      'entry.parameters.0.additionalFields2.Signal Period',
      'entry.valueBased.0.number',
      'exit.valueBased.0.number',
      'exitCriteria.stopLoss.value',
    ]);
    expect(size).toBe(3 * 2 * 2 * 1 * 2);
  });

  it('names the path of a setting the request does not have', () => {
    expect(gridError({ 'entry.parameters.5.additionalFields1.Timeframe': [5] }).message).toBe(
      'entry.parameters.5.additionalFields1.Timeframe: the request has no entry.parameters row 5 (it has 2)',
    );
    expect(gridError({ 'entry.parameters.0.additionalFields1.Period': [5] }).message).toBe(
      'entry.parameters.0.additionalFields1.Period: EMA has no setting "Period" (it has "Timeframe")',
    );
    expect(gridError({ 'entry.parameters.1.additionalFields1.Timeframe': [5] }).path).toBe(
      'entry.parameters.1.additionalFields1.Timeframe',
    );
    expect(gridError({ 'exitCriteria.targetProfit.value': [1] }).message).toMatch(
      /^exitCriteria.targetProfit.value: the request has no targetProfit/,
    );
    expect(gridError({ 'entry.parameters.0.logic': ['Crosses Below'] }).message).toMatch(
      /not a numeric setting/,
    );
    expect(gridError({ initialCapital: [1000] }).message).toMatch(/^initialCapital: not a numeric setting/);
  });

  it('rejects a value the shared schema rejects, naming the path, the value and the schema message', () => {
    expect(gridError({ 'entry.parameters.0.additionalFields1.Timeframe': ['5', '0'] }).message).toBe(
      'entry.parameters.0.additionalFields1.Timeframe = "0": the request is not valid with this value: ' +
        'entry.parameters.0.additionalFields1.Timeframe: Timeframe must be a whole number of bars from 1 to 10000',
    );
    expect(gridError({ 'exitCriteria.stopLoss.value': [-1] }).message).toMatch(
      /exitCriteria.stopLoss.value: Enter a value greater than 0$/,
    );
    expect(gridError({ 'entry.valueBased.0.number': ['abc'] }).message).toMatch(/Enter a number$/);
    expect(gridError({ 'entry.valueBased.0.number': [] }).message).toMatch(/non-empty list/);
    expect(gridError({ 'entry.valueBased.0.number': [true] }).message).toMatch(/true is not a number/);
    expect(gridError([]).path).toBe('');
    expect(gridError({}).message).toBe('the grid has no settings to sweep');
  });
});

describe('configurationSettings and applySettings', () => {
  it('enumerate the cartesian product with the last axis fastest', () => {
    const { axes } = checkGrid(
      { 'entry.valueBased.0.number': [20, 30], 'exitCriteria.stopLoss.value': [1, 2, 3] },
      REQUEST,
    );
    expect(
      Array.from({ length: 6 }, (_, index) => Object.values(configurationSettings(axes, index))),
    ).toEqual([
      [20, 1],
      [20, 2],
      [20, 3],
      [30, 1],
      [30, 2],
      [30, 3],
    ]);
  });

  it('return a validated copy with the settings applied, leaving the request as it was', () => {
    const applied = applySettings(REQUEST, {
      'entry.parameters.0.additionalFields1.Timeframe': 8,
      'entry.valueBased.0.number': '27.5',
      'exitCriteria.trailingStopLoss.value': '0.5',
    });
    expect(applied.entry.parameters[0]!.additionalFields1).toEqual({ Timeframe: '8' });
    expect(applied.entry.valueBased[0]!.number).toBe(27.5);
    expect(applied.exitCriteria.trailingStopLoss).toEqual({ type: 'points', value: 0.5 });
    expect(REQUEST.entry.parameters[0]!.additionalFields1).toEqual({ Timeframe: '3' });
    expect(applySettings(REQUEST, {})).toEqual(REQUEST);
  });
});

describe('defaultGrid', () => {
  it('shrinks to a limit: the last widest axis narrows to 3 steps first, then the last is left out', () => {
    const full = defaultGrid(REQUEST);
    const axes = Object.keys(full);
    const sizeOf = (grid: Record<string, number[]>) =>
      Object.values(grid).reduce((product, values) => product * values.length, 1);
    expect(defaultGrid(REQUEST, Infinity)).toEqual(full);
    expect(defaultGrid(REQUEST, sizeOf(full))).toEqual(full);
    const narrowedOnce = defaultGrid(REQUEST, sizeOf(full) - 1);
    expect(Object.keys(narrowedOnce)).toEqual(axes);
    expect(narrowedOnce[axes.at(-1)!]!.length).toBe(3);
    for (const limit of [1000, 50, 10, 1]) {
      const grid = defaultGrid(REQUEST, limit);
      expect(Object.keys(grid).length).toBeGreaterThan(0);
      if (Object.keys(grid).length > 1) expect(sizeOf(grid)).toBeLessThanOrEqual(limit);
      expect(() => checkGrid(grid, REQUEST)).not.toThrow();
    }
  });

  it('steps every numeric setting of the run through 0.5 to 1.5 times its value', () => {
    expect(defaultGrid(REQUEST)).toEqual({
      // A period of 3: rounded to whole bars, duplicates dropped.
      'entry.parameters.0.additionalFields1.Timeframe': [2, 3, 4, 5],
      // Blank MACD settings step around their defaults 12, 26, 9.
      'entry.parameters.0.additionalFields2.Fast Period': [6, 9, 12, 15, 18],
      'entry.parameters.0.additionalFields2.Slow Period': [13, 20, 26, 33, 39],
      'entry.parameters.0.additionalFields2.Signal Period': [5, 7, 9, 11, 14],
      // Blank VWAP (session reset) has no default to step around; Close Price has no settings.
      'entry.valueBased.0.additionalFields.Timeframe': [7, 11, 14, 18, 21],
      'entry.valueBased.0.number': [15, 22.5, 30, 37.5, 45],
      // A number of 0 has no +-50%; MACD histogram's settings still step.
      'entry.valueBased.1.additionalFields.Fast Period': [6, 9, 12, 15, 18],
      'entry.valueBased.1.additionalFields.Slow Period': [13, 20, 26, 33, 39],
      'entry.valueBased.1.additionalFields.Signal Period': [5, 7, 9, 11, 14],
      // The exit row's blank number is left out; its period steps.
      'exit.valueBased.0.additionalFields.Timeframe': [7, 11, 14, 18, 21],
      'exitCriteria.stopLoss.value': [1, 1.5, 2, 2.5, 3],
      'exitCriteria.trailingStopLoss.value': [0.15, 0.225, 0.3, 0.375, 0.45],
    });
  });

  it('gives a grid that checkGrid accepts', () => {
    expect(checkGrid(defaultGrid(REQUEST), REQUEST).axes).toHaveLength(12);
  });
});
