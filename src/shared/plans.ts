/** Subscription plans and prices (spec section 9). The only source of these figures. */

export const CURRENCIES = ['INR', 'USD'] as const;
export type Currency = (typeof CURRENCIES)[number];
export const DEFAULT_CURRENCY: Currency = 'INR';
export const CURRENCY_SYMBOLS: Record<Currency, string> = { INR: '₹', USD: '$' };

export const BILLING_PERIODS = ['monthly', 'annual'] as const;
export type BillingPeriod = (typeof BILLING_PERIODS)[number];
export const DEFAULT_BILLING_PERIOD: BillingPeriod = 'annual';
export const ANNUAL_BADGE = 'Save 15%';

export const PLAN_IDS = ['basic', 'pro', 'enterprise'] as const;
export type PlanId = (typeof PLAN_IDS)[number];
export const DEFAULT_SELECTED_PLAN: PlanId = 'pro';

export interface Plan {
  id: PlanId;
  name: string;
  description: string;
  /** Price per billing period, per currency, in whole currency units. */
  prices: Record<Currency, Record<BillingPeriod, number>>;
  features: readonly string[];
  popular: boolean;
  /** Backtests a user may run per calendar month; null = unlimited. */
  monthlyBacktests: number | null;
  mlBacktesting: boolean;
  /** Configurations one robustness analysis (a parameter sweep) may run. */
  robustnessConfigurations: number;
}

/** Configurations per robustness analysis for administrators, whatever their plan. */
export const ADMIN_ROBUSTNESS_CONFIGURATIONS = 10_000;

export const PLANS: readonly Plan[] = [
  {
    id: 'basic',
    name: 'Basic',
    description: 'For traders starting out with systematic backtesting.',
    prices: { INR: { monthly: 999, annual: 9990 }, USD: { monthly: 12, annual: 120 } },
    features: [
      '10 exchanges',
      '1 year of historical data',
      '30 indicators',
      '5 backtests a month',
      'Standard backtesting only',
      '1 portfolio',
      'Community support',
      '7-day data delay',
    ],
    popular: false,
    monthlyBacktests: 5,
    mlBacktesting: false,
    robustnessConfigurations: 50,
  },
  {
    id: 'pro',
    name: 'Professional',
    description: 'For active traders and analysts who need machine-learning backtests.',
    prices: { INR: { monthly: 1999, annual: 19990 }, USD: { monthly: 24, annual: 240 } },
    features: [
      '70+ exchanges',
      '5 years of historical data',
      '100+ indicators',
      '100 backtests a month',
      'Machine-learning backtesting',
      '10 portfolios',
      'Priority email support',
      '3-day data delay',
    ],
    popular: true,
    monthlyBacktests: 100,
    mlBacktesting: true,
    robustnessConfigurations: 1_000,
  },
  {
    id: 'enterprise',
    name: 'Enterprise',
    description: 'For research teams and institutions.',
    prices: { INR: { monthly: 4999, annual: 49990 }, USD: { monthly: 60, annual: 600 } },
    features: [
      'Everything in Professional',
      '3 team users',
      '10 years of historical data',
      'Unlimited backtests',
      'Tick data',
      '25 portfolios',
      '24/7 support',
      'Real-time data',
    ],
    popular: false,
    monthlyBacktests: null,
    mlBacktesting: true,
    robustnessConfigurations: 10_000,
  },
];

/** Annual plans are shown with their monthly equivalent: annual / 12, rounded (spec 4). */
export function monthlyEquivalent(annualPrice: number): number {
  return Math.round(annualPrice / 12);
}

export const PAYMENT_METHODS = ['Credit and debit cards', 'Digital wallets'] as const;

export const SUPPORT_RESPONSE = {
  standard: 'within 24 hours',
  priority: 'within 8 business hours (Professional and Enterprise)',
} as const;
