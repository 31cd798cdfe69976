/**
 * The builder's ML block (mode "ml", src/shared/ml-request.ts) as the form holds it: numbers as
 * the text of their inputs, blank meaning the default of ML_DEFAULTS (shown as placeholders).
 * The shape mirrors the request's `ml` block, so a stored request and a saved draft load alike.
 */
import {
  ML_BASE_FEATURES,
  ML_DEFAULTS,
  ML_LIMITS,
  ML_MODELS,
  ML_WINDOW_MODES,
  type MlModel,
  type MlSettingsInput,
  type MlWindowMode,
} from '../../../shared/ml-request';
import { catalogueEntry } from '../../../shared/indicator-catalogue';
import { asList, asObject, asText, oneOf, settingsOf } from './loose-input';

/** An indicator added as a feature, with its settings (blank = the indicator's default). */
export interface MlIndicatorValues {
  indicator: string;
  additionalFields: Record<string, string>;
}

export interface MlFormValues {
  model: MlModel;
  features: {
    add: MlIndicatorValues[];
    /** Base features, indicator labels or pattern names left out. */
    drop: string[];
  };
  label: { targetAtrMultiple: string; stopAtrMultiple: string; atrPeriod: string; horizonBars: string };
  walkForward: { trainBars: string; testBars: string; window: MlWindowMode };
  threshold: string;
  seed: string;
}

/** The ML fields set by one input each, named by their path inside the block. */
export const ML_TEXT_FIELDS = [
  'label.targetAtrMultiple',
  'label.stopAtrMultiple',
  'label.atrPeriod',
  'label.horizonBars',
  'walkForward.trainBars',
  'walkForward.testBars',
  'threshold',
  'seed',
] as const;
export type MlTextField = (typeof ML_TEXT_FIELDS)[number];
export type MlField = MlTextField | 'model' | 'walkForward.window';

/** The indicator a new "added indicator" row starts with. */
export const NEW_ML_INDICATOR = 'RSI';

export function defaultMlValues(): MlFormValues {
  return {
    model: ML_DEFAULTS.model,
    features: { add: [], drop: [] },
    label: { targetAtrMultiple: '', stopAtrMultiple: '', atrPeriod: '', horizonBars: '' },
    walkForward: { trainBars: '', testBars: '', window: ML_DEFAULTS.walkForward.window },
    threshold: '',
    seed: '',
  };
}

/** The text of one of the block's figures. */
export function mlFieldText(ml: MlFormValues, field: MlTextField): string {
  switch (field) {
    case 'threshold':
    case 'seed':
      return ml[field];
    default: {
      const [group, key] = field.split('.') as
        ['label', keyof MlFormValues['label']] | ['walkForward', 'trainBars' | 'testBars'];
      return group === 'label' ? ml.label[key] : ml.walkForward[key];
    }
  }
}

/** The block with one field changed (`field` is its path inside the block). */
export function withMlField(ml: MlFormValues, field: MlField, value: string): MlFormValues {
  switch (field) {
    case 'model':
      return { ...ml, model: oneOf(ML_MODELS, value, ml.model) };
    case 'walkForward.window':
      return {
        ...ml,
        walkForward: { ...ml.walkForward, window: oneOf(ML_WINDOW_MODES, value, ml.walkForward.window) },
      };
    case 'threshold':
    case 'seed':
      return { ...ml, [field]: value };
    default: {
      const [group, key] = field.split('.') as ['label' | 'walkForward', string];
      return { ...ml, [group]: { ...ml[group], [key]: value } };
    }
  }
}

/** A feature's name kept in or left out of the drop list. */
export function withFeatureUsed(ml: MlFormValues, name: string, used: boolean): MlFormValues {
  const rest = ml.features.drop.filter((dropped) => dropped !== name);
  return { ...ml, features: { ...ml.features, drop: used ? rest : [...rest, name] } };
}

export function withAddedIndicators(
  ml: MlFormValues,
  change: (rows: MlIndicatorValues[]) => MlIndicatorValues[],
): MlFormValues {
  return { ...ml, features: { ...ml.features, add: change(ml.features.add) } };
}

const filled = (text: string) => text.trim() !== '';

/** The request's `ml` block: blank figures and settings left out, so the schema's defaults apply. */
export function mlRequest(ml: MlFormValues): MlSettingsInput {
  const figures = <T extends Record<string, string>>(group: T) =>
    Object.fromEntries(Object.entries(group).filter(([, text]) => filled(text)));
  return {
    model: ml.model,
    features: {
      add: ml.features.add.map((row) => ({
        indicator: row.indicator,
        additionalFields: figures(row.additionalFields),
      })),
      drop: [...ml.features.drop],
    },
    label: figures(ml.label),
    walkForward: {
      ...figures({ trainBars: ml.walkForward.trainBars, testBars: ml.walkForward.testBars }),
      window: ml.walkForward.window,
    },
    ...(filled(ml.threshold) ? { threshold: ml.threshold } : {}),
    ...(filled(ml.seed) ? { seed: ml.seed } : {}),
  };
}

/** Form values of an `ml` block from a request or a draft, tolerant of anything. */
export function mlValuesOf(input: unknown): MlFormValues {
  const ml = asObject(input);
  const defaults = defaultMlValues();
  const features = asObject(ml.features);
  const label = asObject(ml.label);
  const walkForward = asObject(ml.walkForward);
  return {
    model: oneOf(ML_MODELS, ml.model, defaults.model),
    features: {
      add: asList(features.add, ML_LIMITS.addedIndicators).map((value) => {
        const row = asObject(value);
        const indicator =
          typeof row.indicator === 'string' && catalogueEntry(row.indicator)
            ? row.indicator
            : NEW_ML_INDICATOR;
        return { indicator, additionalFields: settingsOf(indicator, row.additionalFields) };
      }),
      drop: asList(features.drop, ML_LIMITS.droppedFeatures).filter(
        (name): name is string => typeof name === 'string',
      ),
    },
    label: {
      targetAtrMultiple: asText(label.targetAtrMultiple),
      stopAtrMultiple: asText(label.stopAtrMultiple),
      atrPeriod: asText(label.atrPeriod),
      horizonBars: asText(label.horizonBars),
    },
    walkForward: {
      trainBars: asText(walkForward.trainBars),
      testBars: asText(walkForward.testBars),
      window: oneOf(ML_WINDOW_MODES, walkForward.window, defaults.walkForward.window),
    },
    threshold: asText(ml.threshold),
    seed: asText(ml.seed),
  };
}

/** What each base feature is, in words. */
export const BASE_FEATURE_LABELS: Record<(typeof ML_BASE_FEATURES)[number], string> = {
  return_1: 'Return over the last bar',
  return_1_lag1: 'Return of the bar before',
  return_1_lag2: 'Return two bars before',
  return_5: 'Return over 5 bars',
  return_20: 'Return over 20 bars',
  volatility_20: 'Volatility over 20 bars',
  volume_change: 'Volume change from the bar before',
};

/**
 * The indicator labels and candlestick patterns the rules name, each once: by default each is
 * a feature too, and dropping its name leaves out every feature made from it.
 */
export function ruleFeatureNames(values: {
  entry: {
    parameters: readonly { indicator1: string; indicator2: string }[];
    valueBased: readonly { indicator: string }[];
    candleStick: readonly { pattern1: string }[];
  };
  exit: {
    parameters: readonly { indicator1: string; indicator2: string }[];
    valueBased: readonly { indicator: string }[];
  };
}): string[] {
  const names = [values.entry, values.exit].flatMap((side) => [
    ...side.parameters.flatMap((row) => [row.indicator1, row.indicator2]),
    ...side.valueBased.map((row) => row.indicator),
  ]);
  names.push(...values.entry.candleStick.map((row) => row.pattern1));
  return [...new Set(names)];
}
