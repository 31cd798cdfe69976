import { describe, expect, it } from 'vitest';
import { CANDLESTICK_PATTERN_NAMES } from '../../src/shared/candlestick-patterns';
import { FALLBACK_EXCHANGES, FALLBACK_STOCKS, fallbackStocks } from '../../src/shared/fallback-market';
import { CROSSOVER_INDICATOR_LABELS, VALUE_INDICATOR_LABELS } from '../../src/shared/indicators';
import { ANNUAL_BADGE, BILLING_PERIODS, CURRENCIES, PLANS, monthlyEquivalent } from '../../src/shared/plans';

describe('plans', () => {
  it('price every plan in every currency and billing period', () => {
    for (const plan of PLANS) {
      for (const currency of CURRENCIES) {
        for (const period of BILLING_PERIODS) expect(plan.prices[currency][period]).toBeGreaterThan(0);
      }
    }
  });

  it('make annual billing save at least what the badge promises', () => {
    const promised = Number(/(\d+)%/.exec(ANNUAL_BADGE)?.[1]);
    expect(promised).toBe(15);
    for (const plan of PLANS) {
      for (const currency of CURRENCIES) {
        const { monthly, annual } = plan.prices[currency];
        expect(1 - annual / (monthly * 12)).toBeGreaterThanOrEqual(promised / 100);
      }
    }
  });

  it('rank plans by price: a better plan never costs less', () => {
    for (const currency of CURRENCIES) {
      const monthly = PLANS.map((plan) => plan.prices[currency].monthly);
      expect(monthly).toEqual([...monthly].sort((a, b) => a - b));
    }
  });

  it('round an annual price to its nearest whole monthly equivalent', () => {
    expect(monthlyEquivalent(9990)).toBe(833); // 832.5 rounds up
    expect(monthlyEquivalent(19990)).toBe(1666); // 1665.83
    expect(monthlyEquivalent(120)).toBe(10);
  });
});

describe('catalogues', () => {
  it('name each indicator and pattern once', () => {
    for (const list of [CROSSOVER_INDICATOR_LABELS, VALUE_INDICATOR_LABELS, CANDLESTICK_PATTERN_NAMES]) {
      expect(new Set(list).size).toBe(list.length);
    }
  });
});

describe('fallback market lists', () => {
  it('list stocks only for listed exchanges, each under its own exchange code', () => {
    const codes = new Set(FALLBACK_EXCHANGES.map((exchange) => exchange.code));
    expect(codes.size).toBe(FALLBACK_EXCHANGES.length);
    for (const [exchange, stocks] of Object.entries(FALLBACK_STOCKS)) {
      expect(codes.has(exchange)).toBe(true);
      for (const stock of stocks) expect(stock.exchange).toBe(exchange);
    }
  });

  it('answer no stocks for an exchange they do not know', () => {
    expect(fallbackStocks('NOPE')).toEqual([]);
    expect(fallbackStocks('toString')).toEqual([]);
  });
});
