/**
 * One indicator line of a strategy row as code: a Pine Script v6 expression and a Python
 * expression over backtesting.py's `self.data` (TA-Lib through its abstract API, by the same
 * function, output line and settings the catalogue names), or why there is none.
 */
import { catalogueEntry, parseSettingValue } from '../../shared/indicator-catalogue';

/** An indicator with its settings resolved (blank = the catalogue's default). */
export interface ResolvedIndicator {
  label: string;
  /** Setting label -> value (null: no fixed default, VWAP's session reset). */
  settings: Record<string, number | null>;
}

export function resolveIndicator(label: string, raw: Record<string, string>): ResolvedIndicator {
  const settings: Record<string, number | null> = {};
  for (const setting of catalogueEntry(label)?.settings ?? []) {
    const parsed = parseSettingValue(setting, raw[setting.label]);
    settings[setting.label] = 'value' in parsed ? parsed.value : setting.defaultValue;
  }
  return { label, settings };
}

/** Code for one language, or the reason the language has no equivalent. */
export type Code = { code: string; helpers?: readonly PythonHelper[] } | { missing: string };

/** "SMA(Timeframe=10)": how a comment names an indicator and its settings. */
export function describe({ label, settings }: ResolvedIndicator): string {
  const parts = Object.entries(settings).map(([name, value]) => `${name}=${value ?? 'session'}`);
  return parts.length === 0 ? label : `${label}(${parts.join(', ')})`;
}

const n = (indicator: ResolvedIndicator, setting: string) => String(indicator.settings[setting]);

// ---------------------------------------------------------------------------------------------
// Pine Script v6

const PINE_PIVOTS =
  'request.security(syminfo.tickerid, "D", [high[1], low[1], close[1]], lookahead = barmerge.lookahead_on)';

/** The builder's indicators in Pine; pivots read the previous daily bar through request.security. */
const PINE: Record<string, (i: ResolvedIndicator) => string> = {
  OBV: () => 'ta.obv',
  'Open Price': () => 'open',
  'High Price': () => 'high',
  'Low Price': () => 'low',
  'Close Price': () => 'close',
  VWAP: (i) => (i.settings.Timeframe === null ? 'ta.vwap(hlc3)' : `ta.vwma(hlc3, ${n(i, 'Timeframe')})`),
  EMA: (i) => `ta.ema(close, ${n(i, 'Timeframe')})`,
  SMA: (i) => `ta.sma(close, ${n(i, 'Timeframe')})`,
  'Bollinger Upper': (i) => `ta.sma(close, ${n(i, 'Timeframe')}) + 2 * ta.stdev(close, ${n(i, 'Timeframe')})`,
  'Bollinger Middle': (i) => `ta.sma(close, ${n(i, 'Timeframe')})`,
  'Bollinger Lower': (i) => `ta.sma(close, ${n(i, 'Timeframe')}) - 2 * ta.stdev(close, ${n(i, 'Timeframe')})`,
  'Williams %R': (i) => `ta.wpr(${n(i, 'Timeframe')})`,
  'Momentum Oscillators': (i) => `ta.mom(close, ${n(i, 'Timeframe')})`,
  ATR: (i) => `ta.atr(${n(i, 'Timeframe')})`,
  ROC: (i) => `ta.roc(close, ${n(i, 'Timeframe')})`,
  'Elder-Ray Bull Power': (i) => `high - ta.ema(close, ${n(i, 'Timeframe')})`,
  'Elder-Ray Bear Power': (i) => `low - ta.ema(close, ${n(i, 'Timeframe')})`,
  'Chaikin Oscillator': (i) =>
    `ta.ema(ta.accdist, ${n(i, 'Short EMA Timeframe')}) - ta.ema(ta.accdist, ${n(i, 'Long EMA Timeframe')})`,
  'Parabolic SAR': () => 'ta.sar(0.02, 0.02, 0.2)',
  'Ichimoku tenkan_sen': (i) => midpricePine(n(i, 'Timeframe 1')),
  'Ichimoku kijun_sen': (i) => midpricePine(n(i, 'Timeframe 2')),
  'Ichimoku senkou_span_a': (i) =>
    `((${midpricePine(n(i, 'Timeframe 1'))} + ${midpricePine(n(i, 'Timeframe 2'))}) / 2)[${n(i, 'Timeframe 2')}]`,
  'Ichimoku senkou_span_b': (i) => `(${midpricePine(n(i, 'Timeframe 3'))})[${n(i, 'Timeframe 2')}]`,
  'Ichimoku chikou_span': () => 'close',
  'MACD macd line': (i) => `ta.ema(close, ${n(i, 'Fast Period')}) - ta.ema(close, ${n(i, 'Slow Period')})`,
  'MACD green line': (i) => `ta.ema(${PINE['MACD macd line']!(i)}, ${n(i, 'Signal Period')})`,
  'MACD histogram': (i) => `${PINE['MACD macd line']!(i)} - ${PINE['MACD green line']!(i)}`,
  RSI: (i) => `ta.rsi(close, ${n(i, 'Timeframe')})`,
  'Stochastic %K': (i) =>
    `ta.sma(ta.stoch(close, high, low, ${n(i, 'Fast K Period')}), ${n(i, 'Slow K Period')})`,
  'Stochastic %D': (i) => `ta.sma(${PINE['Stochastic %K']!(i)}, ${n(i, 'Slow D Period')})`,
  MFI: (i) => `ta.mfi(hlc3, ${n(i, 'Timeframe')})`,
  'Pivot Point': () => 'pivotPoint',
  'Support 1': () => '2 * pivotPoint - prevHigh',
  'Support 2': () => 'pivotPoint - (prevHigh - prevLow)',
  'Resistance 1': () => '2 * pivotPoint - prevLow',
  'Resistance 2': () => 'pivotPoint + (prevHigh - prevLow)',
};

function midpricePine(period: string): string {
  return `math.avg(ta.highest(high, ${period}), ta.lowest(low, ${period}))`;
}

export const PINE_PIVOT_LABELS = new Set([
  'Pivot Point',
  'Support 1',
  'Support 2',
  'Resistance 1',
  'Resistance 2',
]);

/** The lines a Pine script declares before using the pivot levels. */
export const PINE_PIVOT_DECLARATIONS = [
  `[prevHigh, prevLow, prevClose] = ${PINE_PIVOTS}`,
  'pivotPoint = (prevHigh + prevLow + prevClose) / 3',
];

export function pineIndicator(indicator: ResolvedIndicator): Code {
  const write = PINE[indicator.label];
  if (write) return { code: write(indicator) };
  const talib = catalogueEntry(indicator.label)?.talib;
  return {
    missing: talib
      ? `Pine has no built-in equal to TA-Lib's ${talib.function} (${talib.output})`
      : `Pine has no built-in for ${indicator.label}`,
  };
}

// ---------------------------------------------------------------------------------------------
// Python (backtesting.py + TA-Lib)

/** Functions the Python file defines only when a row uses them. */
export type PythonHelper =
  'ta_line' | 'vwap' | 'session_vwap' | 'elder_power' | 'pivots' | 'midprice_shifted';

/** TA-Lib's Python names: optInFastK_Period -> fastk_period. */
const pythonParameter = (optIn: string) => optIn.replace(/^optIn/, '').toLowerCase();

/** TA-Lib's Python output names: outRealUpperBand -> upperband, outMACDSignal -> macdsignal. */
export function pythonOutput(output: string): string {
  const name = output.replace(/^out/, '').toLowerCase();
  return name.startsWith('real') && !['real', 'real0', 'real1'].includes(name) ? name.slice(4) : name;
}

/** Indicators TA-Lib lacks, written with the helpers (python.ts defines them). */
const PYTHON_OWN: Record<string, (i: ResolvedIndicator) => Code> = {
  'Open Price': () => ({ code: "self.I(lambda d: d.Open, self.data, name='Open')" }),
  'High Price': () => ({ code: "self.I(lambda d: d.High, self.data, name='High')" }),
  'Low Price': () => ({ code: "self.I(lambda d: d.Low, self.data, name='Low')" }),
  'Close Price': () => ({ code: "self.I(lambda d: d.Close, self.data, name='Close')" }),
  VWAP: (i) =>
    i.settings.Timeframe === null
      ? { code: "self.I(session_vwap, self.data, name='VWAP')", helpers: ['session_vwap'] }
      : { code: `self.I(vwap, self.data, ${n(i, 'Timeframe')}, name='VWAP')`, helpers: ['vwap'] },
  'Elder-Ray Bull Power': (i) => ({
    code: `self.I(elder_power, self.data, ${n(i, 'Timeframe')}, 'High', name='Bull power')`,
    helpers: ['elder_power'],
  }),
  'Elder-Ray Bear Power': (i) => ({
    code: `self.I(elder_power, self.data, ${n(i, 'Timeframe')}, 'Low', name='Bear power')`,
    helpers: ['elder_power'],
  }),
  'Ichimoku senkou_span_a': (i) => ({
    code: `self.I(midprice_shifted, self.data, (${n(i, 'Timeframe 1')}, ${n(i, 'Timeframe 2')}), ${n(i, 'Timeframe 2')}, name='Senkou span A')`,
    helpers: ['midprice_shifted'],
  }),
  'Ichimoku senkou_span_b': (i) => ({
    code: `self.I(midprice_shifted, self.data, (${n(i, 'Timeframe 3')},), ${n(i, 'Timeframe 2')}, name='Senkou span B')`,
    helpers: ['midprice_shifted'],
  }),
  'Ichimoku chikou_span': () => ({ code: "self.I(lambda d: d.Close, self.data, name='Chikou span')" }),
  'Pivot Point': () => pivot('P'),
  'Support 1': () => pivot('S1'),
  'Support 2': () => pivot('S2'),
  'Resistance 1': () => pivot('R1'),
  'Resistance 2': () => pivot('R2'),
};

function pivot(level: string): Code {
  return { code: `self.I(pivots, self.data, '${level}', name='${level}')`, helpers: ['pivots'] };
}

export function pythonIndicator(indicator: ResolvedIndicator): Code {
  const own = PYTHON_OWN[indicator.label];
  if (own) return own(indicator);
  const entry = catalogueEntry(indicator.label);
  const talib = entry?.talib;
  if (!entry || !talib) return { missing: `TA-Lib has no function for ${indicator.label}` };
  if (talib.inputs) {
    return {
      missing: `${indicator.label} feeds TA-Lib's ${talib.function} other inputs than its usual ones`,
    };
  }
  const parameters = entry.settings
    .filter((setting) => setting.talib && indicator.settings[setting.label] !== null)
    .map((setting) => `${pythonParameter(setting.talib!)}=${indicator.settings[setting.label]}`);
  const args = [
    'self.data',
    `'${talib.function}'`,
    `'${pythonOutput(talib.output)}'`,
    ...parameters,
    `name=${JSON.stringify(describe(indicator))}`,
  ];
  return { code: `self.I(ta_line, ${args.join(', ')})`, helpers: ['ta_line'] };
}
