/** How the builder names the request's coded choices, in its selects and in the review. */
import type {
  ExitCriterionType,
  IntrabarMode,
  PriceAdjustment,
  TimezoneLabel,
  TransactionType,
} from '../../../shared/backtest-vocabulary';
import { exchangeTimeLabel } from '../../../shared/exchange-time';
import type { MlModel, MlWindowMode } from '../../../shared/ml-request';
import type { BacktestMode, CombineMode, SizingMode } from './form-values';

export const TRANSACTION_TYPE_LABELS: Record<TransactionType, string> = { buy: 'Buy', sell: 'Sell' };

export const CRITERION_TYPE_LABELS: Record<ExitCriterionType, string> = {
  '': 'None',
  percentage: 'Percentage (%)',
  points: 'Points',
};

export const COMBINE_LABELS: Record<CombineMode, string> = {
  all: 'All conditions must hold',
  any: 'Any one condition is enough',
};

export const MODE_LABELS: Record<BacktestMode, string> = {
  standard: 'Standard (rules only)',
  ml: 'Machine learning',
};

export const SIZING_LABELS: Record<SizingMode, string> = {
  'all-in-fractional': 'All capital, fractional units',
  'all-in-whole-units': 'All capital, whole units only',
  'fixed-quantity': 'Fixed quantity (units per trade)',
  'fixed-cash': 'Fixed cash per trade',
  'risk-percent': 'Percent of equity at risk (needs a stop loss)',
};

/** What the size-per-trade figure means under each sizing that takes one. */
export const SIZING_VALUE_HINTS: Partial<Record<SizingMode, string>> = {
  'fixed-quantity': 'Units bought on every entry; an entry the capital cannot pay for is skipped.',
  'fixed-cash': 'Cash spent on every entry (at most the equity); the rest stays in the account.',
  'risk-percent':
    'Percent of equity lost if the stop loss is hit: units = equity × percent ÷ the stop’s distance from the entry.',
};

export const ML_MODEL_LABELS: Record<MlModel, string> = {
  logistic: 'Logistic regression',
  'random-forest': 'Random forest',
  'gradient-boosting': 'Gradient boosting',
};

export const ML_WINDOW_LABELS: Record<MlWindowMode, string> = {
  rolling: 'Rolling: the last N bars',
  anchored: 'Anchored: every bar from the start',
};

/**
 * The exit time's zones, short enough for a narrow select. "exchange" reads "Exchange time (IST)"
 * in the builder (exitTimezoneLabel); zones with daylight saving time keep it.
 */
export const TIMEZONE_LABELS: Record<TimezoneLabel, string> = {
  exchange: 'Exchange time',
  GMT: 'GMT (UTC)',
  EST: 'EST (New York)',
  PST: 'PST (Los Angeles)',
  CET: 'CET (Paris)',
  IST: 'IST (India)',
  JST: 'JST (Tokyo)',
  HKT: 'HKT (Hong Kong)',
  AEST: 'AEST (Sydney)',
  SGT: 'SGT (Singapore)',
  GST: 'GST (Dubai)',
};

/** The zone's option text for the run's exchange: "Exchange time (IST)" for NSE. */
export function exitTimezoneLabel(zone: TimezoneLabel, exchange: string): string {
  return zone === 'exchange' ? exchangeTimeLabel(exchange) : TIMEZONE_LABELS[zone];
}

export const PRICE_ADJUSTMENT_LABELS: Record<PriceAdjustment, string> = {
  'splits-and-dividends': 'Adjusted for splits and dividends',
  splits: 'Adjusted for splits only',
  none: 'As traded (no adjustment)',
};

export const INTRABAR_LABELS: Record<IntrabarMode, string> = {
  bars: 'Bars (a stop and a target in one bar: the stop first)',
  ticks: 'Ticks (Enterprise): exits found in the trades',
};

/** The label of a coded value by the request key it sits under; other values show as they are. */
export const VALUE_LABELS: Record<string, Record<string, string>> = {
  transactionType: TRANSACTION_TYPE_LABELS,
  type: CRITERION_TYPE_LABELS,
  combine: COMBINE_LABELS,
  mode: MODE_LABELS,
  sizing: SIZING_LABELS,
  timezone: TIMEZONE_LABELS,
  priceAdjustment: PRICE_ADJUSTMENT_LABELS,
  intrabar: INTRABAR_LABELS,
  model: ML_MODEL_LABELS,
  window: ML_WINDOW_LABELS,
};
