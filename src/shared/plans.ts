/** Subscription plans and prices (docs/product.md#plans-limits-and-constants). The only source of these figures. */

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

/**
 * The exchanges of the Basic plan (provider codes): the largest stock markets of the US,
 * India, the UK, Japan, Hong Kong and Australia, plus forex and crypto. The bundled S&P 500
 * sample (INDX) and a user's own uploads are open to every plan.
 */
export const BASIC_EXCHANGES = [
  'US',
  'NASDAQ',
  'NSE',
  'BSE',
  'LSE',
  'TSE',
  'HKEX',
  'ASX',
  'FOREX',
  'CC',
] as const;

/**
 * What a plan entitles its users to: the one table the pricing page, the builder and the
 * worker read. Admins have no limits. History depth and data delay apply to the provider's
 * market data only (the synthetic fallback, uploads and the S&P 500 sample are exempt).
 */
export interface PlanLimits {
  /** Backtests a user may run per calendar month; null = unlimited. */
  monthlyBacktests: number | null;
  /** How many years back from today a test may start. */
  historyYears: number;
  /** The most recent days a test may not reach (toDate at most today minus this). */
  dataDelayDays: number;
  /** The exchanges a user may test; 'all' = every exchange the provider lists. */
  exchanges: readonly string[] | 'all';
  /** The indicators a user may build rules with: the spec's builder set, or the whole catalogue. */
  indicators: 'basic' | 'all';
  mlBacktesting: boolean;
  /** Saved portfolios. */
  portfolios: number;
  /** Users an owner may invite to share the plan (team seats). */
  teamSeats: number;
  /** Configurations one robustness analysis (a parameter sweep) may run. */
  robustnessConfigurations: number;
  /** Uploaded datasets a user may keep at once, and their total size (the CSV files' bytes). */
  storage: StorageCap;
  /**
   * Exits found in trades (intrabar "ticks"): the limits of one such run, or null when the plan
   * has no tick data (docs/tick-data.md).
   */
  tickData: TickRunLimits | null;
  /** The `1 min` timeframe. */
  minuteBars: boolean;
}

/**
 * The most one run on ticks may read: calendar days from its from date to its to date, and
 * trades in all (the run is refused with 400 naming the limit once it would pass it).
 */
export interface TickRunLimits {
  days: number;
  ticks: number;
}

/** An upload storage cap: files and bytes kept at once, and the bytes as people read them. */
export interface StorageCap {
  files: number;
  bytes: number;
  bytesLabel: string;
}

const MB = 1024 * 1024;
const GB = 1024 * MB;

export interface Plan {
  id: PlanId;
  name: string;
  description: string;
  /** Price per billing period, per currency, in whole currency units. */
  prices: Record<Currency, Record<BillingPeriod, number>>;
  features: readonly string[];
  popular: boolean;
  limits: PlanLimits;
}

/** The product's text when the plan or the month's quota does not allow a run. */
export const UPGRADE_MESSAGE = 'Please upgrade your membership to generate backtesting results.';

/**
 * One run on ticks: at most 7 days and 20 million trades. A run whose trades do not fit in its
 * request (2 million, or the calls one request makes) runs as a job on the queue, a day per
 * chunk, so a busy BTCUSDT day (2 to 4 million trades) runs too. Administrators have these too.
 */
export const TICK_RUN_LIMITS: TickRunLimits = { days: 7, ticks: 20_000_000 };

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
    limits: {
      monthlyBacktests: 5,
      historyYears: 1,
      dataDelayDays: 7,
      exchanges: BASIC_EXCHANGES,
      indicators: 'basic',
      mlBacktesting: false,
      portfolios: 1,
      teamSeats: 0,
      robustnessConfigurations: 50,
      storage: { files: 20, bytes: 50 * MB, bytesLabel: '50 MB' },
      tickData: null,
      minuteBars: false,
    },
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
    limits: {
      monthlyBacktests: 100,
      historyYears: 5,
      dataDelayDays: 3,
      exchanges: 'all',
      indicators: 'all',
      mlBacktesting: true,
      portfolios: 10,
      teamSeats: 0,
      robustnessConfigurations: 1_000,
      storage: { files: 200, bytes: GB, bytesLabel: '1 GB' },
      tickData: null,
      minuteBars: false,
    },
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
    limits: {
      monthlyBacktests: null,
      historyYears: 10,
      dataDelayDays: 0,
      exchanges: 'all',
      indicators: 'all',
      mlBacktesting: true,
      portfolios: 25,
      teamSeats: 3,
      robustnessConfigurations: 10_000,
      storage: { files: 1_000, bytes: 10 * GB, bytesLabel: '10 GB' },
      tickData: TICK_RUN_LIMITS,
      minuteBars: true,
    },
  },
];

/** The plan with this id (an unknown id reads as Basic, the least one). */
export function planById(id: string): Plan {
  return PLANS.find((plan) => plan.id === id) ?? PLANS[0]!;
}

/** Annual plans are shown with their monthly equivalent: annual / 12, rounded (docs/product.md#states-and-transitions). */
export function monthlyEquivalent(annualPrice: number): number {
  return Math.round(annualPrice / 12);
}

export const PAYMENT_METHODS = ['Credit and debit cards', 'Digital wallets'] as const;

export const SUPPORT_RESPONSE = {
  standard: 'within 24 hours',
  priority: 'within 8 business hours (Professional and Enterprise)',
} as const;
