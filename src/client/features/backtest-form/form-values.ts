/**
 * The builder's values as the form holds them (numbers as the text of their inputs), the spec's
 * defaults (docs/product.md#entities, docs/product.md#states-and-transitions, docs/product.md#plans-limits-and-constants), and the two conversions: form -> request and back.
 */
import type { BacktestRequestInput } from '../../../shared/backtest-request';
import {
  COMBINE_MODES,
  COMPARISON_LOGIC,
  CROSSOVER_LOGIC,
  type ComparisonLogic,
  type CrossoverLogic,
  EXIT_CRITERION_TYPES,
  type ExitCriterionType,
  INTRABAR_MODES,
  type IntrabarMode,
  LIMITS,
  MODES,
  REQUEST_DEFAULTS,
  SIZING_MODES,
  TIMEFRAMES,
  TIMEZONES,
  PRICE_ADJUSTMENTS,
  type PriceAdjustment,
  TRANSACTION_TYPES,
  type Timeframe,
  type TimezoneLabel,
  type TransactionType,
} from '../../../shared/backtest-vocabulary';
import { CANDLESTICK_PATTERN_NAMES, type CandlestickPatternName } from '../../../shared/candlestick-patterns';
import { isIndicatorFor } from './indicator-options';
import { asList, asObject, asText, oneOf, settingsOf } from './loose-input';
import { type MlFormValues, defaultMlValues, mlRequest, mlValuesOf } from './ml-values';

export type CombineMode = (typeof COMBINE_MODES)[number];
export type BacktestMode = (typeof MODES)[number];
export type SizingMode = (typeof SIZING_MODES)[number];
/** Setting label -> text; blank means the indicator's default. */
export type SettingValues = Record<string, string>;

export interface CrossoverRowValues {
  /** A catalogue label a crossover side accepts (indicator-options.ts). */
  indicator1: string;
  logic: CrossoverLogic;
  indicator2: string;
  additionalFields1: SettingValues;
  additionalFields2: SettingValues;
}

export interface ValueRowValues {
  /** A catalogue label a value row accepts (indicator-options.ts). */
  indicator: string;
  logic: ComparisonLogic;
  number: string;
  additionalFields: SettingValues;
}

export interface CandlestickRowValues {
  pattern1: CandlestickPatternName;
}

export interface CriterionValues {
  type: ExitCriterionType;
  value: string;
}

export const CRITERIA = ['targetProfit', 'stopLoss', 'trailingStopLoss'] as const;
export type CriterionName = (typeof CRITERIA)[number];

export interface FormValues {
  exchange: string;
  stock: string;
  fromDate: string;
  toDate: string;
  timeframe: Timeframe;
  transactionType: TransactionType;
  entry: {
    parameters: CrossoverRowValues[];
    valueBased: ValueRowValues[];
    candleStick: CandlestickRowValues[];
    combine: CombineMode;
  };
  exit: {
    parameters: CrossoverRowValues[];
    valueBased: ValueRowValues[];
    combine: CombineMode;
  };
  exitCriteria: Record<CriterionName, CriterionValues> & {
    timing: { time: string; timezone: TimezoneLabel };
  };
  initialCapital: string;
  commission: string;
  slippage: string;
  mode: BacktestMode;
  sizing: SizingMode;
  /** Units, cash or percent at risk, by the sizing; unused (blank) with all-in sizing. */
  sizingValue: string;
  priceAdjustment: PriceAdjustment;
  /** Exits inside a bar by the bar convention ("bars") or found in its trades ("ticks", Enterprise). */
  intrabar: IntrabarMode;
  /** The ML block, kept while the mode is standard and sent only in mode "ml". */
  ml: MlFormValues;
}

export type Side = 'entry' | 'exit';
/** The row lists whose length a count select sets. */
export type RowGroup = 'parameters' | 'valueBased' | 'candleStick';

/**
 * A new crossover row reads as a strategy on its own: the fast average crossing above the slow
 * one. The same indicator on both sides with the same settings would never be true.
 */
export const defaultCrossoverRow = (): CrossoverRowValues => ({
  indicator1: 'SMA',
  logic: 'Crosses Above',
  indicator2: 'SMA',
  additionalFields1: { Timeframe: '10' },
  additionalFields2: { Timeframe: '20' },
});

export const defaultValueRow = (): ValueRowValues => ({
  indicator: 'RSI',
  logic: 'Greater Than',
  number: '',
  additionalFields: {},
});

export const defaultCandlestickRow = (): CandlestickRowValues => ({
  pattern1: CANDLESTICK_PATTERN_NAMES[0],
});

const noCriterion = (): CriterionValues => ({ type: '', value: '' });

/** Everything at the spec's defaults; the exchange and stock are filled in once their lists load. */
export function defaultFormValues(exchange = '', stock = ''): FormValues {
  return {
    exchange,
    stock,
    fromDate: REQUEST_DEFAULTS.fromDate,
    toDate: REQUEST_DEFAULTS.toDate,
    timeframe: REQUEST_DEFAULTS.timeframe,
    transactionType: REQUEST_DEFAULTS.transactionType,
    entry: { parameters: [], valueBased: [], candleStick: [], combine: REQUEST_DEFAULTS.combine },
    exit: { parameters: [], valueBased: [], combine: REQUEST_DEFAULTS.combine },
    exitCriteria: {
      targetProfit: noCriterion(),
      stopLoss: noCriterion(),
      trailingStopLoss: noCriterion(),
      timing: { time: '', timezone: REQUEST_DEFAULTS.timezone },
    },
    initialCapital: String(REQUEST_DEFAULTS.initialCapital),
    commission: String(REQUEST_DEFAULTS.commissionPct),
    slippage: String(REQUEST_DEFAULTS.slippagePoints),
    mode: REQUEST_DEFAULTS.mode,
    sizing: REQUEST_DEFAULTS.sizing,
    sizingValue: '',
    priceAdjustment: REQUEST_DEFAULTS.priceAdjustment,
    intrabar: REQUEST_DEFAULTS.intrabar,
    ml: defaultMlValues(),
  };
}

const ROW_DEFAULTS = {
  parameters: defaultCrossoverRow,
  valueBased: defaultValueRow,
  candleStick: defaultCandlestickRow,
};

interface RowsByGroup {
  parameters: CrossoverRowValues[];
  valueBased: ValueRowValues[];
  candleStick: CandlestickRowValues[];
}

/** `count` default rows of a group: a count change starts the list afresh (docs/product.md#states-and-transitions). */
export function defaultRows<G extends RowGroup>(group: G, count: number): RowsByGroup[G] {
  const make: () => RowsByGroup[G][number] = ROW_DEFAULTS[group];
  return Array.from({ length: count }, make) as RowsByGroup[G];
}

/** Drops blank settings: blank means "the indicator's default", so it need not travel. */
function filledSettings(settings: SettingValues): SettingValues {
  return Object.fromEntries(Object.entries(settings).filter(([, text]) => text.trim() !== ''));
}

const crossoverRequest = (row: CrossoverRowValues) => ({
  ...row,
  additionalFields1: filledSettings(row.additionalFields1),
  additionalFields2: filledSettings(row.additionalFields2),
});

const valueRequest = (row: ValueRowValues) => ({
  ...row,
  additionalFields: filledSettings(row.additionalFields),
});

/** The request the form sends (and validates with the shared schema). */
export function toRequest(values: FormValues): BacktestRequestInput {
  const { sizingValue, ml, intrabar, ...fields } = values;
  const allIn = values.sizing === 'all-in-fractional' || values.sizing === 'all-in-whole-units';
  return {
    ...fields,
    // All-in sizing takes no figure: the request carries one only for the sizings that use it.
    ...(allIn ? {} : { sizingValue }),
    ...(values.mode === 'ml' ? { ml: mlRequest(ml) } : {}),
    // "bars" is the request's default: a run on bars sends the request it always sent.
    ...(intrabar === 'ticks' ? { intrabar } : {}),
    entry: {
      ...values.entry,
      parameters: values.entry.parameters.map(crossoverRequest),
      valueBased: values.entry.valueBased.map(valueRequest),
      candleStick: values.entry.candleStick.map((row) => ({ ...row })),
    },
    exit: {
      ...values.exit,
      parameters: values.exit.parameters.map(crossoverRequest),
      valueBased: values.exit.valueBased.map(valueRequest),
    },
    exitCriteria: {
      targetProfit: { ...values.exitCriteria.targetProfit },
      stopLoss: { ...values.exitCriteria.stopLoss },
      trailingStopLoss: { ...values.exitCriteria.trailingStopLoss },
      timing: { ...values.exitCriteria.timing },
    },
  };
}

// Loading a request (history's "edit and re-run") or a saved draft: both come from outside the
// form, so every field is read defensively (loose-input.ts) and anything unknown falls back to
// its default.

function crossoverRowOf(value: unknown): CrossoverRowValues {
  const row = asObject(value);
  const indicator1 = isIndicatorFor('crossover', row.indicator1) ? row.indicator1 : 'OBV';
  const indicator2 = isIndicatorFor('crossover', row.indicator2) ? row.indicator2 : 'OBV';
  return {
    indicator1,
    logic: oneOf(CROSSOVER_LOGIC, row.logic, 'Greater Than'),
    indicator2,
    additionalFields1: settingsOf(indicator1, row.additionalFields1),
    additionalFields2: settingsOf(indicator2, row.additionalFields2),
  };
}

function valueRowOf(value: unknown): ValueRowValues {
  const row = asObject(value);
  const indicator = isIndicatorFor('value', row.indicator) ? row.indicator : 'RSI';
  return {
    indicator,
    logic: oneOf(COMPARISON_LOGIC, row.logic, 'Greater Than'),
    number: asText(row.number),
    additionalFields: settingsOf(indicator, row.additionalFields),
  };
}

function criterionOf(value: unknown): CriterionValues {
  const criterion = asObject(value);
  const type = oneOf(EXIT_CRITERION_TYPES, criterion.type, '');
  return { type, value: type === '' ? '' : asText(criterion.value) };
}

/** Form values from a request (or a draft): the reverse of toRequest, tolerant of anything. */
export function fromRequest(input: unknown): FormValues {
  const request = asObject(input);
  const defaults = defaultFormValues();
  const entry = asObject(request.entry);
  const exit = asObject(request.exit);
  const criteria = asObject(request.exitCriteria);
  const timing = asObject(criteria.timing);
  const textOr = (value: unknown, fallback: string) => (asText(value) === '' ? fallback : asText(value));
  return {
    exchange: asText(request.exchange),
    stock: asText(request.stock),
    fromDate: textOr(request.fromDate, defaults.fromDate),
    toDate: textOr(request.toDate, defaults.toDate),
    timeframe: oneOf(TIMEFRAMES, request.timeframe, defaults.timeframe),
    transactionType: oneOf(TRANSACTION_TYPES, request.transactionType, defaults.transactionType),
    entry: {
      parameters: asList(entry.parameters, LIMITS.crossoverRows).map(crossoverRowOf),
      valueBased: asList(entry.valueBased, LIMITS.valueRows).map(valueRowOf),
      candleStick: asList(entry.candleStick, LIMITS.candlestickRows).map((row) => ({
        pattern1: oneOf(CANDLESTICK_PATTERN_NAMES, asObject(row).pattern1, CANDLESTICK_PATTERN_NAMES[0]),
      })),
      combine: oneOf(COMBINE_MODES, entry.combine, defaults.entry.combine),
    },
    exit: {
      parameters: asList(exit.parameters, LIMITS.crossoverRows).map(crossoverRowOf),
      valueBased: asList(exit.valueBased, LIMITS.valueRows).map(valueRowOf),
      combine: oneOf(COMBINE_MODES, exit.combine, defaults.exit.combine),
    },
    exitCriteria: {
      targetProfit: criterionOf(criteria.targetProfit),
      stopLoss: criterionOf(criteria.stopLoss),
      trailingStopLoss: criterionOf(criteria.trailingStopLoss),
      timing: {
        time: asText(timing.time),
        timezone: oneOf(TIMEZONES, timing.timezone, defaults.exitCriteria.timing.timezone),
      },
    },
    initialCapital: textOr(request.initialCapital, defaults.initialCapital),
    commission: textOr(request.commission, defaults.commission),
    slippage: textOr(request.slippage, defaults.slippage),
    mode: oneOf(MODES, request.mode, defaults.mode),
    sizing: oneOf(SIZING_MODES, request.sizing, defaults.sizing),
    sizingValue: asText(request.sizingValue),
    priceAdjustment: oneOf(PRICE_ADJUSTMENTS, request.priceAdjustment, defaults.priceAdjustment),
    intrabar: oneOf(INTRABAR_MODES, request.intrabar, defaults.intrabar),
    ml: mlValuesOf(request.ml),
  };
}
