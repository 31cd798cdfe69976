/**
 * The indicator catalogue: every indicator line a strategy can use, one entry per line, with its
 * group (TA-Lib's group names), plan, settings (defaults and bounds), a one-line description and
 * the formula. The spec's builder set (indicators.ts) comes first, in the spec's order, with its
 * labels and settings unchanged (plan "basic"); then every TA-Lib 0.6 indicator function that is
 * not a math operator or transform, each output line its own entry, TA-Lib's MINMAX, and widely
 * used TradingView indicators TA-Lib lacks (plan "pro").
 *
 * `talib` names the TA-Lib function and output line (as the `talib` npm package names them) an
 * entry equals bar for bar, and a setting's `talib` the optional input it feeds; optional inputs
 * no setting feeds keep TA-Lib's defaults. The engine's registry computes every label here.
 */
import {
  CROSSOVER_INDICATORS,
  MAX_SETTING_PERIOD,
  VALUE_INDICATORS,
  type IndicatorSetting,
} from './indicators';

export const INDICATOR_GROUPS = [
  'Overlap Studies',
  'Momentum Indicators',
  'Volume Indicators',
  'Volatility Indicators',
  'Cycle Indicators',
  'Statistic Functions',
  'Price Transform',
  'Math Operators',
] as const;
export type IndicatorGroup = (typeof INDICATOR_GROUPS)[number];

export type IndicatorPlan = 'basic' | 'pro';

/** TA-Lib's MAType codes, by position: 0 SMA ... 8 T3. */
export const MA_TYPE_NAMES = ['SMA', 'EMA', 'WMA', 'DEMA', 'TEMA', 'TRIMA', 'KAMA', 'MAMA', 'T3'] as const;

export interface CatalogueSetting extends IndicatorSetting {
  /** period: whole bars; number: any real in bounds; maType: a TA-Lib MAType (name or code). */
  kind: 'period' | 'number' | 'maType';
  min: number;
  max: number;
  /** The TA-Lib optional input this setting feeds (optInTimePeriod, ...). */
  talib?: string;
}

export interface CatalogueEntry {
  label: string;
  group: IndicatorGroup;
  plan: IndicatorPlan;
  /** One line for a tooltip or a select's option description. */
  description: string;
  formula: string;
  settings: readonly CatalogueSetting[];
  /**
   * The TA-Lib function and output line the entry equals. Inputs are TA-Lib's usual ones (inReal
   * = the close, high/low/close/open/volume as named) unless `inputs` says otherwise.
   */
  talib?: { function: string; output: string; inputs?: Readonly<Record<string, string>> };
  /** Where the formula comes from (entries TA-Lib lacks). */
  source?: string;
  /** Pro entries: the engine study (a TA-Lib function name or our own) and its line. */
  study?: { name: string; line: string };
  /** Other names traders type for it: abbreviations, full names, platform names. */
  aliases: readonly string[];
}

// ---------------------------------------------------------------------------------------------
// Settings

const period = (label: string, defaultValue: number, talib?: string, min = 2): CatalogueSetting => ({
  label,
  defaultValue,
  kind: 'period',
  min,
  max: MAX_SETTING_PERIOD,
  ...(talib ? { talib } : {}),
});
const timeframe = (defaultValue: number, min = 2) =>
  period('Timeframe', defaultValue, 'optInTimePeriod', min);
const real = (
  label: string,
  defaultValue: number,
  min: number,
  max: number,
  talib?: string,
): CatalogueSetting => ({
  label,
  defaultValue,
  kind: 'number',
  min,
  max,
  ...(talib ? { talib } : {}),
});
const maType = (label: string, talib: string): CatalogueSetting => ({
  label,
  defaultValue: 0,
  kind: 'maType',
  min: 0,
  max: MA_TYPE_NAMES.length - 1,
  talib,
});

/** A spec setting: a period of 1 to MAX_SETTING_PERIOD bars, optionally feeding TA-Lib. */
function specSetting(setting: IndicatorSetting, talib?: string): CatalogueSetting {
  return { ...setting, kind: 'period', min: 1, max: MAX_SETTING_PERIOD, ...(talib ? { talib } : {}) };
}

// ---------------------------------------------------------------------------------------------
// The spec's builder set

interface SpecMeta {
  group: IndicatorGroup;
  description: string;
  formula: string;
  talib?: { function: string; output: string; settings: Record<string, string> };
  source?: string;
}

const ta = (fn: string, output: string, settings: Record<string, string> = {}) => ({
  function: fn,
  output,
  settings,
});
const period1 = { Timeframe: 'optInTimePeriod' };
const macdInputs = {
  'Fast Period': 'optInFastPeriod',
  'Slow Period': 'optInSlowPeriod',
  'Signal Period': 'optInSignalPeriod',
};
const stochInputs = {
  'Fast K Period': 'optInFastK_Period',
  'Slow K Period': 'optInSlowK_Period',
  'Slow D Period': 'optInSlowD_Period',
};
const FLOOR_PIVOTS = 'classic floor pivots of the previous trading day (the previous bar on daily bars)';
const ICHIMOKU = 'Goichi Hosoda, Ichimoku Kinko Hyo (1969)';

const SPEC_META: Record<string, SpecMeta> = {
  OBV: {
    group: 'Volume Indicators',
    description: 'Running total of volume, added on up closes and subtracted on down closes.',
    formula: 'OBV[t] = OBV[t-1] + V if C > C[t-1], - V if lower; OBV[0] = V[0]',
    talib: ta('OBV', 'outReal'),
  },
  'Pivot Point': {
    group: 'Overlap Studies',
    description: 'Floor pivot of the previous trading day.',
    formula: 'P = (H + L + C) / 3 of the previous day',
    source: FLOOR_PIVOTS,
  },
  'Support 1': {
    group: 'Overlap Studies',
    description: 'First floor-pivot support level.',
    formula: 'S1 = 2P - H (previous day)',
    source: FLOOR_PIVOTS,
  },
  'Support 2': {
    group: 'Overlap Studies',
    description: 'Second floor-pivot support level.',
    formula: 'S2 = P - (H - L) (previous day)',
    source: FLOOR_PIVOTS,
  },
  'Resistance 1': {
    group: 'Overlap Studies',
    description: 'First floor-pivot resistance level.',
    formula: 'R1 = 2P - L (previous day)',
    source: FLOOR_PIVOTS,
  },
  'Resistance 2': {
    group: 'Overlap Studies',
    description: 'Second floor-pivot resistance level.',
    formula: 'R2 = P + (H - L) (previous day)',
    source: FLOOR_PIVOTS,
  },
  'Open Price': { group: 'Price Transform', description: "The bar's open.", formula: 'O' },
  'High Price': { group: 'Price Transform', description: "The bar's high.", formula: 'H' },
  'Low Price': { group: 'Price Transform', description: "The bar's low.", formula: 'L' },
  'Close Price': { group: 'Price Transform', description: "The bar's close.", formula: 'C' },
  VWAP: {
    group: 'Overlap Studies',
    description: 'Volume-weighted average price of the session, or of the last N bars.',
    formula: 'sum(TP * V) / sum(V), TP = (H + L + C) / 3; blank Timeframe: since the session start',
    source: 'standard VWAP definition',
  },
  EMA: {
    group: 'Overlap Studies',
    description: 'Exponential moving average of the close.',
    formula: 'EMA = EMA[t-1] + k (C - EMA[t-1]), k = 2 / (N + 1), seeded with SMA(N)',
    talib: ta('EMA', 'outReal', period1),
  },
  SMA: {
    group: 'Overlap Studies',
    description: 'Simple moving average of the close.',
    formula: 'sum of the last N closes / N',
    talib: ta('SMA', 'outReal', period1),
  },
  'Bollinger Upper': {
    group: 'Overlap Studies',
    description: 'Upper Bollinger band: SMA plus two standard deviations.',
    formula: 'SMA(N) + 2 sigma(N)',
    talib: ta('BBANDS', 'outRealUpperBand', period1),
  },
  'Bollinger Middle': {
    group: 'Overlap Studies',
    description: 'Middle Bollinger band: the SMA.',
    formula: 'SMA(N)',
    talib: ta('BBANDS', 'outRealMiddleBand', period1),
  },
  'Bollinger Lower': {
    group: 'Overlap Studies',
    description: 'Lower Bollinger band: SMA minus two standard deviations.',
    formula: 'SMA(N) - 2 sigma(N)',
    talib: ta('BBANDS', 'outRealLowerBand', period1),
  },
  'Williams %R': {
    group: 'Momentum Indicators',
    description: 'Where the close sits in the last N bars’ range, from -100 to 0.',
    formula: '-100 (HH(N) - C) / (HH(N) - LL(N))',
    talib: ta('WILLR', 'outReal', period1),
  },
  'Momentum Oscillators': {
    group: 'Momentum Indicators',
    description: 'Close minus the close N bars ago.',
    formula: 'C - C[t-N]',
    talib: ta('MOM', 'outReal', period1),
  },
  ATR: {
    group: 'Volatility Indicators',
    description: 'Average true range, Wilder smoothing.',
    formula: 'ATR = (ATR[t-1] (N - 1) + TR) / N',
    talib: ta('ATR', 'outReal', period1),
  },
  ROC: {
    group: 'Momentum Indicators',
    description: 'Rate of change in percent over N bars.',
    formula: '(C / C[t-N] - 1) * 100',
    talib: ta('ROC', 'outReal', period1),
  },
  'Elder-Ray Bull Power': {
    group: 'Momentum Indicators',
    description: 'High minus the EMA of the close.',
    formula: 'H - EMA(C, N)',
    source: 'Alexander Elder, "Trading for a Living" (1993)',
  },
  'Elder-Ray Bear Power': {
    group: 'Momentum Indicators',
    description: 'Low minus the EMA of the close.',
    formula: 'L - EMA(C, N)',
    source: 'Alexander Elder, "Trading for a Living" (1993)',
  },
  'Chaikin Oscillator': {
    group: 'Volume Indicators',
    description: 'Short EMA minus long EMA of the accumulation/distribution line.',
    formula: 'EMA(AD, short) - EMA(AD, long)',
    talib: ta('ADOSC', 'outReal', {
      'Short EMA Timeframe': 'optInFastPeriod',
      'Long EMA Timeframe': 'optInSlowPeriod',
    }),
  },
  'Parabolic SAR': {
    group: 'Overlap Studies',
    description: 'Wilder’s stop-and-reverse trailing level (0.02 step, 0.2 maximum).',
    formula: 'SAR[t+1] = SAR + AF (EP - SAR)',
    talib: ta('SAR', 'outReal'),
  },
  'Ichimoku tenkan_sen': {
    group: 'Overlap Studies',
    description: 'Ichimoku conversion line.',
    formula: '(HH(T1) + LL(T1)) / 2',
    talib: ta('MIDPRICE', 'outReal', { 'Timeframe 1': 'optInTimePeriod' }),
  },
  'Ichimoku kijun_sen': {
    group: 'Overlap Studies',
    description: 'Ichimoku base line.',
    formula: '(HH(T2) + LL(T2)) / 2',
    talib: ta('MIDPRICE', 'outReal', { 'Timeframe 2': 'optInTimePeriod' }),
  },
  'Ichimoku senkou_span_a': {
    group: 'Overlap Studies',
    description: 'Ichimoku leading span A, displaced T2 bars forward.',
    formula: '(tenkan + kijun) / 2 of T2 bars earlier',
    source: ICHIMOKU,
  },
  'Ichimoku senkou_span_b': {
    group: 'Overlap Studies',
    description: 'Ichimoku leading span B, displaced T2 bars forward.',
    formula: '(HH(T3) + LL(T3)) / 2 of T2 bars earlier',
    source: ICHIMOKU,
  },
  'Ichimoku chikou_span': {
    group: 'Overlap Studies',
    description: 'Ichimoku lagging span: the close, compared T2 bars back.',
    formula: 'C, plotted T2 bars back',
    source: ICHIMOKU,
  },
  'MACD macd line': {
    group: 'Momentum Indicators',
    description: 'MACD line: fast EMA minus slow EMA.',
    formula: 'EMA(fast) - EMA(slow)',
    talib: ta('MACD', 'outMACD', macdInputs),
  },
  'MACD green line': {
    group: 'Momentum Indicators',
    description: 'MACD signal line: EMA of the MACD line.',
    formula: 'EMA(MACD, signal)',
    talib: ta('MACD', 'outMACDSignal', macdInputs),
  },
  RSI: {
    group: 'Momentum Indicators',
    description: 'Wilder’s relative strength index, 0 to 100.',
    formula: '100 G / (G + L), Wilder averages of gains and losses',
    talib: ta('RSI', 'outReal', period1),
  },
  'Stochastic %K': {
    group: 'Momentum Indicators',
    description: 'Slow stochastic %K.',
    formula: 'SMA(100 (C - LL) / (HH - LL), slow K)',
    talib: ta('STOCH', 'outSlowK', stochInputs),
  },
  'Stochastic %D': {
    group: 'Momentum Indicators',
    description: 'Slow stochastic %D.',
    formula: 'SMA(%K, slow D)',
    talib: ta('STOCH', 'outSlowD', stochInputs),
  },
  MFI: {
    group: 'Volume Indicators',
    description: 'Money flow index: a volume-weighted RSI of the typical price.',
    formula: '100 P / (P + M) of N-bar rising and falling money flows',
    talib: ta('MFI', 'outReal', period1),
  },
  'MACD histogram': {
    group: 'Momentum Indicators',
    description: 'MACD line minus its signal line.',
    formula: 'MACD - signal',
    talib: ta('MACD', 'outMACDHist', macdInputs),
  },
};

function specEntry(definition: {
  label: string;
  settings: readonly IndicatorSetting[];
}): Omit<CatalogueEntry, 'aliases'> {
  const meta = SPEC_META[definition.label];
  if (!meta) throw new Error(`No catalogue data for ${definition.label}`);
  return {
    label: definition.label,
    group: meta.group,
    plan: 'basic',
    description: meta.description,
    formula: meta.formula,
    settings: definition.settings.map((setting) => specSetting(setting, meta.talib?.settings[setting.label])),
    ...(meta.talib ? { talib: { function: meta.talib.function, output: meta.talib.output } } : {}),
    ...(meta.source ? { source: meta.source } : {}),
  };
}

// ---------------------------------------------------------------------------------------------
// Pro studies: one per TA-Lib function (or TradingView indicator), one entry per output line

interface Study {
  /** TA-Lib function name, or our own id for studies TA-Lib lacks. */
  name: string;
  talib: boolean;
  /** TA-Lib inputs that are not the usual ones (see CatalogueEntry.talib). */
  inputs?: Readonly<Record<string, string>>;
  group: IndicatorGroup;
  description: string;
  formula: string;
  source?: string;
  settings: readonly CatalogueSetting[];
  /** line = the TA-Lib output name (our own line name for non-TA-Lib studies). */
  lines: readonly { line: string; label: string; description?: string; formula?: string }[];
}

const single = (label: string) => [{ line: 'outReal', label }];
const fastSlow = [period('Fast Period', 12, 'optInFastPeriod'), period('Slow Period', 26, 'optInSlowPeriod')];
const bandLines = (prefix: string) => [
  { line: 'outRealUpperBand', label: `${prefix} Upper` },
  { line: 'outRealMiddleBand', label: `${prefix} Middle` },
  { line: 'outRealLowerBand', label: `${prefix} Lower` },
];
const macdLines = (prefix: string) => [
  { line: 'outMACD', label: `${prefix} Line` },
  { line: 'outMACDSignal', label: `${prefix} Signal` },
  { line: 'outMACDHist', label: `${prefix} Histogram` },
];
const acceleration = (label: string, defaultValue: number, talib: string) =>
  real(label, defaultValue, 0, 1, talib);

const TALIB_STUDIES: readonly Study[] = [
  // Overlap Studies
  {
    name: 'ACCBANDS',
    talib: true,
    group: 'Overlap Studies',
    description: 'Headley’s acceleration bands around the SMA of the close.',
    formula: 'SMA(H (1 + 4 (H - L) / (H + L))), SMA(C), SMA(L (1 - 4 (H - L) / (H + L)))',
    settings: [timeframe(20)],
    lines: bandLines('Acceleration Bands'),
  },
  {
    name: 'BBANDS',
    talib: true,
    group: 'Overlap Studies',
    description: 'Bollinger bands with any moving average and separate deviations up and down.',
    formula: 'MA(N) + Dup sigma(N), MA(N), MA(N) - Ddn sigma(N), population sigma',
    settings: [
      timeframe(5),
      real('Deviations Up', 2, -1000, 1000, 'optInNbDevUp'),
      real('Deviations Down', 2, -1000, 1000, 'optInNbDevDn'),
      maType('MA Type', 'optInMAType'),
    ],
    lines: bandLines('Bollinger Bands'),
  },
  {
    name: 'DEMA',
    talib: true,
    group: 'Overlap Studies',
    description: 'Mulloy’s double exponential moving average.',
    formula: '2 EMA(N) - EMA(EMA(N), N)',
    settings: [timeframe(30)],
    lines: single('Double EMA'),
  },
  {
    name: 'HT_TRENDLINE',
    talib: true,
    group: 'Overlap Studies',
    description: 'Ehlers’ instantaneous trendline: the price averaged over the dominant cycle.',
    formula: 'WMA(4) of the mean price over the Hilbert dominant cycle period',
    settings: [],
    lines: single('Hilbert Instantaneous Trendline'),
  },
  {
    name: 'KAMA',
    talib: true,
    group: 'Overlap Studies',
    description: 'Kaufman’s adaptive moving average: fast in trends, slow in noise.',
    formula: 'KAMA += (ER (2/3 - 2/31) + 2/31)^2 (C - KAMA), ER = |C - C[t-N]| / sum|dC|',
    settings: [timeframe(30)],
    lines: single('Kaufman Adaptive MA'),
  },
  {
    name: 'MA',
    talib: true,
    group: 'Overlap Studies',
    description: 'Moving average of the close of the chosen type.',
    formula: 'SMA, EMA, WMA, DEMA, TEMA, TRIMA, KAMA, MAMA or T3 over N bars',
    settings: [timeframe(30, 1), maType('MA Type', 'optInMAType')],
    lines: single('Moving Average'),
  },
  {
    name: 'MAMA',
    talib: true,
    group: 'Overlap Studies',
    description: 'Ehlers’ MESA adaptive moving average, its rate set by the Hilbert phase change.',
    formula:
      'MAMA = a C + (1 - a) MAMA, a = fast / dPhase within [slow, fast]; FAMA = a/2 MAMA + (1 - a/2) FAMA',
    settings: [
      real('Fast Limit', 0.5, 0.01, 0.99, 'optInFastLimit'),
      real('Slow Limit', 0.05, 0.01, 0.99, 'optInSlowLimit'),
    ],
    lines: [
      { line: 'outMAMA', label: 'MESA Adaptive MA (MAMA)' },
      { line: 'outFAMA', label: 'MESA Following Adaptive MA (FAMA)' },
    ],
  },
  {
    name: 'MAVP',
    talib: true,
    inputs: { inReal: 'close', inPeriods: 'HT_DCPERIOD of the close, 0 before its first value' },
    group: 'Overlap Studies',
    description: 'Moving average whose period follows the dominant cycle period (HT_DCPERIOD).',
    formula: 'MA(p[t])[t], p = whole HT_DCPERIOD within [min, max] (min before bar 32)',
    settings: [
      period('Min Period', 2, 'optInMinPeriod'),
      period('Max Period', 30, 'optInMaxPeriod'),
      maType('MA Type', 'optInMAType'),
    ],
    lines: single('Variable Period MA (Dominant Cycle)'),
  },
  {
    name: 'MIDPOINT',
    talib: true,
    group: 'Overlap Studies',
    description: 'Middle of the highest and lowest close of the last N bars.',
    formula: '(max(C, N) + min(C, N)) / 2',
    settings: [timeframe(14)],
    lines: single('Midpoint'),
  },
  {
    name: 'MIDPRICE',
    talib: true,
    group: 'Overlap Studies',
    description: 'Middle of the highest high and lowest low of the last N bars.',
    formula: '(HH(N) + LL(N)) / 2',
    settings: [timeframe(14)],
    lines: single('Midpoint Price'),
  },
  {
    name: 'SAREXT',
    talib: true,
    group: 'Overlap Studies',
    description: 'Parabolic SAR with its own accelerations for long and short; negative while short.',
    formula: 'SAR += AF (EP - SAR); output SAR long, -SAR short',
    settings: [
      real('Start Value', 0, -1e9, 1e9, 'optInStartValue'),
      real('Offset on Reverse', 0, 0, 1, 'optInOffsetOnReverse'),
      acceleration('Acceleration Init Long', 0.02, 'optInAccelerationInitLong'),
      acceleration('Acceleration Long', 0.02, 'optInAccelerationLong'),
      acceleration('Acceleration Max Long', 0.2, 'optInAccelerationMaxLong'),
      acceleration('Acceleration Init Short', 0.02, 'optInAccelerationInitShort'),
      acceleration('Acceleration Short', 0.02, 'optInAccelerationShort'),
      acceleration('Acceleration Max Short', 0.2, 'optInAccelerationMaxShort'),
    ],
    lines: single('Parabolic SAR Extended'),
  },
  {
    name: 'T3',
    talib: true,
    group: 'Overlap Studies',
    description: 'Tillson’s T3: six EMAs combined by the volume factor.',
    formula: 'c1 e6 + c2 e5 + c3 e4 + c4 e3 of six cascaded EMA(N)',
    settings: [timeframe(5), real('Volume Factor', 0.7, 0, 1, 'optInVFactor')],
    lines: single('T3 Moving Average'),
  },
  {
    name: 'TEMA',
    talib: true,
    group: 'Overlap Studies',
    description: 'Mulloy’s triple exponential moving average.',
    formula: '3 EMA - 3 EMA(EMA) + EMA(EMA(EMA))',
    settings: [timeframe(30)],
    lines: single('Triple EMA'),
  },
  {
    name: 'TRIMA',
    talib: true,
    group: 'Overlap Studies',
    description: 'Triangular moving average: an SMA of an SMA, weights peaking mid-window.',
    formula: 'SMA(SMA(C, ceil(N/2) or N/2), floor(N/2) + 1)',
    settings: [timeframe(30)],
    lines: single('Triangular MA'),
  },
  {
    name: 'WMA',
    talib: true,
    group: 'Overlap Studies',
    description: 'Linearly weighted moving average, newest bar heaviest.',
    formula: 'sum(i C[t-N+i]) / (N (N + 1) / 2), i = 1..N',
    settings: [timeframe(30)],
    lines: single('Weighted MA'),
  },
  // Momentum Indicators
  {
    name: 'ADX',
    talib: true,
    group: 'Momentum Indicators',
    description: 'Wilder’s average directional index: trend strength, 0 to 100.',
    formula: 'Wilder average of DX over N bars',
    settings: [timeframe(14)],
    lines: single('Average Directional Index'),
  },
  {
    name: 'ADXR',
    talib: true,
    group: 'Momentum Indicators',
    description: 'Average of today’s ADX and the ADX N - 1 bars ago.',
    formula: '(ADX + ADX[t-N+1]) / 2',
    settings: [timeframe(14)],
    lines: single('ADX Rating'),
  },
  {
    name: 'APO',
    talib: true,
    group: 'Momentum Indicators',
    description: 'Fast moving average minus slow moving average.',
    formula: 'MA(fast) - MA(slow)',
    settings: [...fastSlow, maType('MA Type', 'optInMAType')],
    lines: single('Absolute Price Oscillator'),
  },
  {
    name: 'AROON',
    talib: true,
    group: 'Momentum Indicators',
    description: 'Chande’s Aroon: how recent the highest high and lowest low of N + 1 bars are.',
    formula: 'up = 100 (N - bars since HH) / N, down = 100 (N - bars since LL) / N',
    settings: [timeframe(14)],
    lines: [
      { line: 'outAroonUp', label: 'Aroon Up', description: 'How recent the highest high is, 0 to 100.' },
      { line: 'outAroonDown', label: 'Aroon Down', description: 'How recent the lowest low is, 0 to 100.' },
    ],
  },
  {
    name: 'AROONOSC',
    talib: true,
    group: 'Momentum Indicators',
    description: 'Aroon up minus Aroon down.',
    formula: 'Aroon up - Aroon down',
    settings: [timeframe(14)],
    lines: single('Aroon Oscillator'),
  },
  {
    name: 'BOP',
    talib: true,
    group: 'Momentum Indicators',
    description: 'Balance of power: the bar’s body as a share of its range.',
    formula: '(C - O) / (H - L)',
    settings: [],
    lines: single('Balance of Power'),
  },
  {
    name: 'CCI',
    talib: true,
    group: 'Momentum Indicators',
    description: 'Lambert’s commodity channel index.',
    formula: '(TP - SMA(TP)) / (0.015 mean deviation), TP = (H + L + C) / 3',
    settings: [timeframe(14)],
    lines: single('Commodity Channel Index'),
  },
  {
    name: 'CMO',
    talib: true,
    group: 'Momentum Indicators',
    description: 'Chande momentum oscillator, -100 to 100.',
    formula: '100 (G - L) / (G + L), Wilder averages of gains and losses',
    settings: [timeframe(14)],
    lines: single('Chande Momentum Oscillator'),
  },
  {
    name: 'DX',
    talib: true,
    group: 'Momentum Indicators',
    description: 'Wilder’s directional movement index.',
    formula: '100 |+DI - -DI| / (+DI + -DI)',
    settings: [timeframe(14)],
    lines: single('Directional Movement Index'),
  },
  {
    name: 'IMI',
    talib: true,
    group: 'Momentum Indicators',
    description: 'Chande’s intraday momentum index: an RSI of the bars’ bodies.',
    formula: '100 sum(up bodies) / (sum(up bodies) + sum(down bodies)) over N bars',
    settings: [timeframe(14)],
    lines: single('Intraday Momentum Index'),
  },
  {
    name: 'MACDEXT',
    talib: true,
    group: 'Momentum Indicators',
    description: 'MACD with a moving average type for each line.',
    formula: 'MA(fast) - MA(slow); signal = MA(line); histogram = line - signal',
    settings: [
      period('Fast Period', 12, 'optInFastPeriod'),
      maType('Fast MA Type', 'optInFastMAType'),
      period('Slow Period', 26, 'optInSlowPeriod'),
      maType('Slow MA Type', 'optInSlowMAType'),
      period('Signal Period', 9, 'optInSignalPeriod', 1),
      maType('Signal MA Type', 'optInSignalMAType'),
    ],
    lines: macdLines('MACD Extended'),
  },
  {
    name: 'MACDFIX',
    talib: true,
    group: 'Momentum Indicators',
    description: 'MACD 12/26 with the fixed smoothing factors 0.15 and 0.075.',
    formula: 'EMA(k=0.15) - EMA(k=0.075); signal = EMA(line, N)',
    settings: [period('Signal Period', 9, 'optInSignalPeriod')],
    lines: macdLines('MACD Fixed'),
  },
  {
    name: 'MINUS_DI',
    talib: true,
    group: 'Momentum Indicators',
    description: 'Wilder’s minus directional indicator.',
    formula: '100 smoothed -DM / smoothed TR',
    settings: [timeframe(14)],
    lines: single('Minus Directional Indicator'),
  },
  {
    name: 'MINUS_DM',
    talib: true,
    group: 'Momentum Indicators',
    description: 'Wilder-smoothed minus directional movement.',
    formula: 'S = S - S/N + -DM, -DM = L[t-1] - L when it exceeds the rise',
    settings: [timeframe(14)],
    lines: single('Minus Directional Movement'),
  },
  {
    name: 'PLUS_DI',
    talib: true,
    group: 'Momentum Indicators',
    description: 'Wilder’s plus directional indicator.',
    formula: '100 smoothed +DM / smoothed TR',
    settings: [timeframe(14)],
    lines: single('Plus Directional Indicator'),
  },
  {
    name: 'PLUS_DM',
    talib: true,
    group: 'Momentum Indicators',
    description: 'Wilder-smoothed plus directional movement.',
    formula: 'S = S - S/N + +DM, +DM = H - H[t-1] when it exceeds the fall',
    settings: [timeframe(14)],
    lines: single('Plus Directional Movement'),
  },
  {
    name: 'PPO',
    talib: true,
    group: 'Momentum Indicators',
    description: 'Percentage price oscillator: the APO as a percent of the slow average.',
    formula: '(MA(fast) - MA(slow)) / MA(slow) * 100',
    settings: [...fastSlow, maType('MA Type', 'optInMAType')],
    lines: single('Percentage Price Oscillator'),
  },
  {
    name: 'ROCP',
    talib: true,
    group: 'Momentum Indicators',
    description: 'Rate of change as a fraction.',
    formula: '(C - C[t-N]) / C[t-N]',
    settings: [timeframe(10, 1)],
    lines: single('Rate of Change Percentage'),
  },
  {
    name: 'ROCR',
    talib: true,
    group: 'Momentum Indicators',
    description: 'Rate of change as a ratio.',
    formula: 'C / C[t-N]',
    settings: [timeframe(10, 1)],
    lines: single('Rate of Change Ratio'),
  },
  {
    name: 'ROCR100',
    talib: true,
    group: 'Momentum Indicators',
    description: 'Rate of change as a ratio times 100.',
    formula: 'C / C[t-N] * 100',
    settings: [timeframe(10, 1)],
    lines: single('Rate of Change Ratio 100'),
  },
  {
    name: 'STOCH',
    talib: true,
    group: 'Momentum Indicators',
    description: 'Slow stochastic with a moving average type for %K and %D.',
    formula: 'slow %K = MA(fast %K, SK), %D = MA(slow %K, SD)',
    settings: [
      period('Fast K Period', 5, 'optInFastK_Period', 1),
      period('Slow K Period', 3, 'optInSlowK_Period', 1),
      maType('Slow K MA Type', 'optInSlowK_MAType'),
      period('Slow D Period', 3, 'optInSlowD_Period', 1),
      maType('Slow D MA Type', 'optInSlowD_MAType'),
    ],
    lines: [
      { line: 'outSlowK', label: 'Stochastic Slow %K' },
      { line: 'outSlowD', label: 'Stochastic Slow %D' },
    ],
  },
  {
    name: 'STOCHF',
    talib: true,
    group: 'Momentum Indicators',
    description: 'Fast stochastic: raw %K and its moving average %D.',
    formula: '%K = 100 (C - LL(K)) / (HH(K) - LL(K)), %D = MA(%K, D)',
    settings: [
      period('Fast K Period', 5, 'optInFastK_Period', 1),
      period('Fast D Period', 3, 'optInFastD_Period', 1),
      maType('Fast D MA Type', 'optInFastD_MAType'),
    ],
    lines: [
      { line: 'outFastK', label: 'Stochastic Fast %K' },
      { line: 'outFastD', label: 'Stochastic Fast %D' },
    ],
  },
  {
    name: 'STOCHRSI',
    talib: true,
    group: 'Momentum Indicators',
    description: 'Stochastic of the RSI (Chande and Kroll).',
    formula: '%K = 100 (RSI - min RSI(K)) / (max RSI(K) - min RSI(K)), %D = MA(%K, D)',
    settings: [
      timeframe(14),
      period('Fast K Period', 5, 'optInFastK_Period', 1),
      period('Fast D Period', 3, 'optInFastD_Period', 1),
      maType('Fast D MA Type', 'optInFastD_MAType'),
    ],
    lines: [
      { line: 'outFastK', label: 'Stochastic RSI %K' },
      { line: 'outFastD', label: 'Stochastic RSI %D' },
    ],
  },
  {
    name: 'TRIX',
    talib: true,
    group: 'Momentum Indicators',
    description: 'Hutson’s TRIX: one-bar rate of change of a triple EMA, in percent.',
    formula: 'ROC(EMA(EMA(EMA(C, N), N), N), 1)',
    // From 2: TA-Lib accepts 1 but then writes past its buffer (heap corruption).
    settings: [timeframe(30)],
    lines: single('TRIX'),
  },
  {
    name: 'ULTOSC',
    talib: true,
    group: 'Momentum Indicators',
    description: 'Williams’ ultimate oscillator over three periods.',
    formula: '100 (4 A1 + 2 A2 + A3) / 7, Ai = sum(C - min(L, C[t-1])) / sum(TR) over period i',
    settings: [
      // From 2: with all periods 1 TA-Lib reads the close before the first bar.
      period('Timeframe 1', 7, 'optInTimePeriod1'),
      period('Timeframe 2', 14, 'optInTimePeriod2'),
      period('Timeframe 3', 28, 'optInTimePeriod3'),
    ],
    lines: single('Ultimate Oscillator'),
  },
  // Volatility Indicators
  {
    name: 'NATR',
    talib: true,
    group: 'Volatility Indicators',
    description: 'ATR as a percent of the close.',
    formula: 'ATR(N) / C * 100',
    // From 2: at 1 TA-Lib returns the true range itself, not normalized.
    settings: [timeframe(14)],
    lines: single('Normalized ATR'),
  },
  {
    name: 'TRANGE',
    talib: true,
    group: 'Volatility Indicators',
    description: 'Wilder’s true range of the bar.',
    formula: 'max(H - L, |H - C[t-1]|, |L - C[t-1]|)',
    settings: [],
    lines: single('True Range'),
  },
  // Volume Indicators
  {
    name: 'AD',
    talib: true,
    group: 'Volume Indicators',
    description: 'Chaikin’s accumulation/distribution line.',
    formula: 'AD += ((C - L) - (H - C)) / (H - L) * V',
    settings: [],
    lines: single('Chaikin A/D Line'),
  },
  // Cycle Indicators
  {
    name: 'HT_DCPERIOD',
    talib: true,
    group: 'Cycle Indicators',
    description: 'Ehlers’ dominant cycle period in bars, from the Hilbert transform.',
    formula: 'smoothed 360 / atan(Im / Re) of the Hilbert in-phase and quadrature',
    settings: [],
    lines: single('Hilbert Dominant Cycle Period'),
  },
  {
    name: 'HT_DCPHASE',
    talib: true,
    group: 'Cycle Indicators',
    description: 'Ehlers’ dominant cycle phase in degrees.',
    formula: 'atan of the DFT of the smoothed price over the dominant cycle',
    settings: [],
    lines: single('Hilbert Dominant Cycle Phase'),
  },
  {
    name: 'HT_PHASOR',
    talib: true,
    group: 'Cycle Indicators',
    description: 'Ehlers’ phasor components of the detrended price.',
    formula: 'I1 = detrender[t-3], Q1 = Hilbert(detrender)',
    settings: [],
    lines: [
      { line: 'outInPhase', label: 'Hilbert Phasor In-Phase' },
      { line: 'outQuadrature', label: 'Hilbert Phasor Quadrature' },
    ],
  },
  {
    name: 'HT_SINE',
    talib: true,
    group: 'Cycle Indicators',
    description: 'Ehlers’ sine wave of the dominant cycle phase and its 45-degree lead.',
    formula: 'sin(phase), sin(phase + 45)',
    settings: [],
    lines: [
      { line: 'outSine', label: 'Hilbert Sine Wave' },
      { line: 'outLeadSine', label: 'Hilbert Lead Sine Wave' },
    ],
  },
  {
    name: 'HT_TRENDMODE',
    talib: true,
    group: 'Cycle Indicators',
    description: 'Ehlers’ trend (1) versus cycle (0) mode.',
    formula: '0 after a sine/lead-sine cross for half a cycle, 1 when price is 1.5% off the trendline',
    settings: [],
    lines: [{ line: 'outInteger', label: 'Hilbert Trend vs Cycle Mode' }],
  },
  // Statistic Functions
  {
    name: 'BETA',
    talib: true,
    inputs: { inReal0: 'high', inReal1: 'low' },
    group: 'Statistic Functions',
    description: 'Beta of the lows’ returns on the highs’ returns over N bars.',
    formula: '(N Sxy - Sx Sy) / (N Sxx - Sx^2) of one-bar returns, x = high, y = low',
    settings: [timeframe(5, 1)],
    lines: single('Beta (High, Low)'),
  },
  {
    name: 'CORREL',
    talib: true,
    inputs: { inReal0: 'high', inReal1: 'low' },
    group: 'Statistic Functions',
    description: 'Pearson correlation of the highs and lows over N bars.',
    formula: 'cov(H, L) / (sigma(H) sigma(L))',
    settings: [timeframe(30, 1)],
    lines: single('Correlation (High, Low)'),
  },
  {
    name: 'LINEARREG',
    talib: true,
    group: 'Statistic Functions',
    description: 'End point of the least-squares line through the last N closes.',
    formula: 'b + m (N - 1)',
    settings: [timeframe(14)],
    lines: single('Linear Regression'),
  },
  {
    name: 'LINEARREG_ANGLE',
    talib: true,
    group: 'Statistic Functions',
    description: 'Angle of the least-squares line, in degrees.',
    formula: 'atan(m) * 180 / pi',
    settings: [timeframe(14)],
    lines: single('Linear Regression Angle'),
  },
  {
    name: 'LINEARREG_INTERCEPT',
    talib: true,
    group: 'Statistic Functions',
    description: 'The least-squares line’s value at the oldest of the N bars.',
    formula: 'b = (sum(C) - m sum(x)) / N',
    settings: [timeframe(14)],
    lines: single('Linear Regression Intercept'),
  },
  {
    name: 'LINEARREG_SLOPE',
    talib: true,
    group: 'Statistic Functions',
    description: 'Slope of the least-squares line per bar.',
    formula: 'm = (N sum(xC) - sum(x) sum(C)) / (N sum(x^2) - sum(x)^2)',
    settings: [timeframe(14)],
    lines: single('Linear Regression Slope'),
  },
  {
    name: 'STDDEV',
    talib: true,
    group: 'Statistic Functions',
    description: 'Population standard deviation of the last N closes, times D.',
    formula: 'sqrt(mean(C^2) - mean(C)^2) * D',
    settings: [timeframe(5), real('Deviations', 1, -1000, 1000, 'optInNbDev')],
    lines: single('Standard Deviation'),
  },
  {
    name: 'TSF',
    talib: true,
    group: 'Statistic Functions',
    description: 'Time series forecast: the least-squares line extended one bar.',
    formula: 'b + m N',
    settings: [timeframe(14)],
    lines: single('Time Series Forecast'),
  },
  {
    name: 'VAR',
    talib: true,
    group: 'Statistic Functions',
    description: 'Population variance of the last N closes.',
    formula: 'mean(C^2) - mean(C)^2',
    settings: [timeframe(5, 1)],
    lines: single('Variance'),
  },
  // Math Operators: only MINMAX, the rolling extremes of the close. (MINMAXINDEX, MAXINDEX and
  // MININDEX give absolute bar numbers, which change with the bars a backtest loads before its
  // start; MIN and MAX are MINMAX's two lines; the other operators combine two series.)
  {
    name: 'MINMAX',
    talib: true,
    group: 'Math Operators',
    description: 'Lowest and highest close of the last N bars.',
    formula: 'min(C, N), max(C, N)',
    settings: [timeframe(30)],
    lines: [
      {
        line: 'outMin',
        label: 'Rolling Minimum',
        description: 'Lowest close of the last N bars.',
        formula: 'min(C, N)',
      },
      {
        line: 'outMax',
        label: 'Rolling Maximum',
        description: 'Highest close of the last N bars.',
        formula: 'max(C, N)',
      },
    ],
  },
  // Price Transform
  {
    name: 'AVGPRICE',
    talib: true,
    group: 'Price Transform',
    description: 'Mean of the bar’s four prices.',
    formula: '(O + H + L + C) / 4',
    settings: [],
    lines: single('Average Price'),
  },
  {
    name: 'AVGDEV',
    talib: true,
    group: 'Price Transform',
    description: 'Mean absolute deviation of the last N closes from their mean.',
    formula: 'sum(|C - mean(C)|) / N',
    settings: [timeframe(14)],
    lines: single('Average Deviation'),
  },
  {
    name: 'MEDPRICE',
    talib: true,
    group: 'Price Transform',
    description: 'Middle of the bar’s range.',
    formula: '(H + L) / 2',
    settings: [],
    lines: single('Median Price'),
  },
  {
    name: 'TYPPRICE',
    talib: true,
    group: 'Price Transform',
    description: 'Typical price.',
    formula: '(H + L + C) / 3',
    settings: [],
    lines: single('Typical Price'),
  },
  {
    name: 'WCLPRICE',
    talib: true,
    group: 'Price Transform',
    description: 'Weighted close price.',
    formula: '(H + L + 2C) / 4',
    settings: [],
    lines: single('Weighted Close Price'),
  },
];

const PINE = 'TradingView Pine Script v5 reference manual';

const TRADINGVIEW_STUDIES: readonly Study[] = [
  {
    name: 'SUPERTREND',
    talib: false,
    group: 'Overlap Studies',
    description: 'Supertrend: an ATR trailing band that flips with the trend.',
    formula: '(H + L) / 2 -/+ factor * ATR(N), the lower band in an up trend, the upper in a down trend',
    source: `${PINE}, ta.supertrend`,
    settings: [real('Factor', 3, 0.01, 100), period('ATR Timeframe', 10, undefined, 1)],
    lines: [
      { line: 'supertrend', label: 'Supertrend' },
      {
        line: 'direction',
        label: 'Supertrend Direction',
        description: 'Supertrend direction: -1 in an up trend, 1 in a down trend (as TradingView).',
        formula: '-1 while the close holds above the lower band, 1 while below the upper band',
      },
    ],
  },
  {
    name: 'KELTNER',
    talib: false,
    group: 'Overlap Studies',
    description: 'Keltner channels: an EMA with ATR bands.',
    formula: 'EMA(C, N) +/- multiplier * ATR(M)',
    source: `${PINE}, built-in "Keltner Channels" (EMA basis, ATR bands); Chester Keltner (1960)`,
    settings: [
      period('Timeframe', 20, undefined, 1),
      real('Multiplier', 2, 0.01, 100),
      period('ATR Timeframe', 10, undefined, 1),
    ],
    lines: [
      { line: 'upper', label: 'Keltner Channel Upper' },
      { line: 'middle', label: 'Keltner Channel Middle' },
      { line: 'lower', label: 'Keltner Channel Lower' },
    ],
  },
  {
    name: 'DONCHIAN',
    talib: false,
    group: 'Overlap Studies',
    description: 'Donchian channels: the highest high and lowest low of N bars and their middle.',
    formula: 'HH(N), (HH(N) + LL(N)) / 2, LL(N)',
    source: `${PINE}, built-in "Donchian Channels"; Richard Donchian`,
    settings: [period('Timeframe', 20, undefined, 1)],
    lines: [
      { line: 'upper', label: 'Donchian Channel Upper' },
      { line: 'middle', label: 'Donchian Channel Middle' },
      { line: 'lower', label: 'Donchian Channel Lower' },
    ],
  },
  {
    name: 'HMA',
    talib: false,
    group: 'Overlap Studies',
    description: 'Hull moving average: a fast, smooth WMA combination.',
    formula: 'WMA(2 WMA(C, floor(N/2)) - WMA(C, N), floor(sqrt(N)))',
    source: `Alan Hull (2005); ${PINE}, ta.hma`,
    settings: [period('Timeframe', 9, undefined, 2)],
    lines: [{ line: 'hma', label: 'Hull MA' }],
  },
  {
    name: 'VWMA',
    talib: false,
    group: 'Overlap Studies',
    description: 'Volume-weighted moving average of the close.',
    formula: 'sum(C V) / sum(V) over N bars (SMA of C when no volume traded)',
    source: `${PINE}, ta.vwma`,
    settings: [period('Timeframe', 20, undefined, 1)],
    lines: [{ line: 'vwma', label: 'VWMA' }],
  },
  {
    name: 'ZLEMA',
    talib: false,
    group: 'Overlap Studies',
    description: 'Zero-lag EMA: an EMA of the price with its lag removed.',
    formula: 'EMA(2 C - C[t - floor((N - 1) / 2)], N)',
    source: 'John Ehlers and Ric Way, "Zero Lag (Well, Almost)", TASC November 2010',
    settings: [period('Timeframe', 20, undefined, 1)],
    lines: [{ line: 'zlema', label: 'ZLEMA' }],
  },
  {
    name: 'HEIKIN_ASHI',
    talib: false,
    group: 'Price Transform',
    description: 'Heikin-Ashi candles: averaged bars that smooth the trend.',
    formula: 'close = (O + H + L + C) / 4, open = (open[t-1] + close[t-1]) / 2, high/low include both',
    source: 'Dan Valcu, "Using the Heikin-Ashi Technique", TASC February 2004',
    settings: [],
    lines: [
      {
        line: 'open',
        label: 'Heikin-Ashi Open',
        formula: '(HA open[t-1] + HA close[t-1]) / 2; first (O + C) / 2',
      },
      { line: 'high', label: 'Heikin-Ashi High', formula: 'max(H, HA open, HA close)' },
      { line: 'low', label: 'Heikin-Ashi Low', formula: 'min(L, HA open, HA close)' },
      { line: 'close', label: 'Heikin-Ashi Close', formula: '(O + H + L + C) / 4' },
    ],
  },
];

function studyEntries(study: Study): Omit<CatalogueEntry, 'aliases'>[] {
  return study.lines.map((line) => ({
    label: line.label,
    group: study.group,
    plan: 'pro',
    description: line.description ?? study.description,
    formula: line.formula ?? study.formula,
    settings: study.settings,
    ...(study.talib
      ? {
          talib: {
            function: study.name,
            output: line.line,
            ...(study.inputs ? { inputs: study.inputs } : {}),
          },
        }
      : {}),
    ...(study.source ? { source: study.source } : {}),
    study: { name: study.name, line: line.line },
  }));
}

// ---------------------------------------------------------------------------------------------
// Aliases: what traders type for an entry besides its label (TradingView, MetaTrader and TA-Lib
// names). An entry's TA-Lib function name counts as an alias without being listed.

const BOLLINGER = ['BB', 'Bollinger Bands', 'BBands'];
const ICHIMOKU_CLOUD = ['Ichimoku Cloud', 'Kumo'];
const DMI = ['DMI', 'Directional Movement'];
const STOCHASTIC = ['Stoch', 'Stochastic Oscillator'];
const HEIKIN_ASHI = ['HA', 'Heiken Ashi', 'Heikin Ashi candles'];

const ALIASES: Readonly<Record<string, readonly string[]>> = {
  OBV: ['On Balance Volume'],
  'Pivot Point': ['PP', 'Pivots', 'Floor Pivots'],
  'Support 1': ['S1', 'Pivots'],
  'Support 2': ['S2', 'Pivots'],
  'Resistance 1': ['R1', 'Pivots'],
  'Resistance 2': ['R2', 'Pivots'],
  'Open Price': ['Open'],
  'High Price': ['High'],
  'Low Price': ['Low'],
  'Close Price': ['Close', 'Price'],
  VWAP: ['Volume Weighted Average Price'],
  EMA: ['Exponential Moving Average', 'XMA'],
  SMA: ['MA', 'Moving Average', 'Simple Moving Average'],
  'Bollinger Upper': [...BOLLINGER, 'BB Upper', 'Upper Band'],
  'Bollinger Middle': [...BOLLINGER, 'BB Middle', 'BB Basis'],
  'Bollinger Lower': [...BOLLINGER, 'BB Lower', 'Lower Band'],
  'Williams %R': ['%R', 'WPR', 'Williams Percent Range'],
  'Momentum Oscillators': ['MOM', 'Momentum'],
  ATR: ['Average True Range'],
  ROC: ['Rate of Change'],
  'Elder-Ray Bull Power': ['Elder Ray', 'Bull Power', 'Bull Bear Power'],
  'Elder-Ray Bear Power': ['Elder Ray', 'Bear Power', 'Bull Bear Power'],
  'Chaikin Oscillator': ['Chaikin A/D Oscillator', 'CO'],
  'Parabolic SAR': ['PSAR', 'SAR', 'Stop and Reverse'],
  'Ichimoku tenkan_sen': [...ICHIMOKU_CLOUD, 'Tenkan', 'Conversion Line'],
  'Ichimoku kijun_sen': [...ICHIMOKU_CLOUD, 'Kijun', 'Base Line'],
  'Ichimoku senkou_span_a': [...ICHIMOKU_CLOUD, 'Senkou Span A', 'Leading Span A'],
  'Ichimoku senkou_span_b': [...ICHIMOKU_CLOUD, 'Senkou Span B', 'Leading Span B'],
  'Ichimoku chikou_span': [...ICHIMOKU_CLOUD, 'Chikou', 'Lagging Span'],
  'MACD macd line': ['MACD', 'MACD Line', 'Moving Average Convergence Divergence'],
  'MACD green line': ['MACD Signal', 'Signal Line'],
  'MACD histogram': ['MACD Hist', 'MACD Histogram'],
  RSI: ['Relative Strength Index'],
  'Stochastic %K': [...STOCHASTIC, '%K', 'Slow %K'],
  'Stochastic %D': [...STOCHASTIC, '%D', 'Slow %D'],
  MFI: ['Money Flow Index'],
  'Acceleration Bands Upper': ['Headley Bands'],
  'Acceleration Bands Middle': ['Headley Bands'],
  'Acceleration Bands Lower': ['Headley Bands'],
  'Bollinger Bands Upper': [...BOLLINGER, 'BB Upper'],
  'Bollinger Bands Middle': [...BOLLINGER, 'BB Basis'],
  'Bollinger Bands Lower': [...BOLLINGER, 'BB Lower'],
  'Double EMA': ['Double Exponential Moving Average'],
  'Kaufman Adaptive MA': ['AMA', 'Kaufman Adaptive Moving Average'],
  'Moving Average': ['MA Type'],
  'T3 Moving Average': ['Tillson T3'],
  'Triple EMA': ['Triple Exponential Moving Average'],
  'Triangular MA': ['Triangular Moving Average'],
  'Weighted MA': ['LWMA', 'Weighted Moving Average', 'Linear Weighted Moving Average'],
  'Average Directional Index': [...DMI],
  'ADX Rating': ['Average Directional Movement Rating'],
  'Aroon Oscillator': ['Aroon Osc'],
  'Commodity Channel Index': ['CCI'],
  'Chande Momentum Oscillator': ['CMO'],
  'Directional Movement Index': [...DMI],
  'Intraday Momentum Index': ['IMI'],
  'Minus Directional Indicator': [...DMI, '-DI', 'DI-', 'Negative Directional Indicator'],
  'Minus Directional Movement': ['-DM', 'DM-'],
  'Plus Directional Indicator': [...DMI, '+DI', 'DI+', 'Positive Directional Indicator'],
  'Plus Directional Movement': ['+DM', 'DM+'],
  'Percentage Price Oscillator': ['PPO'],
  'Stochastic Slow %K': [...STOCHASTIC, '%K'],
  'Stochastic Slow %D': [...STOCHASTIC, '%D'],
  'Stochastic Fast %K': [...STOCHASTIC, '%K', 'Fast Stochastic'],
  'Stochastic Fast %D': [...STOCHASTIC, '%D', 'Fast Stochastic'],
  'Stochastic RSI %K': ['StochRSI', 'Stoch RSI', '%K'],
  'Stochastic RSI %D': ['StochRSI', 'Stoch RSI', '%D'],
  'Ultimate Oscillator': ['UO', 'ULTOSC'],
  'Normalized ATR': ['NATR', 'ATR Percent'],
  'True Range': ['TR'],
  'Chaikin A/D Line': ['ADL', 'Accumulation Distribution', 'Accumulation/Distribution Line'],
  'Linear Regression': ['LinReg', 'LSMA', 'Least Squares Moving Average'],
  'Standard Deviation': ['StdDev', 'SD'],
  'Time Series Forecast': ['TSF'],
  'Rolling Minimum': ['Lowest', 'Min'],
  'Rolling Maximum': ['Highest', 'Max'],
  'Median Price': ['HL2'],
  'Typical Price': ['HLC3'],
  'Weighted Close Price': ['HLCC4'],
  'Average Deviation': ['Mean Absolute Deviation'],
  Supertrend: ['ST', 'Super Trend'],
  'Supertrend Direction': ['Super Trend'],
  'Keltner Channel Upper': ['KC', 'Keltner Channels'],
  'Keltner Channel Middle': ['KC', 'Keltner Channels'],
  'Keltner Channel Lower': ['KC', 'Keltner Channels'],
  'Donchian Channel Upper': ['DC', 'Donchian Channels', 'Price Channel'],
  'Donchian Channel Middle': ['DC', 'Donchian Channels', 'Price Channel'],
  'Donchian Channel Lower': ['DC', 'Donchian Channels', 'Price Channel'],
  'Hull MA': ['HMA', 'Hull Moving Average'],
  VWMA: ['Volume Weighted Moving Average'],
  ZLEMA: ['Zero Lag EMA', 'Zero Lag Exponential Moving Average'],
  'Heikin-Ashi Open': HEIKIN_ASHI,
  'Heikin-Ashi High': HEIKIN_ASHI,
  'Heikin-Ashi Low': HEIKIN_ASHI,
  'Heikin-Ashi Close': HEIKIN_ASHI,
};

/** Every entry: the spec's crossover then value-based lists, then the pro studies. */
export const INDICATOR_CATALOGUE: readonly CatalogueEntry[] = [
  ...[...CROSSOVER_INDICATORS, ...VALUE_INDICATORS].map(specEntry),
  ...[...TALIB_STUDIES, ...TRADINGVIEW_STUDIES].flatMap(studyEntries),
].map((entry) => ({ ...entry, aliases: ALIASES[entry.label] ?? [] }));

const byLabel = new Map(INDICATOR_CATALOGUE.map((entry) => [entry.label, entry]));
for (const label of Object.keys(ALIASES)) {
  if (!byLabel.has(label)) throw new Error(`Aliases for ${label}, which is not in the catalogue`);
}

/** The catalogue entry of a label, or undefined. */
export function catalogueEntry(label: string): CatalogueEntry | undefined {
  return byLabel.get(label);
}

/** Labels of the pro entries (usable on either side of a row). */
export const PRO_INDICATOR_LABELS: readonly string[] = INDICATOR_CATALOGUE.filter(
  (entry) => entry.plan === 'pro',
).map((entry) => entry.label);

/**
 * A setting's value from the text or number a request carries (blank = the default):
 * { value } or { error } with a message naming the setting.
 */
export function parseSettingValue(
  setting: CatalogueSetting,
  raw: string | number | undefined,
): { value: number | null } | { error: string } {
  if (raw === undefined || (typeof raw === 'string' && raw.trim() === ''))
    return { value: setting.defaultValue };
  const text = typeof raw === 'string' ? raw.trim() : '';
  if (setting.kind === 'maType') {
    const byName = MA_TYPE_NAMES.indexOf(text.toUpperCase() as (typeof MA_TYPE_NAMES)[number]);
    if (byName >= 0) return { value: byName };
    const code = typeof raw === 'number' ? raw : Number(text);
    if (Number.isInteger(code) && code >= 0 && code < MA_TYPE_NAMES.length) return { value: code };
    return { error: `${setting.label} must be one of ${MA_TYPE_NAMES.join(', ')} (or its code 0 to 8)` };
  }
  const value = typeof raw === 'number' ? raw : Number(text);
  if (setting.kind === 'period') {
    if (!Number.isInteger(value) || value < setting.min || value > setting.max) {
      return {
        error: `${setting.label} must be a whole number of bars from ${setting.min} to ${setting.max}`,
      };
    }
    return { value };
  }
  if (!Number.isFinite(value) || value < setting.min || value > setting.max) {
    return { error: `${setting.label} must be a number from ${setting.min} to ${setting.max}` };
  }
  return { value };
}
