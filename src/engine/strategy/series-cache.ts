/**
 * Indicator and pattern outputs of one candle series, each computed once however many rows use
 * it. Indicators are keyed by their resolved settings, so a blank setting and its default
 * written out share one computation.
 */
import type { CandlestickPatternName } from '../../shared/candlestick-patterns';
import type { CandleSeries } from '../candles/series';
import { INDICATOR_REGISTRY, type ResolvedSettings } from '../indicators/registry';
import { computePattern } from '../patterns/registry';

export class SeriesCache {
  private readonly indicators = new Map<string, Float64Array>();
  private readonly patterns = new Map<CandlestickPatternName, Float64Array>();

  constructor(readonly series: CandleSeries) {}

  /** The indicator aligned to the series, NaN where it has no value. */
  indicator(label: string, settings: ResolvedSettings): Float64Array {
    const key = `${label}|${JSON.stringify(settings)}`;
    let values = this.indicators.get(key);
    if (!values) {
      const entry = INDICATOR_REGISTRY.get(label);
      if (!entry) throw new Error(`Unknown indicator "${label}"`);
      values = entry.compute(this.series, settings);
      this.indicators.set(key, values);
    }
    return values;
  }

  /** TA-Lib's output per bar (0, +/-100, +/-80, +/-200), NaN during the look-back. */
  pattern(name: CandlestickPatternName): Float64Array {
    let values = this.patterns.get(name);
    if (!values) {
      values = computePattern(name, this.series);
      this.patterns.set(name, values);
    }
    return values;
  }
}
