/**
 * The builder's state and its transitions (docs/product.md#states-and-transitions), as a
 * pure reducer: every transition is a plain function of the state and an action.
 */
import type {
  CrossoverLogic,
  ComparisonLogic,
  Timeframe,
  TimezoneLabel,
} from '../../../shared/backtest-vocabulary';
import type { CandlestickPatternName } from '../../../shared/candlestick-patterns';
import type { FieldError } from '../../../shared/validation-errors';
import {
  type CriterionName,
  type CriterionValues,
  type FormValues,
  type RowGroup,
  type Side,
  defaultFormValues,
  defaultRows,
  fromRequest,
} from './form-values';
import {
  type MlField,
  NEW_ML_INDICATOR,
  withAddedIndicators,
  withFeatureUsed,
  withMlField,
} from './ml-values';

export type FormMode = 'edit' | 'review';

export interface BuilderState {
  mode: FormMode;
  values: FormValues;
  /** Error message by dotted request path (from the schema or the server). */
  errors: Record<string, string>;
  /** True once the user changed something: only then is there a draft worth keeping. */
  touched: boolean;
}

/** The fields set directly by one input each. */
export type PlainField =
  | 'fromDate'
  | 'toDate'
  | 'timeframe'
  | 'transactionType'
  | 'initialCapital'
  | 'commission'
  | 'slippage'
  | 'mode'
  | 'sizing'
  | 'sizingValue'
  | 'priceAdjustment'
  | 'intrabar';

export type BuilderAction =
  /** The exchange list arrived: the first exchange is selected unless one already is. */
  | { type: 'exchangesLoaded'; exchanges: readonly string[] }
  /** `stock` is the first stock when the list is already known, else '' until it loads. */
  | {
      type: 'selectExchange';
      exchange: string;
      stock: string;
      timeframe?: Timeframe;
      /** The source's own dates (an uploaded dataset's first and last day). */
      dates?: { fromDate: string; toDate: string };
    }
  /** An exchange's stock list arrived: its first stock is selected unless one already is. */
  | { type: 'stocksLoaded'; exchange: string; stocks: readonly string[] }
  | {
      type: 'selectStock';
      stock: string;
      timeframe?: Timeframe;
      dates?: { fromDate: string; toDate: string };
    }
  | { type: 'setField'; field: PlainField; value: string }
  | { type: 'setDates'; fromDate: string; toDate: string }
  | { type: 'setCombine'; side: Side; value: FormValues['entry']['combine'] }
  | { type: 'setCount'; side: Side; group: RowGroup; count: number }
  | {
      type: 'setCrossover';
      side: Side;
      index: number;
      field: 'indicator1' | 'indicator2';
      value: string;
    }
  | { type: 'setCrossover'; side: Side; index: number; field: 'logic'; value: CrossoverLogic }
  | {
      type: 'setCrossoverSetting';
      side: Side;
      index: number;
      which: 'additionalFields1' | 'additionalFields2';
      label: string;
      value: string;
    }
  | { type: 'setValueRow'; side: Side; index: number; field: 'indicator'; value: string }
  | { type: 'setValueRow'; side: Side; index: number; field: 'logic'; value: ComparisonLogic }
  | { type: 'setValueRow'; side: Side; index: number; field: 'number'; value: string }
  | { type: 'setValueSetting'; side: Side; index: number; label: string; value: string }
  | { type: 'setCandlestick'; index: number; pattern: CandlestickPatternName }
  | { type: 'setCriterion'; criterion: CriterionName; field: keyof CriterionValues; value: string }
  | { type: 'setTiming'; field: 'time'; value: string }
  | { type: 'setTiming'; field: 'timezone'; value: TimezoneLabel }
  /** An ML field set by one input (`field` is its path inside the `ml` block). */
  | { type: 'setMl'; field: MlField; value: string }
  /** A feature kept (used) or left out of the model. */
  | { type: 'setMlFeatureUsed'; name: string; used: boolean }
  | { type: 'addMlIndicator' }
  | { type: 'removeMlIndicator'; index: number }
  | { type: 'setMlIndicator'; index: number; value: string }
  | { type: 'setMlIndicatorSetting'; index: number; label: string; value: string }
  /** Preview found problems: stay in edit mode and show them at their fields. */
  | { type: 'showErrors'; errors: readonly FieldError[] }
  | { type: 'preview' }
  | { type: 'edit' }
  /** The server rejected the request: review mode stays; the fields show them once editing. */
  | { type: 'serverErrors'; errors: readonly FieldError[] }
  /** Everything back to the defaults; the exchange and stock are the lists' first entries. */
  | { type: 'reset'; exchange: string; stock: string }
  | { type: 'loadRequest'; request: unknown };

export function initialBuilderState(values: FormValues = defaultFormValues(), touched = false): BuilderState {
  return { mode: 'edit', values, errors: {}, touched };
}

function errorMap(errors: readonly FieldError[]): Record<string, string> {
  const map: Record<string, string> = {};
  // The first message for a path is the one to fix first.
  for (const error of errors) map[error.path] ??= error.message;
  return map;
}

/** Drops the errors at these paths and everything under them. */
function withoutErrors(errors: Record<string, string>, ...paths: string[]): Record<string, string> {
  const stale = (key: string) => paths.some((path) => key === path || key.startsWith(`${path}.`));
  if (!Object.keys(errors).some(stale)) return errors;
  return Object.fromEntries(Object.entries(errors).filter(([key]) => !stale(key)));
}

/** A user's edit: new values, the edited paths' errors gone, the draft worth keeping. */
function edited(state: BuilderState, values: FormValues, ...paths: string[]): BuilderState {
  return { ...state, values, errors: withoutErrors(state.errors, ...paths), touched: true };
}

function replaceAt<T>(list: readonly T[], index: number, change: (item: T) => T): T[] {
  return list.map((item, i) => (i === index ? change(item) : item));
}

export function builderReducer(state: BuilderState, action: BuilderAction): BuilderState {
  const { values } = state;
  switch (action.type) {
    case 'exchangesLoaded': {
      const first = action.exchanges[0];
      if (values.exchange !== '' || first === undefined) return state;
      return { ...state, values: { ...values, exchange: first, stock: '' } };
    }
    case 'selectExchange':
      return edited(
        state,
        {
          ...values,
          exchange: action.exchange,
          stock: action.stock,
          timeframe: action.timeframe ?? values.timeframe,
          ...action.dates,
        },
        'exchange',
        'stock',
        'timeframe',
        ...(action.dates ? (['fromDate', 'toDate'] as const) : []),
      );
    case 'stocksLoaded': {
      const first = action.stocks[0];
      if (values.exchange !== action.exchange || values.stock !== '' || first === undefined) return state;
      return { ...state, values: { ...values, stock: first } };
    }
    case 'selectStock':
      return edited(
        state,
        { ...values, stock: action.stock, timeframe: action.timeframe ?? values.timeframe, ...action.dates },
        'stock',
        'timeframe',
        ...(action.dates ? (['fromDate', 'toDate'] as const) : []),
      );
    case 'setField':
      return edited(state, { ...values, [action.field]: action.value }, action.field);
    case 'setDates':
      return edited(
        state,
        { ...values, fromDate: action.fromDate, toDate: action.toDate },
        'fromDate',
        'toDate',
      );
    case 'setCombine':
      return edited(
        state,
        { ...values, [action.side]: { ...values[action.side], combine: action.value } },
        `${action.side}.combine`,
      );
    case 'setCount': {
      // Exit has no candlestick rows.
      if (action.side === 'exit' && action.group === 'candleStick') return state;
      const count = Math.max(0, Math.floor(action.count));
      const side = { ...values[action.side], [action.group]: defaultRows(action.group, count) };
      const next = edited(state, { ...values, [action.side]: side }, `${action.side}.${action.group}`);
      // The side's own error ("Add at least one entry condition") goes too: the user acted on it.
      const { [action.side]: _sideError, ...errors } = next.errors;
      return { ...next, errors };
    }
    case 'setCrossover': {
      const path = `${action.side}.parameters.${action.index}`;
      const parameters = replaceAt(values[action.side].parameters, action.index, (row) => {
        if (action.field === 'logic') return { ...row, logic: action.value };
        // A new indicator has other settings: that side's old ones no longer apply (docs/product.md#states-and-transitions).
        const settings = action.field === 'indicator1' ? 'additionalFields1' : 'additionalFields2';
        return { ...row, [action.field]: action.value, [settings]: {} };
      });
      const cleared =
        action.field === 'logic'
          ? [`${path}.logic`]
          : [`${path}.${action.field}`, `${path}.additionalFields${action.field === 'indicator1' ? 1 : 2}`];
      return edited(state, { ...values, [action.side]: { ...values[action.side], parameters } }, ...cleared);
    }
    case 'setCrossoverSetting': {
      const parameters = replaceAt(values[action.side].parameters, action.index, (row) => ({
        ...row,
        [action.which]: { ...row[action.which], [action.label]: action.value },
      }));
      return edited(
        state,
        { ...values, [action.side]: { ...values[action.side], parameters } },
        `${action.side}.parameters.${action.index}.${action.which}.${action.label}`,
      );
    }
    case 'setValueRow': {
      const path = `${action.side}.valueBased.${action.index}`;
      const valueBased = replaceAt(values[action.side].valueBased, action.index, (row) =>
        action.field === 'indicator'
          ? { ...row, indicator: action.value, additionalFields: {} }
          : { ...row, [action.field]: action.value },
      );
      const cleared =
        action.field === 'indicator'
          ? [`${path}.indicator`, `${path}.additionalFields`]
          : [`${path}.${action.field}`];
      return edited(state, { ...values, [action.side]: { ...values[action.side], valueBased } }, ...cleared);
    }
    case 'setValueSetting': {
      const valueBased = replaceAt(values[action.side].valueBased, action.index, (row) => ({
        ...row,
        additionalFields: { ...row.additionalFields, [action.label]: action.value },
      }));
      return edited(
        state,
        { ...values, [action.side]: { ...values[action.side], valueBased } },
        `${action.side}.valueBased.${action.index}.additionalFields.${action.label}`,
      );
    }
    case 'setCandlestick': {
      const candleStick = replaceAt(values.entry.candleStick, action.index, () => ({
        pattern1: action.pattern,
      }));
      return edited(
        state,
        { ...values, entry: { ...values.entry, candleStick } },
        `entry.candleStick.${action.index}`,
      );
    }
    case 'setCriterion': {
      const current = values.exitCriteria[action.criterion];
      // "None" has no value: a leftover number would only confuse the review.
      const criterion =
        action.field === 'type'
          ? { type: action.value as CriterionValues['type'], value: action.value === '' ? '' : current.value }
          : { ...current, value: action.value };
      return edited(
        state,
        { ...values, exitCriteria: { ...values.exitCriteria, [action.criterion]: criterion } },
        `exitCriteria.${action.criterion}`,
      );
    }
    case 'setTiming':
      return edited(
        state,
        {
          ...values,
          exitCriteria: {
            ...values.exitCriteria,
            timing: { ...values.exitCriteria.timing, [action.field]: action.value },
          },
        },
        `exitCriteria.timing.${action.field}`,
      );
    case 'setMl':
      return edited(
        state,
        { ...values, ml: withMlField(values.ml, action.field, action.value) },
        `ml.${action.field}`,
      );
    case 'setMlFeatureUsed':
      return edited(
        state,
        { ...values, ml: withFeatureUsed(values.ml, action.name, action.used) },
        'ml.features.drop',
      );
    case 'addMlIndicator': {
      const ml = withAddedIndicators(values.ml, (rows) => [
        ...rows,
        { indicator: NEW_ML_INDICATOR, additionalFields: {} },
      ]);
      return edited(state, { ...values, ml }, 'ml.features.add');
    }
    case 'removeMlIndicator': {
      // The rows after it move up: their errors no longer name the right row.
      const ml = withAddedIndicators(values.ml, (rows) => rows.filter((_, i) => i !== action.index));
      return edited(state, { ...values, ml }, 'ml.features.add');
    }
    case 'setMlIndicator': {
      // A new indicator has other settings: the old ones no longer apply.
      const ml = withAddedIndicators(values.ml, (rows) =>
        replaceAt(rows, action.index, () => ({ indicator: action.value, additionalFields: {} })),
      );
      return edited(state, { ...values, ml }, `ml.features.add.${action.index}`);
    }
    case 'setMlIndicatorSetting': {
      const ml = withAddedIndicators(values.ml, (rows) =>
        replaceAt(rows, action.index, (row) => ({
          ...row,
          additionalFields: { ...row.additionalFields, [action.label]: action.value },
        })),
      );
      return edited(
        state,
        { ...values, ml },
        `ml.features.add.${action.index}.additionalFields.${action.label}`,
      );
    }
    case 'showErrors':
      return { ...state, mode: 'edit', errors: errorMap(action.errors) };
    case 'preview':
      return { ...state, mode: 'review', errors: {} };
    case 'edit':
      return { ...state, mode: 'edit' };
    case 'serverErrors':
      return { ...state, errors: errorMap(action.errors) };
    case 'reset':
      return initialBuilderState(defaultFormValues(action.exchange, action.stock));
    case 'loadRequest':
      return initialBuilderState(fromRequest(action.request), true);
  }
}
