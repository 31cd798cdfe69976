import { describe, expect, it } from 'vitest';
import { WARNING_THRESHOLDS, valueWarnings } from '../../src/shared/value-warnings';

describe('warnings for values that are allowed but rarely meant', () => {
  it('stay quiet at the thresholds and speak just above them', () => {
    const { commissionPct, slippagePoints, targetProfitPct, stopPct } = WARNING_THRESHOLDS;
    const at = {
      commission: commissionPct,
      slippage: String(slippagePoints),
      exitCriteria: {
        targetProfit: { type: 'percentage', value: targetProfitPct },
        stopLoss: { type: 'percentage', value: String(stopPct) },
        trailingStopLoss: { type: 'percentage', value: stopPct },
      },
    };
    expect(valueWarnings(at)).toEqual([]);
    const above = {
      commission: commissionPct + 0.5,
      slippage: '99999',
      exitCriteria: {
        targetProfit: { type: 'percentage', value: '100000' },
        stopLoss: { type: 'percentage', value: 60 },
        trailingStopLoss: { type: 'percentage', value: '75' },
      },
    };
    expect(valueWarnings(above)).toEqual([
      {
        path: 'commission',
        message: '5.5% per side is unusually high (brokers charge well under 1%). Check it is a percent.',
      },
      {
        path: 'slippage',
        message:
          '99,999 points on every fill is more than 5% of any price under 1,999,980. Check it is in price points.',
      },
      {
        path: 'exitCriteria.targetProfit.value',
        message: 'A target of 100,000% is rarely reached: the price must rise 1,001-fold.',
      },
      {
        path: 'exitCriteria.stopLoss.value',
        message: 'A stop 60% away rarely acts. Check it is a percent (0.5 is half a percent).',
      },
      {
        path: 'exitCriteria.trailingStopLoss.value',
        message: 'A trailing stop 75% away rarely acts. Check it is a percent (0.5 is half a percent).',
      },
    ]);
  });

  it('leave points targets and stops, blanks and text that is not a number to the errors', () => {
    expect(
      valueWarnings({
        commission: '',
        slippage: 'lots',
        exitCriteria: {
          targetProfit: { type: 'points', value: 5000 },
          stopLoss: { type: 'points', value: 900 },
          trailingStopLoss: { type: '', value: '' },
        },
      }),
    ).toEqual([]);
  });
});
