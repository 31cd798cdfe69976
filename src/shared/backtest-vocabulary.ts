/**
 * The exact strings of the backtest request (docs/product.md#entities).
 * Client, worker and CLI read them from here only.
 */

export const LIMITS = {
  crossoverRows: 8,
  valueRows: 5,
  candlestickRows: 3,
} as const;

export const TIMEFRAMES = ['1 min', '5 min', '15 min', '30 min', '1 hour', '1 day'] as const;
export type Timeframe = (typeof TIMEFRAMES)[number];

/** Bar length in minutes for each timeframe label. */
export const TIMEFRAME_MINUTES: Record<Timeframe, number> = {
  '1 min': 1,
  '5 min': 5,
  '15 min': 15,
  '30 min': 30,
  '1 hour': 60,
  '1 day': 1440,
};

export const TRANSACTION_TYPES = ['buy', 'sell'] as const;
export type TransactionType = (typeof TRANSACTION_TYPES)[number];

export const COMPARISON_LOGIC = ['Greater Than', 'Less Than', 'Equals'] as const;
/** Crosses Above / Below are ours (crossover rows only): true on the bar where the order flips. */
export const CROSSOVER_LOGIC = [...COMPARISON_LOGIC, 'Crosses Above', 'Crosses Below'] as const;
export type ComparisonLogic = (typeof COMPARISON_LOGIC)[number];
export type CrossoverLogic = (typeof CROSSOVER_LOGIC)[number];

export const EXIT_CRITERION_TYPES = ['', 'percentage', 'points'] as const;
export type ExitCriterionType = (typeof EXIT_CRITERION_TYPES)[number];

/**
 * The exit time's zones: "exchange" (the default) is the zone of the run's exchange (see
 * src/shared/exchange-time.ts); the spec's GMT, EST, PST and CET, and six more.
 */
export const TIMEZONES = [
  'exchange',
  'GMT',
  'EST',
  'PST',
  'CET',
  'IST',
  'JST',
  'HKT',
  'AEST',
  'SGT',
  'GST',
] as const;
export type TimezoneLabel = (typeof TIMEZONES)[number];
export type FixedTimezoneLabel = Exclude<TimezoneLabel, 'exchange'>;
/** The zone labels as IANA zones, so daylight saving time is honoured where the zone has it. */
export const TIMEZONE_IANA: Record<FixedTimezoneLabel, string> = {
  GMT: 'Etc/UTC',
  EST: 'America/New_York',
  PST: 'America/Los_Angeles',
  CET: 'Europe/Paris',
  IST: 'Asia/Kolkata',
  JST: 'Asia/Tokyo',
  HKT: 'Asia/Hong_Kong',
  AEST: 'Australia/Sydney',
  SGT: 'Asia/Singapore',
  GST: 'Asia/Dubai',
};

/** How a provider's daily bars are adjusted for corporate actions (intraday bars: for splits). */
export const PRICE_ADJUSTMENTS = ['splits-and-dividends', 'splits', 'none'] as const;
export type PriceAdjustment = (typeof PRICE_ADJUSTMENTS)[number];

export const MODES = ['standard', 'ml'] as const;

/**
 * How exits inside a bar are found (docs/conventions.md#fills-with-ticks): from the bar's open,
 * high and low with the conservative order ("bars"), or from its trades in the order they
 * happened ("ticks").
 */
export const INTRABAR_MODES = ['bars', 'ticks'] as const;
export type IntrabarMode = (typeof INTRABAR_MODES)[number];
export const COMBINE_MODES = ['all', 'any'] as const;
/**
 * How many units an entry buys: all the equity (fractional or whole units), a fixed number of
 * units, a fixed amount of cash, or the units whose loss at the stop is a percent of equity.
 * The last three take their figure from the request's `sizingValue`.
 */
export const SIZING_MODES = [
  'all-in-fractional',
  'all-in-whole-units',
  'fixed-quantity',
  'fixed-cash',
  'risk-percent',
] as const;
export type SizingMode = (typeof SIZING_MODES)[number];

export const REQUEST_DEFAULTS = {
  fromDate: '2023-09-01',
  toDate: '2023-09-03',
  timeframe: '15 min' as Timeframe,
  transactionType: 'buy' as TransactionType,
  timezone: 'exchange' as TimezoneLabel,
  priceAdjustment: 'splits-and-dividends' as PriceAdjustment,
  initialCapital: 100_000,
  commissionPct: 0,
  slippagePoints: 0,
  mode: 'standard' as (typeof MODES)[number],
  intrabar: 'bars' as IntrabarMode,
  combine: 'all' as (typeof COMBINE_MODES)[number],
  sizing: 'all-in-fractional' as (typeof SIZING_MODES)[number],
};
