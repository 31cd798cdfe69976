/**
 * The backtest request (docs/product.md#entities) and its validation (docs/product.md#validation, docs/conventions.md).
 * One schema for the form, the API and the CLI. Numbers may arrive as numbers or as the
 * numeric text of a form input; the parsed request holds numbers.
 */
import * as z from 'zod';
import {
  COMBINE_MODES,
  COMPARISON_LOGIC,
  CROSSOVER_LOGIC,
  EXIT_CRITERION_TYPES,
  INTRABAR_MODES,
  LIMITS,
  MODES,
  PRICE_ADJUSTMENTS,
  REQUEST_DEFAULTS,
  SIZING_MODES,
  TIMEFRAMES,
  TIMEZONES,
  TRANSACTION_TYPES,
} from './backtest-vocabulary';
import { calendarDate } from './calendar-date';
import { CANDLESTICK_PATTERN_NAMES } from './candlestick-patterns';
import { PRO_INDICATOR_LABELS, catalogueEntry, parseSettingValue } from './indicator-catalogue';
import { CROSSOVER_INDICATOR_LABELS, VALUE_INDICATOR_LABELS } from './indicators';
import { mlSettingsSchema } from './ml-request';
import { EVEN_WITH_FIELD_ERRORS } from './validation-errors';

export { MAX_SETTING_PERIOD } from './indicators';

const numericInput = z.union([z.number(), z.string()], { error: 'Enter a number' });

/**
 * Every problem is reported at once. A field's own issue does not stop the checks that read
 * other fields (`continue: true`), and the checks across fields run even when some field failed
 * (EVEN_WITH_FIELD_ERRORS): they read the fields they need defensively and skip those already
 * reported.
 */
const CONTINUE = { continue: true } as const;
const isNumber = (value: unknown): value is number => typeof value === 'number' && Number.isFinite(value);

function toNumber(value: number | string): number {
  if (typeof value === 'number') return value;
  const text = value.trim();
  return text === '' ? Number.NaN : Number(text);
}

/**
 * A check of a required number's value. It passes a value that did not parse: with `continue`
 * the checks after the parse still run, and that value is reported once, as "Enter a number".
 */
const ifParsed = (check: (n: number) => boolean) => (n: number) => !isNumber(n) || check(n);

/** A required number, typed or as text. */
const requiredNumber = numericInput.transform((value, ctx) => {
  const parsed = toNumber(value);
  if (!Number.isFinite(parsed)) {
    ctx.addIssue({ code: 'custom', message: 'Enter a number', ...CONTINUE });
    return z.NEVER;
  }
  return parsed;
});

/** A number that may be left blank (blank, null or absent -> null). */
const optionalNumber = z
  .union([numericInput, z.null()])
  .optional()
  .transform((value, ctx) => {
    if (value === undefined || value === null || (typeof value === 'string' && value.trim() === '')) {
      return null;
    }
    const parsed = toNumber(value);
    if (!Number.isFinite(parsed)) {
      ctx.addIssue({ code: 'custom', message: 'Enter a number', ...CONTINUE });
      return z.NEVER;
    }
    return parsed;
  });

/** Extra settings of one side of a row: setting label -> text (blank = default). */
const settingsMap = z.record(z.string(), z.string({ error: 'Enter a whole number of bars' })).default({});

/** Checks the keys and values of an indicator's extra settings against what it declares. */
function checkSettings(
  indicator: unknown,
  settings: unknown,
  path: (string | number)[],
  ctx: z.RefinementCtx,
) {
  // An unknown indicator or a settings value of the wrong type is reported at its own field.
  const entry = typeof indicator === 'string' ? catalogueEntry(indicator) : undefined;
  if (!entry || typeof settings !== 'object' || settings === null) return;
  const declared = entry.settings;
  for (const [label, text] of Object.entries(settings)) {
    if (typeof text !== 'string') continue;
    const setting = declared.find((candidate) => candidate.label === label);
    if (!setting) {
      ctx.addIssue({
        code: 'custom',
        path: [...path, label],
        message: `${entry.label} has no setting "${label}"`,
      });
      continue;
    }
    const parsed = parseSettingValue(setting, text);
    if ('error' in parsed) ctx.addIssue({ code: 'custom', path: [...path, label], message: parsed.error });
  }
}

/**
 * A label of the spec's list for this side of a row, or of any pro catalogue entry (pro entries
 * work on either side: compared with another indicator or with a number).
 */
function indicatorLabel(specLabels: readonly string[]) {
  const allowed = new Set<string>([...specLabels, ...PRO_INDICATOR_LABELS]);
  return z
    .string({ error: 'Choose an indicator from the list' })
    .refine((label) => allowed.has(label), { error: 'Choose an indicator from the list' });
}

export const crossoverConditionSchema = z
  .object({
    indicator1: indicatorLabel(CROSSOVER_INDICATOR_LABELS),
    logic: z.enum(CROSSOVER_LOGIC, { error: 'Choose a logic from the list' }),
    indicator2: indicatorLabel(CROSSOVER_INDICATOR_LABELS),
    additionalFields1: settingsMap,
    additionalFields2: settingsMap,
  })
  .superRefine((row, ctx) => {
    checkSettings(row.indicator1, row.additionalFields1, ['additionalFields1'], ctx);
    checkSettings(row.indicator2, row.additionalFields2, ['additionalFields2'], ctx);
  }, EVEN_WITH_FIELD_ERRORS);

const valueConditionBase = {
  indicator: indicatorLabel(VALUE_INDICATOR_LABELS),
  logic: z.enum(COMPARISON_LOGIC, { error: 'Choose a logic from the list' }),
  additionalFields: settingsMap,
};

function valueConditionSchema<N extends z.ZodType>(number: N) {
  return z.object({ ...valueConditionBase, number }).superRefine((row, ctx) => {
    checkSettings(row.indicator, row.additionalFields, ['additionalFields'], ctx);
  }, EVEN_WITH_FIELD_ERRORS);
}

/** Entry value rows need their number (docs/product.md#validation); exit rows may leave it blank (row ignored). */
export const entryValueConditionSchema = valueConditionSchema(requiredNumber);
export const exitValueConditionSchema = valueConditionSchema(optionalNumber);

export const candlestickConditionSchema = z.object({
  pattern1: z.enum(CANDLESTICK_PATTERN_NAMES, { error: 'Choose a pattern from the list' }),
});

/** The largest starting capital: beyond it the equity figures lose their cents in a double. */
export const MAX_INITIAL_CAPITAL = 1e12;

const exitCriterionSchema = z
  .object({
    type: z.enum(EXIT_CRITERION_TYPES, { error: 'Choose none, percentage or points' }).default(''),
    value: z.union([numericInput, z.null()]).optional(),
  })
  .transform((criterion, ctx) => {
    if (criterion.type === '') return { type: '' as const, value: null };
    const parsed =
      criterion.value === undefined || criterion.value === null ? Number.NaN : toNumber(criterion.value);
    if (!Number.isFinite(parsed) || parsed <= 0) {
      ctx.addIssue({
        code: 'custom',
        path: ['value'],
        message: Number.isFinite(parsed) ? 'Enter a value greater than 0' : 'Enter a number',
        ...CONTINUE,
      });
      return z.NEVER;
    }
    return { type: criterion.type, value: parsed };
  });

const timingSchema = z.object({
  time: z
    .string()
    .regex(/^$|^([01]\d|2[0-3]):[0-5]\d$/, 'Enter a time as HH:MM (24-hour)')
    .default(''),
  timezone: z
    .enum(TIMEZONES, { error: `Choose the exchange's time or one of ${TIMEZONES.slice(1).join(', ')}` })
    .default(REQUEST_DEFAULTS.timezone),
});

/** A list of condition rows: at most `max` (the error names them), none when left out. */
function rowList<Row extends z.ZodType>(row: Row, max: number, rows: string) {
  return z.array(row).max(max, `At most ${max} ${rows}`).default([]);
}

const symbolCode = z
  .string({ error: 'Required' })
  .trim()
  .min(1, 'Required')
  .max(64, 'At most 64 characters')
  .regex(/^[A-Za-z0-9._^=-]+$/, 'Letters, digits and . _ - ^ = only');

/** Exchange codes are upper-cased here, once: every layer after the schema reads them as they are. */
const exchangeCode = symbolCode.toUpperCase();

export const backtestRequestSchema = z
  .object({
    exchange: exchangeCode,
    stock: symbolCode,
    fromDate: calendarDate.default(REQUEST_DEFAULTS.fromDate),
    toDate: calendarDate.default(REQUEST_DEFAULTS.toDate),
    timeframe: z
      .enum(TIMEFRAMES, { error: `Choose one of ${TIMEFRAMES.join(', ')}` })
      .default(REQUEST_DEFAULTS.timeframe),
    /** How the provider's bars are adjusted for splits and dividends (others' bars are as they are). */
    priceAdjustment: z
      .enum(PRICE_ADJUSTMENTS, { error: `Choose one of ${PRICE_ADJUSTMENTS.join(', ')}` })
      .default(REQUEST_DEFAULTS.priceAdjustment),
    transactionType: z
      .enum(TRANSACTION_TYPES, { error: 'Choose buy or sell' })
      .default(REQUEST_DEFAULTS.transactionType),
    entry: z.object({
      parameters: rowList(crossoverConditionSchema, LIMITS.crossoverRows, 'crossover conditions'),
      valueBased: rowList(entryValueConditionSchema, LIMITS.valueRows, 'value-based conditions'),
      candleStick: rowList(candlestickConditionSchema, LIMITS.candlestickRows, 'candlestick patterns'),
      combine: z.enum(COMBINE_MODES).default(REQUEST_DEFAULTS.combine),
    }),
    exit: z
      .object({
        parameters: rowList(crossoverConditionSchema, LIMITS.crossoverRows, 'crossover conditions'),
        valueBased: rowList(exitValueConditionSchema, LIMITS.valueRows, 'value-based conditions'),
        combine: z.enum(COMBINE_MODES).default(REQUEST_DEFAULTS.combine),
      })
      .default({ parameters: [], valueBased: [], combine: REQUEST_DEFAULTS.combine }),
    exitCriteria: z
      .object({
        targetProfit: exitCriterionSchema.default({ type: '', value: null }),
        stopLoss: exitCriterionSchema.default({ type: '', value: null }),
        trailingStopLoss: exitCriterionSchema.default({ type: '', value: null }),
        timing: timingSchema.default({ time: '', timezone: REQUEST_DEFAULTS.timezone }),
      })
      .default({
        targetProfit: { type: '', value: null },
        stopLoss: { type: '', value: null },
        trailingStopLoss: { type: '', value: null },
        timing: { time: '', timezone: REQUEST_DEFAULTS.timezone },
      }),
    initialCapital: requiredNumber
      .refine(
        ifParsed((n) => n > 0),
        'Initial capital must be greater than 0',
      )
      .refine(
        ifParsed((n) => n <= MAX_INITIAL_CAPITAL),
        'Initial capital can be at most 1,000,000,000,000',
      )
      .default(REQUEST_DEFAULTS.initialCapital),
    commission: requiredNumber
      .refine(
        ifParsed((n) => n >= 0 && n < 100),
        'Commission is a percent per side from 0 to under 100',
      )
      .default(REQUEST_DEFAULTS.commissionPct),
    slippage: requiredNumber
      .refine(
        ifParsed((n) => n >= 0),
        'Slippage cannot be negative',
      )
      .default(REQUEST_DEFAULTS.slippagePoints),
    mode: z.enum(MODES).default(REQUEST_DEFAULTS.mode),
    /**
     * How stops, targets and the exit time are found inside a bar: from its open, high and low
     * ("bars"), or from its trades in order ("ticks"; docs/conventions.md#fills-with-ticks).
     */
    intrabar: z.enum(INTRABAR_MODES, { error: 'Choose bars or ticks' }).default(REQUEST_DEFAULTS.intrabar),
    /** Settings of mode "ml" (ml-request.ts); absent = ML_DEFAULTS. */
    ml: mlSettingsSchema.optional(),
    sizing: z.enum(SIZING_MODES).default(REQUEST_DEFAULTS.sizing),
    /** Units (fixed-quantity), cash (fixed-cash) or percent of equity at risk (risk-percent). */
    sizingValue: optionalNumber.default(null),
  })
  .superRefine((request, ctx) => {
    // A long position cannot fall 100% or more: a stop that far would never act.
    if (request.transactionType === 'buy') {
      for (const stop of ['stopLoss', 'trailingStopLoss'] as const) {
        const { type, value } = request.exitCriteria?.[stop] ?? {};
        if (type === 'percentage' && isNumber(value) && value >= 100) {
          ctx.addIssue({
            code: 'custom',
            path: ['exitCriteria', stop, 'value'],
            message: 'A percentage stop on a long position must be under 100%',
          });
        }
      }
    }
    // A sizing figure that is not a number is reported at its field already.
    const sizingProblem =
      SIZING_MODES.includes(request.sizing) && (request.sizingValue === null || isNumber(request.sizingValue))
        ? sizingValueProblem(request)
        : null;
    if (sizingProblem) ctx.addIssue({ code: 'custom', path: ['sizingValue'], message: sizingProblem });
    const rows = [request.entry?.parameters, request.entry?.valueBased, request.entry?.candleStick];
    // An ML run may trade on the model alone; a standard run needs a rule.
    if (
      request.mode !== 'ml' &&
      rows.every(Array.isArray) &&
      rows.reduce((count, list) => count + list.length, 0) === 0
    ) {
      ctx.addIssue({
        code: 'custom',
        path: ['entry'],
        message: 'Add at least one entry condition',
      });
    }
  }, EVEN_WITH_FIELD_ERRORS);

/** Why the sizing figure does not fit the sizing mode, or null when it does. */
function sizingValueProblem(request: {
  sizing: (typeof SIZING_MODES)[number];
  sizingValue: number | null;
  exitCriteria?: { stopLoss?: { type: string } };
}): string | null {
  const { sizing, sizingValue } = request;
  if (sizing === 'all-in-fractional' || sizing === 'all-in-whole-units') return null;
  const wanted = {
    'fixed-quantity': 'Enter the units to buy on each entry (more than 0)',
    'fixed-cash': 'Enter the cash to spend on each entry (more than 0)',
    'risk-percent': 'Enter the percent of equity to risk on each entry (more than 0, at most 100)',
  }[sizing];
  if (sizingValue === null || !(sizingValue > 0)) return wanted;
  if (sizing === 'risk-percent') {
    if (sizingValue > 100) return wanted;
    if (request.exitCriteria?.stopLoss?.type === '') {
      return 'Risking a percent of equity needs a stop loss: the stop sets the loss per unit';
    }
  }
  return null;
}

/** What the form and API clients send. */
export type BacktestRequestInput = z.input<typeof backtestRequestSchema>;
/** The validated request with defaults filled in and numbers parsed. */
export type BacktestRequest = z.output<typeof backtestRequestSchema>;
export type CrossoverCondition = z.output<typeof crossoverConditionSchema>;
export type EntryValueCondition = z.output<typeof entryValueConditionSchema>;
