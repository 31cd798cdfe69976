/**
 * Every label of the indicator catalogue (src/shared/indicator-catalogue.ts): the builder's 36
 * indicators (31 crossover + 5 value-based, src/shared/indicators.ts) and the pro entries, each
 * one line of a study in studies.ts. For each: how to read its settings, where its first value
 * is, and how to compute it over a candle series. Outputs are aligned to the series, NaN where
 * there is no value; a value at bar t never depends on a bar after t.
 *
 * Conventions that are not TA-Lib's (see each module for the formulas):
 * - Pivot Point / Support 1-2 / Resistance 1-2: floor pivots of the previous trading day's
 *   session (the previous bar on daily bars). Trading days follow the series' calendar (UTC
 *   calendar days when it has none). `lookback` is 1, the first valid bar on daily data; on
 *   intraday data the first value is at the first bar of the second trading day.
 * - VWAP: blank Timeframe = session VWAP restarting at each trading day; N = rolling over N bars.
 * - Ichimoku senkou spans are displaced forward by Timeframe 2 (the value at t uses bars up to
 *   t - Timeframe 2). Ichimoku chikou_span is NOT shifted: its value at bar t is close[t]. The
 *   chikou line is plotted Timeframe 2 bars back, so a condition on it at bar t must compare
 *   close[t] with the other side's value at bar t - Timeframe 2 (read Timeframe 2 from
 *   resolveSettings('Ichimoku chikou_span', input)); comparing with the other side at t would
 *   not be Ichimoku, and reading close[t + Timeframe 2] would look ahead.
 * - Open / High / Low / Close Price: the bar's own value (a copy of the series' field).
 */
import { UTC_CALENDAR } from '../candles/session-calendar';
import type { CandleSeries } from '../candles/series';
import {
  INDICATOR_CATALOGUE,
  catalogueEntry,
  parseSettingValue,
  type CatalogueEntry,
} from '../../shared/indicator-catalogue';
import type { CrossoverIndicatorLabel, IndicatorSetting, ValueIndicatorLabel } from '../../shared/indicators';
import { indicatorSettings } from '../../shared/indicators';
import { bollingerBand } from './bands';
import { elderRayPower } from './elder-ray';
import { midRange, senkouSpanA, senkouSpanAOf, senkouSpanB } from './ichimoku';
import { macd, type Macd } from './macd';
import { IndicatorMemo } from './memo';
import { momentum, rateOfChange } from './momentum';
import { ema, sma } from './moving-averages';
import { rsi, stochastic, williamsR, williamsROf, type Stochastic } from './oscillators';
import { parabolicSar } from './parabolic-sar';
import { floorPivot, type PivotLevel } from './pivots';
import { STUDIES } from './studies';
import { averageTrueRange } from './volatility';
import { chaikinOscillator, moneyFlowIndex, onBalanceVolume } from './volume';
import { rollingVwap, sessionVwap } from './vwap';

/** Setting label -> text or number as the request carries it; blank or absent = default. */
export type IndicatorSettingsInput = Readonly<Record<string, string | number | undefined>>;

/**
 * Setting label -> its value: a period in bars, a real number, or a TA-Lib MAType code (by the
 * setting's kind); null only where the default is "none" (VWAP: session).
 */
export type ResolvedSettings = Readonly<Record<string, number | null>>;

export interface IndicatorEntry {
  label: string;
  settings: readonly IndicatorSetting[];
  /** Index of the first valid value (see the module note for pivots on intraday bars). */
  lookback(settings: ResolvedSettings): number;
  /** Values aligned to the series, NaN before the look-back. */
  compute(series: CandleSeries, settings: ResolvedSettings): Float64Array;
}

interface Formula extends Pick<IndicatorEntry, 'lookback' | 'compute'> {
  /**
   * The same values as `compute`, taking what other indicators of the series share (the rolling
   * extremes, the whole MACD or stochastic, the close's EMA) from `memo`. The array
   * may be the memo's own: read-only. Absent = `compute`.
   */
  shared?(memo: IndicatorMemo, settings: ResolvedSettings): Float64Array;
}

/** A resolved setting that must hold a period. */
function bars(settings: ResolvedSettings, label: string): number {
  const value = settings[label];
  if (typeof value !== 'number') throw new Error(`Setting "${label}" has no value`);
  return value;
}

const timeframe = (settings: ResolvedSettings) => bars(settings, 'Timeframe');

const price = (field: 'o' | 'h' | 'l' | 'c'): Formula => ({
  lookback: () => 0,
  compute: (series) => series[field].slice(),
  shared: (memo) => memo.series[field],
});

const pivotLevel = (level: PivotLevel): Formula => ({
  lookback: () => 1,
  compute: (series) =>
    floorPivot(level, series.t, series.h, series.l, series.c, series.calendar ?? UTC_CALENDAR),
});

/** Bollinger(N, 2): the band `deviations` standard deviations from the SMA. */
const bollinger = (deviations: 2 | 0 | -2): Formula => ({
  lookback: (settings) => timeframe(settings) - 1,
  compute: (series, settings) => bollingerBand(series.c, timeframe(settings), deviations),
});

const elderRay = (extremes: 'h' | 'l'): Formula => ({
  lookback: (settings) => timeframe(settings) - 1,
  compute: (series, settings) => elderRayPower(series[extremes], series.c, timeframe(settings)),
  // The close's EMA when an EMA line already made it, else one array for the EMA and the power.
  shared: (memo, settings) => {
    const average = memo.heldCloseEma(timeframe(settings));
    const prices = memo.series[extremes];
    if (average === undefined) return elderRayPower(prices, memo.series.c, timeframe(settings));
    const power = new Float64Array(average.length);
    for (let i = 0; i < power.length; i++) power[i] = prices[i]! - average[i]!;
    return power;
  },
});

const ichimokuPeriods = (settings: ResolvedSettings) => ({
  conversion: bars(settings, 'Timeframe 1'),
  base: bars(settings, 'Timeframe 2'),
  spanB: bars(settings, 'Timeframe 3'),
});

const macdPeriods = (settings: ResolvedSettings) => ({
  fast: bars(settings, 'Fast Period'),
  slow: bars(settings, 'Slow Period'),
  signal: bars(settings, 'Signal Period'),
});

const macdLine = (line: keyof Macd): Formula => ({
  lookback: (settings) => {
    const { fast, slow, signal } = macdPeriods(settings);
    return Math.max(fast, slow) - 1 + signal - 1;
  },
  compute: (series, settings) => {
    const { fast, slow, signal } = macdPeriods(settings);
    return macd(series.c, fast, slow, signal)[line];
  },
  shared: (memo, settings) => {
    const { fast, slow, signal } = macdPeriods(settings);
    return memo.macd(fast, slow, signal)[line];
  },
});

const stochasticPeriods = (settings: ResolvedSettings) => ({
  fastK: bars(settings, 'Fast K Period'),
  slowK: bars(settings, 'Slow K Period'),
  slowD: bars(settings, 'Slow D Period'),
});

const stochasticLine = (line: keyof Stochastic): Formula => ({
  lookback: (settings) => {
    const { fastK, slowK, slowD } = stochasticPeriods(settings);
    return fastK - 1 + slowK - 1 + slowD - 1;
  },
  compute: (series, settings) => {
    const { fastK, slowK, slowD } = stochasticPeriods(settings);
    return stochastic(series.h, series.l, series.c, fastK, slowK, slowD)[line];
  },
  shared: (memo, settings) => {
    const { fastK, slowK, slowD } = stochasticPeriods(settings);
    return memo.stochastic(fastK, slowK, slowD)[line];
  },
});

const formulas: Record<CrossoverIndicatorLabel | ValueIndicatorLabel, Formula> = {
  OBV: { lookback: () => 0, compute: (series) => onBalanceVolume(series.c, series.v) },
  'Pivot Point': pivotLevel('pivot'),
  'Support 1': pivotLevel('support1'),
  'Support 2': pivotLevel('support2'),
  'Resistance 1': pivotLevel('resistance1'),
  'Resistance 2': pivotLevel('resistance2'),
  'Open Price': price('o'),
  'High Price': price('h'),
  'Low Price': price('l'),
  'Close Price': price('c'),
  VWAP: {
    lookback: (settings) => (settings['Timeframe'] == null ? 0 : timeframe(settings) - 1),
    compute: (series, settings) =>
      settings['Timeframe'] == null
        ? sessionVwap(series.t, series.h, series.l, series.c, series.v, series.calendar ?? UTC_CALENDAR)
        : rollingVwap(series.h, series.l, series.c, series.v, timeframe(settings)),
  },
  EMA: {
    lookback: (settings) => timeframe(settings) - 1,
    compute: (series, settings) => ema(series.c, timeframe(settings)),
    shared: (memo, settings) => memo.closeEma(timeframe(settings)),
  },
  SMA: {
    lookback: (settings) => timeframe(settings) - 1,
    compute: (series, settings) => sma(series.c, timeframe(settings)),
  },
  'Bollinger Upper': bollinger(2),
  'Bollinger Middle': bollinger(0),
  'Bollinger Lower': bollinger(-2),
  'Williams %R': {
    lookback: (settings) => timeframe(settings) - 1,
    compute: (series, settings) => williamsR(series.h, series.l, series.c, timeframe(settings)),
    shared: (memo, settings) => {
      const period = timeframe(settings);
      return williamsROf(memo.highest(period), memo.lowest(period), memo.series.c, period);
    },
  },
  'Momentum Oscillators': {
    lookback: (settings) => timeframe(settings),
    compute: (series, settings) => momentum(series.c, timeframe(settings)),
  },
  ATR: {
    lookback: (settings) => timeframe(settings),
    compute: (series, settings) => averageTrueRange(series.h, series.l, series.c, timeframe(settings)),
  },
  ROC: {
    lookback: (settings) => timeframe(settings),
    compute: (series, settings) => rateOfChange(series.c, timeframe(settings)),
  },
  'Elder-Ray Bull Power': elderRay('h'),
  'Elder-Ray Bear Power': elderRay('l'),
  'Chaikin Oscillator': {
    lookback: (settings) =>
      Math.max(bars(settings, 'Short EMA Timeframe'), bars(settings, 'Long EMA Timeframe')) - 1,
    compute: (series, settings) =>
      chaikinOscillator(
        series.h,
        series.l,
        series.c,
        series.v,
        bars(settings, 'Short EMA Timeframe'),
        bars(settings, 'Long EMA Timeframe'),
      ),
  },
  'Parabolic SAR': { lookback: () => 1, compute: (series) => parabolicSar(series.h, series.l, 0.02, 0.2) },
  'Ichimoku tenkan_sen': {
    lookback: (settings) => ichimokuPeriods(settings).conversion - 1,
    compute: (series, settings) => midRange(series.h, series.l, ichimokuPeriods(settings).conversion),
    shared: (memo, settings) => memo.midRange(ichimokuPeriods(settings).conversion),
  },
  'Ichimoku kijun_sen': {
    lookback: (settings) => ichimokuPeriods(settings).base - 1,
    compute: (series, settings) => midRange(series.h, series.l, ichimokuPeriods(settings).base),
    shared: (memo, settings) => memo.midRange(ichimokuPeriods(settings).base),
  },
  'Ichimoku senkou_span_a': {
    lookback: (settings) => {
      const { conversion, base } = ichimokuPeriods(settings);
      return Math.max(conversion, base) - 1 + base;
    },
    compute: (series, settings) => {
      const { conversion, base } = ichimokuPeriods(settings);
      return senkouSpanA(series.h, series.l, conversion, base);
    },
    shared: (memo, settings) => {
      const { conversion, base } = ichimokuPeriods(settings);
      return senkouSpanAOf(memo.midRange(conversion), memo.midRange(base), conversion, base);
    },
  },
  'Ichimoku senkou_span_b': {
    lookback: (settings) => {
      const { spanB, base } = ichimokuPeriods(settings);
      return spanB - 1 + base;
    },
    compute: (series, settings) => {
      const { spanB, base } = ichimokuPeriods(settings);
      return senkouSpanB(series.h, series.l, spanB, base);
    },
    shared: (memo, settings) => {
      const { spanB, base } = ichimokuPeriods(settings);
      return memo.senkouSpanB(spanB, base);
    },
  },
  // close[t] at bar t; the strategy compares it with the other side at t - Timeframe 2.
  'Ichimoku chikou_span': price('c'),
  'MACD macd line': macdLine('macd'),
  'MACD green line': macdLine('signal'),
  RSI: {
    lookback: (settings) => timeframe(settings),
    compute: (series, settings) => rsi(series.c, timeframe(settings)),
  },
  'Stochastic %K': stochasticLine('slowK'),
  'Stochastic %D': stochasticLine('slowD'),
  MFI: {
    lookback: (settings) => timeframe(settings),
    compute: (series, settings) =>
      moneyFlowIndex(series.h, series.l, series.c, series.v, timeframe(settings)),
  },
  'MACD histogram': macdLine('histogram'),
};

/** A pro entry: one line of its study; lines of one study share one computation in a memo. */
function studyLine(entry: CatalogueEntry): Formula {
  const { name, line } = entry.study!;
  const study = STUDIES[name];
  if (!study) throw new Error(`No study "${name}" for ${entry.label}`);
  const lineOf = (lines: Readonly<Record<string, Float64Array>>) => {
    const values = lines[line];
    if (!values) throw new Error(`Study "${name}" has no line "${line}"`);
    return values;
  };
  return {
    lookback: study.lookback,
    compute: (series, settings) => lineOf(study.compute(series, settings)),
    shared: (memo, settings) =>
      lineOf(
        memo.studyLines(`${name}|${JSON.stringify(settings)}`, () => study.compute(memo.series, settings)),
      ),
  };
}

const specFormulas: Record<string, Formula> = formulas;
const catalogueFormulas = new Map<string, Formula>(
  INDICATOR_CATALOGUE.map((entry) => [
    entry.label,
    entry.study ? studyLine(entry) : specFormulas[entry.label]!,
  ]),
);

/** Every catalogue label, in the catalogue's order (the spec's lists first). */
export const INDICATOR_REGISTRY: ReadonlyMap<string, IndicatorEntry> = new Map(
  INDICATOR_CATALOGUE.map(({ label, plan, settings }) => {
    const { lookback, compute } = catalogueFormulas.get(label)!;
    return [
      label,
      { label, settings: plan === 'basic' ? indicatorSettings(label) : settings, lookback, compute },
    ];
  }),
);

const SHARED_FORMULAS: ReadonlyMap<string, NonNullable<Formula['shared']>> = new Map(
  [...catalogueFormulas].flatMap(([label, { shared }]) => (shared ? [[label, shared] as const] : [])),
);

function entryFor(label: string): IndicatorEntry {
  const entry = INDICATOR_REGISTRY.get(label);
  if (!entry) throw new Error(`Unknown indicator "${label}"`);
  return entry;
}

/**
 * Each declared setting of the indicator: blank (undefined or whitespace) takes the default;
 * otherwise a value within the setting's bounds (catalogue), as a number or its text: a whole
 * number of bars for periods (1 to MAX_SETTING_PERIOD for the builder's settings), a number for
 * real settings, a TA-Lib MAType name or code for MA types (resolved to the code). Throws for an
 * unknown label, a setting the indicator does not declare, or a bad value.
 */
export function resolveSettings(label: string, input: IndicatorSettingsInput = {}): ResolvedSettings {
  entryFor(label);
  const settings = catalogueEntry(label)!.settings;
  for (const key of Object.keys(input)) {
    if (!settings.some((setting) => setting.label === key)) {
      throw new Error(`${label} has no setting "${key}"`);
    }
  }
  const resolved: Record<string, number | null> = {};
  for (const setting of settings) {
    const raw = input[setting.label];
    const parsed = parseSettingValue(setting, raw);
    if ('error' in parsed) throw new Error(`${label}: ${parsed.error}, got "${raw}"`);
    resolved[setting.label] = parsed.value;
  }
  return resolved;
}

/** The indicator over the whole series, NaN where it has no value. */
export function computeIndicator(
  label: string,
  series: CandleSeries,
  input?: IndicatorSettingsInput,
): Float64Array {
  return entryFor(label).compute(series, resolveSettings(label, input));
}

/** Index of the indicator's first valid value (bars of history it needs before it). */
export function indicatorLookback(label: string, input?: IndicatorSettingsInput): number {
  return entryFor(label).lookback(resolveSettings(label, input));
}

export { IndicatorMemo };

/**
 * The indicator with already-resolved settings, sharing work with the other indicators computed
 * through the same memo (one memo per series): Stochastic %K and %D compute one stochastic, the
 * MACD lines one MACD, the Ichimoku lines, Stochastic and Williams %R share their rolling highs
 * and lows (a window twice as long is derived from a shorter one), Elder-Ray reuses the
 * close's EMA an EMA line already made, and price labels are the series' own arrays. The Bollinger bands are not shared:
 * each is one fused pass, cheaper than a shared mean and deviation plus a pass per band.
 * Bit-identical to computeIndicator. The result
 * may be shared with the memo or with another label's result: treat it as read-only.
 */
export function computeIndicatorShared(
  label: string,
  memo: IndicatorMemo,
  settings: ResolvedSettings,
): Float64Array {
  const shared = SHARED_FORMULAS.get(label);
  return shared ? shared(memo, settings) : entryFor(label).compute(memo.series, settings);
}
