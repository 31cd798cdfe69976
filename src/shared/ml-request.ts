/**
 * The `ml` block of a backtest request in mode "ml" (docs/engine.md#ml-backtesting): which model, which
 * features, how samples are labelled, how the walk-forward windows are laid out, the
 * probability that triggers an entry and the seed. Every field may be left out (or blank in a
 * form): ML_DEFAULTS fills it, and the builder shows those defaults.
 */
import * as z from 'zod';
import { CANDLESTICK_PATTERN_NAMES } from './candlestick-patterns';
import { catalogueEntry, parseSettingValue } from './indicator-catalogue';

export const ML_MODELS = ['logistic', 'random-forest', 'gradient-boosting'] as const;
export type MlModel = (typeof ML_MODELS)[number];

export const ML_WINDOW_MODES = ['rolling', 'anchored'] as const;
export type MlWindowMode = (typeof ML_WINDOW_MODES)[number];

/**
 * Features every ML run has unless dropped: log returns over 1, 5 and 20 bars, the 1-bar log
 * returns of the two bars before (lags 1 and 2), the standard deviation of the 1-bar log
 * returns over 20 bars, and the log change of volume from the bar before.
 */
export const ML_BASE_FEATURES = [
  'return_1',
  'return_1_lag1',
  'return_1_lag2',
  'return_5',
  'return_20',
  'volatility_20',
  'volume_change',
] as const;

export const ML_DEFAULTS = {
  model: 'logistic',
  label: {
    /** Used when the request has no target profit: target = this many ATRs from the entry. */
    targetAtrMultiple: 2,
    /** Used when the request has no stop loss: stop = this many ATRs from the entry. */
    stopAtrMultiple: 1,
    /** Period of the ATR those multiples are of. */
    atrPeriod: 20,
    /** The time barrier: a sample's label is decided within this many bars after its entry. */
    horizonBars: 20,
  },
  walkForward: { trainBars: 500, testBars: 125, window: 'rolling' },
  /** Probability of the label "target first" at or above which an entry is taken. */
  threshold: 0.55,
  seed: 1,
} as const satisfies {
  model: MlModel;
  label: Record<string, number>;
  walkForward: { trainBars: number; testBars: number; window: MlWindowMode };
  threshold: number;
  seed: number;
};

/** Share of a training window's bars embargoed before its test window (Lopez de Prado ch. 7). */
export const ML_EMBARGO_FRACTION = 0.01;

export const ML_LIMITS = {
  minTrainBars: 50,
  maxWindowBars: 1_000_000,
  maxHorizonBars: 1000,
  maxAtrPeriod: 1000,
  addedIndicators: 10,
  droppedFeatures: 50,
} as const;

const numericInput = z.union([z.number(), z.string()], { error: 'Enter a number' });

/** A number typed or as text; blank or absent -> the default. */
function numberField(defaultValue: number, check: (n: number) => boolean, message: string) {
  return z
    .union([numericInput, z.null()])
    .optional()
    .transform((value, ctx) => {
      if (value === undefined || value === null || (typeof value === 'string' && value.trim() === '')) {
        return defaultValue;
      }
      const parsed = typeof value === 'number' ? value : Number(value.trim());
      if (!Number.isFinite(parsed) || !check(parsed)) {
        ctx.addIssue({ code: 'custom', message });
        return z.NEVER;
      }
      return parsed;
    });
}

const wholeNumber = (defaultValue: number, min: number, max: number, what: string) =>
  numberField(
    defaultValue,
    (n) => Number.isInteger(n) && n >= min && n <= max,
    `${what} must be a whole number from ${min} to ${max}`,
  );

const positiveNumber = (defaultValue: number, what: string) =>
  numberField(defaultValue, (n) => n > 0 && n <= 100, `${what} must be a number above 0, at most 100`);

/** An indicator of the catalogue to add as a feature, with its settings (blank = default). */
const addedIndicatorSchema = z
  .object({
    indicator: z
      .string({ error: 'Choose an indicator from the list' })
      .refine((label) => catalogueEntry(label) !== undefined, { error: 'Choose an indicator from the list' }),
    additionalFields: z.record(z.string(), z.string({ error: 'Enter a value' })).default({}),
  })
  .superRefine((row, ctx) => {
    const declared = catalogueEntry(row.indicator)?.settings ?? [];
    for (const [label, text] of Object.entries(row.additionalFields)) {
      const setting = declared.find((candidate) => candidate.label === label);
      const problem = setting
        ? (() => {
            const parsed = parseSettingValue(setting, text);
            return 'error' in parsed ? parsed.error : null;
          })()
        : `${row.indicator} has no setting "${label}"`;
      if (problem) ctx.addIssue({ code: 'custom', path: ['additionalFields', label], message: problem });
    }
  });

const droppableFeatures = new Set<string>(ML_BASE_FEATURES);

/**
 * A feature to leave out: a base feature's name, or an indicator label or pattern name (which
 * drops every feature made from it).
 */
const droppedFeatureSchema = z
  .string({ error: 'Name a feature to drop' })
  .refine(
    (name) =>
      droppableFeatures.has(name) ||
      catalogueEntry(name) !== undefined ||
      (CANDLESTICK_PATTERN_NAMES as readonly string[]).includes(name),
    {
      error: `Name a base feature (${ML_BASE_FEATURES.join(', ')}), an indicator or a candlestick pattern`,
    },
  );

export const mlSettingsSchema = z
  .object({
    model: z.enum(ML_MODELS, { error: `Choose a model: ${ML_MODELS.join(', ')}` }).default(ML_DEFAULTS.model),
    features: z
      .object({
        add: z
          .array(addedIndicatorSchema)
          .max(ML_LIMITS.addedIndicators, `At most ${ML_LIMITS.addedIndicators} added indicators`)
          .default([]),
        drop: z
          .array(droppedFeatureSchema)
          .max(ML_LIMITS.droppedFeatures, `At most ${ML_LIMITS.droppedFeatures} dropped features`)
          .default([]),
      })
      .prefault({}),
    label: z
      .object({
        targetAtrMultiple: positiveNumber(ML_DEFAULTS.label.targetAtrMultiple, 'The target in ATRs'),
        stopAtrMultiple: positiveNumber(ML_DEFAULTS.label.stopAtrMultiple, 'The stop in ATRs'),
        atrPeriod: wholeNumber(ML_DEFAULTS.label.atrPeriod, 1, ML_LIMITS.maxAtrPeriod, 'The ATR period'),
        horizonBars: wholeNumber(
          ML_DEFAULTS.label.horizonBars,
          1,
          ML_LIMITS.maxHorizonBars,
          'The label horizon',
        ),
      })
      .prefault({}),
    walkForward: z
      .object({
        trainBars: wholeNumber(
          ML_DEFAULTS.walkForward.trainBars,
          ML_LIMITS.minTrainBars,
          ML_LIMITS.maxWindowBars,
          'The training window',
        ),
        testBars: wholeNumber(
          ML_DEFAULTS.walkForward.testBars,
          1,
          ML_LIMITS.maxWindowBars,
          'The test window',
        ),
        window: z
          .enum(ML_WINDOW_MODES, { error: 'Choose rolling or anchored windows' })
          .default(ML_DEFAULTS.walkForward.window),
      })
      .prefault({}),
    threshold: numberField(
      ML_DEFAULTS.threshold,
      (n) => n > 0 && n < 1,
      'The probability threshold must be a number between 0 and 1',
    ),
    seed: wholeNumber(ML_DEFAULTS.seed, 0, 0xffffffff, 'The seed'),
  })
  .superRefine((settings, ctx) => {
    const { trainBars } = settings.walkForward;
    const horizon = settings.label.horizonBars;
    const embargo = mlEmbargoBars(trainBars);
    if (horizon + embargo >= trainBars) {
      ctx.addIssue({
        code: 'custom',
        path: ['walkForward', 'trainBars'],
        message: `The training window must be longer than the label horizon plus the embargo (${horizon + embargo} bars)`,
      });
    }
  });

/** Bars embargoed between a training window and its test window: 1% of the window, at least 1. */
export function mlEmbargoBars(trainBars: number): number {
  return Math.max(1, Math.ceil(trainBars * ML_EMBARGO_FRACTION));
}

export type MlSettingsInput = z.input<typeof mlSettingsSchema>;
export type MlSettings = z.output<typeof mlSettingsSchema>;
