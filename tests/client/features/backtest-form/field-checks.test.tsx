import { describe, expect, it } from 'vitest';
import {
  builderFieldErrors,
  builderWarnings,
  periodBoundErrors,
} from '../../../../src/client/features/backtest-form/field-checks';
import {
  defaultFormValues,
  defaultValueRow,
} from '../../../../src/client/features/backtest-form/form-values';

/** The defaults with one RSI entry row of this period, on these dates and bars. */
function withRsi(period: string, dates: [string, string], timeframe: '1 day' | '15 min' = '1 day') {
  const values = defaultFormValues('US', 'AAPL');
  return {
    ...values,
    fromDate: dates[0],
    toDate: dates[1],
    timeframe,
    entry: {
      ...values.entry,
      valueBased: [{ ...defaultValueRow(), number: '30', additionalFields: { Timeframe: period } }],
    },
  };
}

describe("the builder's period bounds", () => {
  it('refuse RSI(10000) on one year of daily bars at its field, naming the bars available', () => {
    expect(periodBoundErrors(withRsi('10000', ['2023-01-01', '2023-12-31']))).toEqual([
      {
        path: 'entry.valueBased.0.additionalFields.Timeframe',
        message:
          'Longer than the data: at most 5,365 daily bars (365 from 2023-01-01 to 2023-12-31, and up to 5,000 before them for warm-up)',
      },
    ]);
  });

  it('take a long period the warm-up covers, and count intraday bars around the clock', () => {
    expect(periodBoundErrors(withRsi('5365', ['2023-01-01', '2023-12-31']))).toEqual([]);
    // Three days of 15-minute bars: 288, and the warm-up before them.
    expect(periodBoundErrors(withRsi('5288', ['2023-09-01', '2023-09-03'], '15 min'))).toEqual([]);
    expect(periodBoundErrors(withRsi('5289', ['2023-09-01', '2023-09-03'], '15 min'))[0]?.message).toBe(
      'Longer than the data: at most 5,288 15-minute bars (288 from 2023-09-01 to 2023-09-03, and up to 5,000 before them for warm-up)',
    );
  });

  it('check crossover sides and exit rows, and leave blank settings and reversed dates alone', () => {
    const values = withRsi('', ['2023-01-01', '2023-01-31']);
    const crossover = {
      indicator1: 'SMA',
      logic: 'Crosses Above' as const,
      indicator2: 'EMA',
      additionalFields1: { Timeframe: '6000' },
      additionalFields2: { Timeframe: '20' },
    };
    const paths = (checked: typeof values) => periodBoundErrors(checked).map((error) => error.path);
    expect(paths({ ...values, exit: { ...values.exit, parameters: [crossover] } })).toEqual([
      'exit.parameters.0.additionalFields1.Timeframe',
    ]);
    expect(paths({ ...values, entry: { ...values.entry, parameters: [crossover] } })).toEqual([
      'entry.parameters.0.additionalFields1.Timeframe',
    ]);
    // A reversed range is the To date's error, not every period's.
    expect(
      builderFieldErrors({
        ...withRsi('10000', ['2023-12-31', '2023-01-01']),
      }).map((error) => error.path),
    ).toEqual(['toDate']);
  });
});

describe("the builder's warnings", () => {
  it('are keyed by the field they stand beside', () => {
    const values = defaultFormValues('US', 'AAPL');
    expect(builderWarnings(values)).toEqual({});
    expect(
      Object.keys(
        builderWarnings({
          ...values,
          commission: '6',
          slippage: '99999',
          exitCriteria: {
            ...values.exitCriteria,
            targetProfit: { type: 'percentage', value: '100000' },
            stopLoss: { type: 'percentage', value: '60' },
          },
        }),
      ),
    ).toEqual(['commission', 'slippage', 'exitCriteria.targetProfit.value', 'exitCriteria.stopLoss.value']);
  });
});
