/**
 * The 61 candlestick patterns by the names the builder and the API use (src/shared), computed
 * with TA-Lib's semantics: per bar the integer TA-Lib's CDL function gives, NaN during its
 * look-back.
 */
import type { CandleSeries } from '../candles/series';
import { CANDLESTICK_PATTERN_NAMES, type CandlestickPatternName } from '../../shared/candlestick-patterns';
import { Candles } from './candles';
import { MULTI_CANDLE_PATTERNS } from './multi-candle';
import { ONE_CANDLE_PATTERNS } from './one-candle';
import type { PatternDefinition } from './pattern';
import { THREE_CANDLE_PATTERNS } from './three-candle';
import { TWO_CANDLE_PATTERNS } from './two-candle';

const DEFINITIONS: Readonly<Record<CandlestickPatternName, PatternDefinition>> = {
  ...ONE_CANDLE_PATTERNS,
  ...TWO_CANDLE_PATTERNS,
  ...THREE_CANDLE_PATTERNS,
  ...MULTI_CANDLE_PATTERNS,
};

/**
 * Patterns that TA-Lib reports as +100 whenever they appear without meaning bullish: its sources
 * say "outInteger is always positive (1 to 100) but this does not mean it is bullish" for exactly
 * these six (ta_CDLDOJI.c, ta_CDLDRAGONFLYDOJI.c, ta_CDLGRAVESTONEDOJI.c,
 * ta_CDLLONGLEGGEDDOJI.c, ta_CDLRICKSHAWMAN.c, ta_CDLTAKURI.c). Every other pattern's sign is its
 * direction. Note: HighWaveCandle, ShortLineCandle and SpinningTop are signed by candle colour
 * (+100 white, -100 black), which TA-Lib says "does not mean bullish or bearish"; they emit both
 * signs, so they are not in this list and their sign reads as the colour's direction.
 */
const UNDIRECTED = new Set<CandlestickPatternName>([
  'Doji',
  'DragonflyDoji',
  'GravestoneDoji',
  'LongLeggedDoji',
  'RickshawMan',
  'Takuri',
]);

function runPattern({ lookback, scan }: PatternDefinition, candles: Candles): Float64Array {
  const out = new Float64Array(candles.length).fill(Number.NaN, 0, lookback);
  if (candles.length > lookback) scan(candles, out, lookback);
  return out;
}

/** NaN during the look-back, else the integer TA-Lib gives (0, +/-100, +/-80, +/-200). */
export function computePattern(name: CandlestickPatternName, series: CandleSeries): Float64Array {
  return runPattern(DEFINITIONS[name], new Candles(series));
}

/** Index of the first valid value (TA-Lib's look-back). */
export function patternLookback(name: CandlestickPatternName): number {
  return DEFINITIONS[name].lookback;
}

/** Every pattern on one series, sharing the candle ranges and averages between patterns. */
export function computeAllPatterns(series: CandleSeries): Record<CandlestickPatternName, Float64Array> {
  const candles = new Candles(series);
  const entries = CANDLESTICK_PATTERN_NAMES.map((name) => [name, runPattern(DEFINITIONS[name], candles)]);
  return Object.fromEntries(entries) as Record<CandlestickPatternName, Float64Array>;
}

/**
 * The named patterns on one series, sharing one candle view (its ranges and rolling averages)
 * between them; pass `candles` to share it with later calls too. Each value equals
 * computePattern(name, series).
 */
export function computePatterns(
  names: readonly CandlestickPatternName[],
  series: CandleSeries,
  candles: Candles = new Candles(series),
): Map<CandlestickPatternName, Float64Array> {
  const out = new Map<CandlestickPatternName, Float64Array>();
  for (const name of names) if (!out.has(name)) out.set(name, runPattern(DEFINITIONS[name], candles));
  return out;
}

/**
 * Direction semantics for strategy rules: 'directional' = sign gives bullish/bearish;
 * 'undirected' = TA-Lib reports +100 whenever it appears (Doji-like patterns).
 */
export function patternDirectionality(name: CandlestickPatternName): 'directional' | 'undirected' {
  return UNDIRECTED.has(name) ? 'undirected' : 'directional';
}
