import { describe, expect, it } from 'vitest';
import { ADMIN_ROBUSTNESS_CONFIGURATIONS, PLANS, monthlyEquivalent } from '../../src/shared/plans';
import { CANDLESTICK_PATTERN_NAMES } from '../../src/shared/candlestick-patterns';
import { CROSSOVER_INDICATOR_LABELS, VALUE_INDICATOR_LABELS } from '../../src/shared/indicators';
import { FALLBACK_EXCHANGES, fallbackStocks } from '../../src/shared/fallback-market';

describe('spec constants', () => {
  it('hold the twelve prices of spec section 9', () => {
    const table = Object.fromEntries(PLANS.map((plan) => [plan.name, plan.prices]));
    expect(table).toEqual({
      Basic: { INR: { monthly: 999, annual: 9990 }, USD: { monthly: 12, annual: 120 } },
      Professional: { INR: { monthly: 1999, annual: 19990 }, USD: { monthly: 24, annual: 240 } },
      Enterprise: { INR: { monthly: 4999, annual: 49990 }, USD: { monthly: 60, annual: 600 } },
    });
  });

  it('let an analysis sweep 50 configurations on Basic, 1,000 on Pro, 10,000 on Enterprise and for admins', () => {
    expect(Object.fromEntries(PLANS.map((plan) => [plan.id, plan.robustnessConfigurations]))).toEqual({
      basic: 50,
      pro: 1000,
      enterprise: 10000,
    });
    expect(ADMIN_ROBUSTNESS_CONFIGURATIONS).toBe(10000);
  });

  it('give annual prices a rounded monthly equivalent', () => {
    expect(monthlyEquivalent(9990)).toBe(833);
    expect(monthlyEquivalent(19990)).toBe(1666);
    expect(monthlyEquivalent(49990)).toBe(4166);
    expect(monthlyEquivalent(120)).toBe(10);
  });

  it('list 31 crossover and 5 value indicators and 61 patterns, without duplicates', () => {
    expect(new Set(CROSSOVER_INDICATOR_LABELS).size).toBe(31);
    expect(new Set(VALUE_INDICATOR_LABELS).size).toBe(5);
    expect(new Set(CANDLESTICK_PATTERN_NAMES).size).toBe(61);
    expect(CANDLESTICK_PATTERN_NAMES[0]).toBe('TwoCrows');
    expect(CANDLESTICK_PATTERN_NAMES[60]).toBe('UpsideDownsideGapThreeMethods');
  });

  it('have 12 fallback exchanges and 5 stocks for US, NASDAQ and NSE only', () => {
    expect(FALLBACK_EXCHANGES.map((e) => e.code)).toEqual([
      'US',
      'NASDAQ',
      'LSE',
      'NSE',
      'BSE',
      'TSE',
      'HKEX',
      'ASX',
      'EURONEXT',
      'SSE',
      'SZSE',
      'TSX',
    ]);
    for (const exchange of FALLBACK_EXCHANGES) {
      const expected = ['US', 'NASDAQ', 'NSE'].includes(exchange.code) ? 5 : 0;
      expect(fallbackStocks(exchange.code)).toHaveLength(expected);
    }
  });
});
