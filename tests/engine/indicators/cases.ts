/**
 * For every registry label: the settings the tests run it with (defaults first) and, where
 * TA-Lib has the indicator, the TA-Lib computation it must equal.
 */
import type { CandleSeries } from '../../../src/engine/candles/series';
import type { IndicatorSettingsInput, ResolvedSettings } from '../../../src/engine/indicators/registry';
import { INDICATOR_CATALOGUE, type CatalogueSetting } from '../../../src/shared/indicator-catalogue';
import { talibOnSeries } from '../talib-oracle';

/** TA-Lib's computation for these settings, or undefined when they are outside TA-Lib's ranges. */
export type Oracle = (settings: ResolvedSettings) => ((series: CandleSeries) => Float64Array) | undefined;

/** A TA-Lib output over the series. */
const output =
  (name: string, key: string, options: Record<string, number> = {}) =>
  (series: CandleSeries) =>
    talibOnSeries(name, series, options)[key]!;

export interface IndicatorCase {
  settings: readonly IndicatorSettingsInput[];
  oracle?: Oracle;
}

const setting = (settings: ResolvedSettings, label: string): number => {
  const value = settings[label];
  if (typeof value !== 'number') throw new Error(`no ${label}`);
  return value;
};
const timeframe = (settings: ResolvedSettings) => setting(settings, 'Timeframe');

/** TA-Lib's optInTimePeriod for these settings, undefined below TA-Lib's minimum. */
function talibPeriod(settings: ResolvedSettings, minimum: number): number | undefined {
  const period = timeframe(settings);
  return period >= minimum ? period : undefined;
}

function singleOutput(name: string, key: string, minimum: number): Oracle {
  return (settings) => {
    const period = talibPeriod(settings, minimum);
    return period === undefined ? undefined : output(name, key, { optInTimePeriod: period });
  };
}

function bbands(key: string): Oracle {
  return (settings) => {
    const period = talibPeriod(settings, 2);
    if (period === undefined) return undefined;
    return output('BBANDS', key, {
      optInTimePeriod: period,
      optInNbDevUp: 2,
      optInNbDevDn: 2,
      optInMAType: 0,
    });
  };
}

function elderRay(field: 'h' | 'l'): Oracle {
  return (settings) => {
    const ema = singleOutput('EMA', 'outReal', 2)(settings);
    return ema && ((series) => ema(series).map((value, i) => series[field][i]! - value));
  };
}

function midPrice(period: number): ((series: CandleSeries) => Float64Array) | undefined {
  return period >= 2 ? output('MIDPRICE', 'outReal', { optInTimePeriod: period }) : undefined;
}

/** out[t] = values[t - bars], NaN before. */
function shiftForward(values: Float64Array, bars: number): Float64Array {
  return values.map((_, i) => (i >= bars ? values[i - bars]! : Number.NaN));
}

function macd(key: string): Oracle {
  return (settings) => {
    const fast = setting(settings, 'Fast Period');
    const slow = setting(settings, 'Slow Period');
    const signal = setting(settings, 'Signal Period');
    // TA-Lib takes signal 1 but then misaligns its outputs (TA_EMA_Lookback(1) returns -1):
    // the signal at t is the line at t + 2 and the first value is uninitialised memory.
    if (fast < 2 || slow < 2 || signal < 2) return undefined;
    return output('MACD', key, { optInFastPeriod: fast, optInSlowPeriod: slow, optInSignalPeriod: signal });
  };
}

function stoch(key: string): Oracle {
  return (settings) =>
    output('STOCH', key, {
      optInFastK_Period: setting(settings, 'Fast K Period'),
      optInSlowK_Period: setting(settings, 'Slow K Period'),
      optInSlowK_MAType: 0,
      optInSlowD_Period: setting(settings, 'Slow D Period'),
      optInSlowD_MAType: 0,
    });
}

const periods = (...values: (number | string)[]) => [{}, ...values.map((value) => ({ Timeframe: value }))];
const none = { settings: [{}] };
const ichimokuSettings = [
  {},
  { 'Timeframe 1': 7, 'Timeframe 2': 22, 'Timeframe 3': 44 },
  { 'Timeframe 1': '20', 'Timeframe 2': '10', 'Timeframe 3': '30' },
  { 'Timeframe 1': 1, 'Timeframe 2': 2, 'Timeframe 3': 1 },
];
const macdSettings = [
  {},
  { 'Fast Period': 5, 'Slow Period': 35, 'Signal Period': 5 },
  { 'Fast Period': '26', 'Slow Period': '12', 'Signal Period': '9' },
  { 'Fast Period': 8, 'Slow Period': 17, 'Signal Period': 1 },
  { 'Fast Period': 10, 'Slow Period': 10, 'Signal Period': 3 },
  { 'Fast Period': 1, 'Slow Period': 3, 'Signal Period': 2 },
];
const stochasticSettings = [
  {},
  { 'Fast K Period': 5, 'Slow K Period': 3, 'Slow D Period': 3 },
  { 'Fast K Period': '21', 'Slow K Period': '1', 'Slow D Period': '5' },
  { 'Fast K Period': 1, 'Slow K Period': 1, 'Slow D Period': 1 },
  { 'Fast K Period': 9, 'Slow K Period': 6, 'Slow D Period': 1 },
];

/** A different valid value for a setting: periods lengthened by half plus one, reals scaled 0.8. */
export function alternativeValue(setting: CatalogueSetting): string {
  if (setting.kind === 'maType') return setting.defaultValue === 1 ? 'SMA' : 'EMA';
  if (setting.kind === 'period') {
    return String(Math.min(setting.max, Math.round((setting.defaultValue ?? 10) * 1.5) + 1));
  }
  const scaled = (setting.defaultValue ?? 0) * 0.8;
  return String(Math.min(setting.max, Math.max(setting.min, scaled === 0 ? setting.min + 0.01 : scaled)));
}

/**
 * Pro entries (TA-Lib equality: catalogue-talib.test.ts; the others: tradingview.test.ts): the
 * defaults, then every setting changed at once.
 */
const PRO_CASES: Record<string, IndicatorCase> = Object.fromEntries(
  INDICATOR_CATALOGUE.filter((entry) => entry.plan === 'pro').map((entry) => {
    const changed = Object.fromEntries(
      entry.settings.map((setting) => [setting.label, alternativeValue(setting)]),
    );
    return [entry.label, { settings: entry.settings.length > 0 ? [{}, changed] : [{}] }];
  }),
);

export const INDICATOR_CASES: Readonly<Record<string, IndicatorCase>> = {
  ...PRO_CASES,
  OBV: { settings: [{}], oracle: () => output('OBV', 'outReal') },
  'Pivot Point': none,
  'Support 1': none,
  'Support 2': none,
  'Resistance 1': none,
  'Resistance 2': none,
  'Open Price': none,
  'High Price': none,
  'Low Price': none,
  'Close Price': none,
  VWAP: { settings: periods(1, 20, ' 5 ') },
  EMA: { settings: periods(2, 10, 200, 1), oracle: singleOutput('EMA', 'outReal', 2) },
  SMA: { settings: periods(5, '50', 2, 1), oracle: singleOutput('SMA', 'outReal', 2) },
  'Bollinger Upper': { settings: periods(5, 50, 1), oracle: bbands('outRealUpperBand') },
  'Bollinger Middle': { settings: periods(5, 50, 1), oracle: bbands('outRealMiddleBand') },
  'Bollinger Lower': { settings: periods(5, 50, 1), oracle: bbands('outRealLowerBand') },
  'Williams %R': { settings: periods(2, 30, 1), oracle: singleOutput('WILLR', 'outReal', 2) },
  'Momentum Oscillators': { settings: periods(1, 25), oracle: singleOutput('MOM', 'outReal', 1) },
  ATR: { settings: periods(1, 5, 30), oracle: singleOutput('ATR', 'outReal', 1) },
  ROC: { settings: periods(1, 25), oracle: singleOutput('ROC', 'outReal', 1) },
  'Elder-Ray Bull Power': { settings: periods(2, 26, 1), oracle: elderRay('h') },
  'Elder-Ray Bear Power': { settings: periods(2, 26, 1), oracle: elderRay('l') },
  'Chaikin Oscillator': {
    settings: [
      {},
      { 'Short EMA Timeframe': 5, 'Long EMA Timeframe': 20 },
      { 'Short EMA Timeframe': '10', 'Long EMA Timeframe': '3' },
      { 'Short EMA Timeframe': 2, 'Long EMA Timeframe': 2 },
      { 'Short EMA Timeframe': 1, 'Long EMA Timeframe': 4 },
    ],
    oracle: (settings) => {
      const fast = setting(settings, 'Short EMA Timeframe');
      const slow = setting(settings, 'Long EMA Timeframe');
      if (fast < 2 || slow < 2) return undefined;
      return output('ADOSC', 'outReal', { optInFastPeriod: fast, optInSlowPeriod: slow });
    },
  },
  'Parabolic SAR': {
    settings: [{}],
    oracle: () => output('SAR', 'outReal', { optInAcceleration: 0.02, optInMaximum: 0.2 }),
  },
  'Ichimoku tenkan_sen': {
    settings: ichimokuSettings,
    oracle: (settings) => midPrice(setting(settings, 'Timeframe 1')),
  },
  'Ichimoku kijun_sen': {
    settings: ichimokuSettings,
    oracle: (settings) => midPrice(setting(settings, 'Timeframe 2')),
  },
  'Ichimoku senkou_span_a': {
    settings: ichimokuSettings,
    oracle: (settings) => {
      const tenkan = midPrice(setting(settings, 'Timeframe 1'));
      const kijun = midPrice(setting(settings, 'Timeframe 2'));
      if (!tenkan || !kijun) return undefined;
      return (series) => {
        const base = kijun(series);
        const spanA = tenkan(series).map((value, i) => (value + base[i]!) / 2);
        return shiftForward(spanA, setting(settings, 'Timeframe 2'));
      };
    },
  },
  'Ichimoku senkou_span_b': {
    settings: ichimokuSettings,
    oracle: (settings) => {
      const spanB = midPrice(setting(settings, 'Timeframe 3'));
      return spanB && ((series) => shiftForward(spanB(series), setting(settings, 'Timeframe 2')));
    },
  },
  'Ichimoku chikou_span': { settings: ichimokuSettings },
  'MACD macd line': { settings: macdSettings, oracle: macd('outMACD') },
  'MACD green line': { settings: macdSettings, oracle: macd('outMACDSignal') },
  RSI: { settings: periods(2, 30, 1), oracle: singleOutput('RSI', 'outReal', 2) },
  'Stochastic %K': { settings: stochasticSettings, oracle: stoch('outSlowK') },
  'Stochastic %D': { settings: stochasticSettings, oracle: stoch('outSlowD') },
  MFI: { settings: periods(2, 30, 1), oracle: singleOutput('MFI', 'outReal', 2) },
  'MACD histogram': { settings: macdSettings, oracle: macd('outMACDHist') },
};

/** Labels whose values are checked by hand (tests/engine/indicators/hand-computed.test.ts). */
export const HAND_CHECKED_LABELS = [
  'Pivot Point',
  'Support 1',
  'Support 2',
  'Resistance 1',
  'Resistance 2',
  'Open Price',
  'High Price',
  'Low Price',
  'Close Price',
  'VWAP',
  'Ichimoku chikou_span',
] as const;

/** First index where two aligned outputs differ beyond tolerance (NaN must match NaN), or -1. */
export function firstMismatch(actual: Float64Array, expected: Float64Array, relative = 0): number {
  if (actual.length !== expected.length) return Math.min(actual.length, expected.length);
  for (let i = 0; i < actual.length; i++) {
    const a = actual[i]!;
    const b = expected[i]!;
    if (Number.isNaN(a) || Number.isNaN(b)) {
      if (Number.isNaN(a) !== Number.isNaN(b)) return i;
    } else if (Math.abs(a - b) > relative * Math.max(1, Math.abs(b))) {
      return i;
    }
  }
  return -1;
}

export const describeSettings = (input: IndicatorSettingsInput) =>
  Object.keys(input).length === 0 ? 'defaults' : JSON.stringify(input);
