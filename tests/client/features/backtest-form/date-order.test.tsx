import { describe, expect, it } from 'vitest';
import { dateOrderError } from '../../../../src/client/features/backtest-form/date-order';

describe("the builder's date order check", () => {
  it('flags a to date before the from date at the To date field, once both are dates', () => {
    expect(dateOrderError({ fromDate: '2024-05-01', toDate: '2024-04-30' })).toEqual({
      path: 'toDate',
      message: 'The to date is before the from date: choose a date on or after it',
    });
    expect(dateOrderError({ fromDate: '2024-05-01', toDate: '2024-05-01' })).toBeNull();
    expect(dateOrderError({ fromDate: '2024-05-01', toDate: '2024-0' })).toBeNull();
  });
});
