/**
 * The builder's indicators and their extra settings (docs/product.md#entities).
 * A setting's value is a look-back period in bars; blank means the default below.
 */

/** Largest look-back a setting may ask for, in bars. */
export const MAX_SETTING_PERIOD = 10_000;

export interface IndicatorSetting {
  /** The label the builder shows and the request carries as a key of additionalFields. */
  label: string;
  /** Used when the field is blank. null = no fixed default (VWAP: reset each session). */
  defaultValue: number | null;
}

export interface IndicatorDefinition {
  label: string;
  settings: readonly IndicatorSetting[];
}

const timeframe = (defaultValue: number | null): IndicatorSetting[] => [{ label: 'Timeframe', defaultValue }];
const ichimoku: IndicatorSetting[] = [
  { label: 'Timeframe 1', defaultValue: 9 },
  { label: 'Timeframe 2', defaultValue: 26 },
  { label: 'Timeframe 3', defaultValue: 52 },
];
const macd: IndicatorSetting[] = [
  { label: 'Fast Period', defaultValue: 12 },
  { label: 'Slow Period', defaultValue: 26 },
  { label: 'Signal Period', defaultValue: 9 },
];

export const CROSSOVER_INDICATORS = [
  { label: 'OBV', settings: [] },
  { label: 'Pivot Point', settings: [] },
  { label: 'Support 1', settings: [] },
  { label: 'Support 2', settings: [] },
  { label: 'Resistance 1', settings: [] },
  { label: 'Resistance 2', settings: [] },
  { label: 'Open Price', settings: [] },
  { label: 'High Price', settings: [] },
  { label: 'Low Price', settings: [] },
  { label: 'Close Price', settings: [] },
  { label: 'VWAP', settings: timeframe(null) },
  { label: 'EMA', settings: timeframe(20) },
  { label: 'SMA', settings: timeframe(20) },
  { label: 'Bollinger Upper', settings: timeframe(20) },
  { label: 'Bollinger Middle', settings: timeframe(20) },
  { label: 'Bollinger Lower', settings: timeframe(20) },
  { label: 'Williams %R', settings: timeframe(14) },
  { label: 'Momentum Oscillators', settings: timeframe(10) },
  { label: 'ATR', settings: timeframe(14) },
  { label: 'ROC', settings: timeframe(10) },
  { label: 'Elder-Ray Bull Power', settings: timeframe(13) },
  { label: 'Elder-Ray Bear Power', settings: timeframe(13) },
  {
    label: 'Chaikin Oscillator',
    settings: [
      { label: 'Long EMA Timeframe', defaultValue: 10 },
      { label: 'Short EMA Timeframe', defaultValue: 3 },
    ],
  },
  { label: 'Parabolic SAR', settings: [] },
  { label: 'Ichimoku tenkan_sen', settings: ichimoku },
  { label: 'Ichimoku kijun_sen', settings: ichimoku },
  { label: 'Ichimoku senkou_span_a', settings: ichimoku },
  { label: 'Ichimoku senkou_span_b', settings: ichimoku },
  { label: 'Ichimoku chikou_span', settings: ichimoku },
  { label: 'MACD macd line', settings: macd },
  { label: 'MACD green line', settings: macd },
] as const satisfies readonly IndicatorDefinition[];

export const VALUE_INDICATORS = [
  { label: 'RSI', settings: timeframe(14) },
  {
    label: 'Stochastic %K',
    settings: [
      { label: 'Fast K Period', defaultValue: 14 },
      { label: 'Slow K Period', defaultValue: 3 },
      { label: 'Slow D Period', defaultValue: 3 },
    ],
  },
  {
    label: 'Stochastic %D',
    settings: [
      { label: 'Fast K Period', defaultValue: 14 },
      { label: 'Slow K Period', defaultValue: 3 },
      { label: 'Slow D Period', defaultValue: 3 },
    ],
  },
  { label: 'MFI', settings: timeframe(14) },
  { label: 'MACD histogram', settings: macd },
] as const satisfies readonly IndicatorDefinition[];

export type CrossoverIndicatorLabel = (typeof CROSSOVER_INDICATORS)[number]['label'];
export type ValueIndicatorLabel = (typeof VALUE_INDICATORS)[number]['label'];

export const CROSSOVER_INDICATOR_LABELS = CROSSOVER_INDICATORS.map((i) => i.label) as [
  CrossoverIndicatorLabel,
  ...CrossoverIndicatorLabel[],
];
export const VALUE_INDICATOR_LABELS = VALUE_INDICATORS.map((i) => i.label) as [
  ValueIndicatorLabel,
  ...ValueIndicatorLabel[],
];

const byLabel = new Map<string, IndicatorDefinition>(
  [...CROSSOVER_INDICATORS, ...VALUE_INDICATORS].map((i) => [i.label, i]),
);

/** The settings an indicator declares (empty for unknown labels). */
export function indicatorSettings(label: string): readonly IndicatorSetting[] {
  return byLabel.get(label)?.settings ?? [];
}
