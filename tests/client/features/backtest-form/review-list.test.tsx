import { describe, expect, it } from 'vitest';
import { buildReviewList, type ReviewItem } from '../../../../src/client/features/backtest-form/review-list';
import { defaultFormValues, toRequest } from '../../../../src/client/features/backtest-form/form-values';
import { smaCrossing } from '../../../fixtures/requests';

/** The list as "label: value" lines, nested by indentation. */
function lines(items: readonly ReviewItem[], depth = 0): string[] {
  return items.flatMap((item) => [
    `${'  '.repeat(depth)}${item.label}${item.value === undefined ? '' : `: ${item.value}`}`,
    ...lines(item.children ?? [], depth + 1),
  ]);
}

describe('review list', () => {
  it('drops empty strings, empty lists and maps, "none" criteria, an unset exit time and sides without rows', () => {
    const request = toRequest(defaultFormValues('US', 'AAPL'));
    expect(lines(buildReviewList(request))).toEqual([
      'Exchange: US',
      'Stock: AAPL',
      'From date: 2023-09-01',
      'To date: 2023-09-03',
      'Timeframe: 15 min',
      'Transaction type: Buy',
      'Initial capital: 100000',
      'Commission (% per side): 0',
      'Slippage (points per fill): 0',
      'Backtest mode: Standard (rules only)',
      'Position sizing: All capital, fractional units',
      'Price adjustment: Adjusted for splits and dividends',
    ]);
  });

  it('nests rows and their settings, and keeps set criteria', () => {
    const items = buildReviewList({
      exchange: 'US',
      stock: '',
      entry: {
        parameters: [{ ...smaCrossing('Crosses Above'), additionalFields2: {} }],
        valueBased: [{ indicator: 'RSI', logic: 'Less Than', number: '70', additionalFields: {} }],
        candleStick: [],
      },
      exit: { parameters: [], valueBased: [{ indicator: 'MFI', logic: 'Greater Than', number: '' }] },
      exitCriteria: {
        targetProfit: { type: '', value: '' },
        stopLoss: { type: 'percentage', value: '5' },
        trailingStopLoss: { type: 'points', value: 0 },
        timing: { time: '15:30', timezone: 'EST' },
      },
      note: null,
    });
    expect(lines(items)).toEqual([
      'Exchange: US',
      'Entry conditions',
      '  Crossover conditions',
      '    Crossover 1',
      '      Indicator 1: SMA',
      '      Logic: Crosses Above',
      '      Indicator 2: SMA',
      '      Indicator 1 settings',
      '        Timeframe: 10',
      '  Value-based conditions',
      '    Value-based 1',
      '      Indicator: RSI',
      '      Logic: Less Than',
      '      Number: 70',
      'Exit conditions',
      '  Value-based conditions',
      '    Value-based 1',
      '      Indicator: MFI',
      '      Logic: Greater Than',
      'Exit criteria',
      '  Stop loss',
      '    Type: Percentage (%)',
      '    Value: 5',
      '  Trailing stop loss',
      '    Type: Points',
      '    Value: 0',
      '  Exit timing',
      '    Time: 15:30',
      '    Timezone: EST (New York)',
    ]);
    expect(items.map((item) => item.path)).toEqual(['exchange', 'entry', 'exit', 'exitCriteria']);
  });

  it('drops a whole branch when nothing in it is left, and lets a caller describe values', () => {
    expect(buildReviewList({ exit: { parameters: [], valueBased: [{ number: '  ' }] } })).toEqual([]);
    const items = buildReviewList({ exchange: 'US' }, (path, text) =>
      path === 'exchange' ? `USA Stocks (${text})` : text,
    );
    expect(items).toEqual([{ path: 'exchange', label: 'Exchange', value: 'USA Stocks (US)' }]);
  });
});
