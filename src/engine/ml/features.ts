/**
 * The feature matrix of an ML run: one column per feature, aligned with the series' rows. The
 * value at row t uses bars up to t only (what is known at t's close), so a model reading row t
 * trades at t + 1's open without look-ahead. NaN where a feature has no value yet (warm-up).
 *
 * Features: by default every indicator and candlestick pattern the request's rules name (with
 * the rows' settings), the base features of ML_BASE_FEATURES, plus the indicators the ML block
 * adds; the ML block may drop base features, indicators (every feature of that label) or
 * patterns.
 */
import type { BacktestRequest } from '../../shared/backtest-request';
import { ML_BASE_FEATURES, type MlSettings } from '../../shared/ml-request';
import type { CandleSeries } from '../candles/series';
import { resolveSettings, type IndicatorSettingsInput } from '../indicators/registry';
import type { SeriesCache } from '../strategy/series-cache';

export interface FeatureMatrix {
  /** Feature names, e.g. "return_5", "RSI(Timeframe=14)", "pattern:Hammer". */
  names: string[];
  /** One column per name, aligned with the series' rows. */
  columns: Float64Array[];
}

interface IndicatorUse {
  label: string;
  settings: IndicatorSettingsInput;
}

const VOLATILITY_BARS = 20;

/** log(close[t] / close[t - bars]); NaN for the first `bars` rows. */
function logReturn(close: Float64Array, bars: number, lag = 0): Float64Array {
  const out = new Float64Array(close.length).fill(Number.NaN);
  for (let t = bars + lag; t < close.length; t++) out[t] = Math.log(close[t - lag]! / close[t - lag - bars]!);
  return out;
}

/** Sample standard deviation of the last `bars` 1-bar log returns (rows from `bars` on). */
function rollingVolatility(close: Float64Array, bars: number): Float64Array {
  const returns = logReturn(close, 1);
  const out = new Float64Array(close.length).fill(Number.NaN);
  for (let t = bars; t < close.length; t++) {
    let sum = 0;
    let sumSquares = 0;
    for (let k = t - bars + 1; k <= t; k++) {
      sum += returns[k]!;
      sumSquares += returns[k]! * returns[k]!;
    }
    const mean = sum / bars;
    out[t] = Math.sqrt(Math.max(0, (sumSquares - bars * mean * mean) / (bars - 1)));
  }
  return out;
}

/** log((volume[t] + 1) / (volume[t - 1] + 1)): the + 1 keeps zero-volume bars finite. */
function volumeChange(volume: Float64Array): Float64Array {
  const out = new Float64Array(volume.length).fill(Number.NaN);
  for (let t = 1; t < volume.length; t++) out[t] = Math.log((volume[t]! + 1) / (volume[t - 1]! + 1));
  return out;
}

function baseFeature(name: (typeof ML_BASE_FEATURES)[number], series: CandleSeries): Float64Array {
  switch (name) {
    case 'return_1':
      return logReturn(series.c, 1);
    case 'return_1_lag1':
      return logReturn(series.c, 1, 1);
    case 'return_1_lag2':
      return logReturn(series.c, 1, 2);
    case 'return_5':
      return logReturn(series.c, 5);
    case 'return_20':
      return logReturn(series.c, 20);
    case 'volatility_20':
      return rollingVolatility(series.c, VOLATILITY_BARS);
    case 'volume_change':
      return volumeChange(series.v);
  }
}

/** The indicators the rules and the ML block name, in order, each once. */
function indicatorUses(request: BacktestRequest, ml: MlSettings): IndicatorUse[] {
  const uses: IndicatorUse[] = [];
  for (const group of [request.entry, request.exit]) {
    for (const row of group.parameters) {
      uses.push({ label: row.indicator1, settings: row.additionalFields1 });
      uses.push({ label: row.indicator2, settings: row.additionalFields2 });
    }
    for (const row of group.valueBased) uses.push({ label: row.indicator, settings: row.additionalFields });
  }
  for (const row of ml.features.add) uses.push({ label: row.indicator, settings: row.additionalFields });
  return uses;
}

/** "SMA(Timeframe=20)": the label with its resolved settings, so equal settings share a name. */
function indicatorFeatureName(label: string, settings: Record<string, number | null>): string {
  const parts = Object.entries(settings).map(([key, value]) => `${key}=${value ?? 'default'}`);
  return parts.length === 0 ? label : `${label}(${parts.join(', ')})`;
}

/** The request's features on the series (see the module note). */
export function buildFeatures(
  request: BacktestRequest,
  ml: MlSettings,
  series: CandleSeries,
  cache: SeriesCache,
): FeatureMatrix {
  const dropped = new Set(ml.features.drop);
  const names: string[] = [];
  const columns: Float64Array[] = [];
  for (const name of ML_BASE_FEATURES) {
    if (dropped.has(name)) continue;
    names.push(name);
    columns.push(baseFeature(name, series));
  }
  for (const { label, settings } of indicatorUses(request, ml)) {
    if (dropped.has(label)) continue;
    const resolved = resolveSettings(label, settings);
    const name = indicatorFeatureName(label, resolved);
    if (names.includes(name)) continue;
    names.push(name);
    columns.push(cache.indicator(label, resolved));
  }
  for (const { pattern1 } of request.entry.candleStick) {
    const name = `pattern:${pattern1}`;
    if (dropped.has(pattern1) || names.includes(name)) continue;
    names.push(name);
    // TA-Lib's +-100 / +-200 scaled to +-1 / +-2.
    columns.push(cache.pattern(pattern1).map((value) => value / 100));
  }
  return { names, columns };
}

/** Whether every feature has a value at `row`. */
export function rowComplete(features: FeatureMatrix, row: number): boolean {
  for (const column of features.columns) if (!Number.isFinite(column[row]!)) return false;
  return true;
}
