import {
  type BillingPeriod,
  CURRENCY_SYMBOLS,
  type Currency,
  type Plan,
  monthlyEquivalent,
} from '../../../shared/plans';

const LOCALES: Record<Currency, string> = { INR: 'en-IN', USD: 'en-US' };

/** "₹19,990", "$240": the currency's symbol and its usual digit grouping. */
export function formatPrice(amount: number, currency: Currency): string {
  return `${CURRENCY_SYMBOLS[currency]}${amount.toLocaleString(LOCALES[currency])}`;
}

export interface PlanPrice {
  /** What one month costs: the monthly price, or the annual price / 12 rounded. */
  perMonth: string;
  /** What is charged at each billing. */
  charged: string;
  /** How often it is charged, in words. */
  cadence: string;
}

/** A plan's price as the pricing page shows it, from the shared constants only. */
export function planPrice(plan: Plan, period: BillingPeriod, currency: Currency): PlanPrice {
  const amount = plan.prices[currency][period];
  return period === 'annual'
    ? {
        perMonth: formatPrice(monthlyEquivalent(amount), currency),
        charged: formatPrice(amount, currency),
        cadence: 'a year',
      }
    : { perMonth: formatPrice(amount, currency), charged: formatPrice(amount, currency), cadence: 'a month' };
}

/**
 * What a plan feature means here, or that the product does not provide it yet and what it offers
 * instead: said beside the feature, which keeps the plan's own wording.
 */
export const FEATURE_NOTES: Readonly<Record<string, string>> = {
  'Tick data': 'exits inside a bar found in its trades: Binance, US stocks through the provider, or uploads',
  'Real-time data': 'forward tests: your strategy paper-trades live Binance bars as they close, with alerts',
};
