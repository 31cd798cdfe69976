/**
 * Indicator and pattern outputs of one candle series, each computed once however many rows use
 * it. Indicators are keyed by their resolved settings, so a blank setting and its default
 * written out share one computation. Beyond that, indicators share their common work through one
 * IndicatorMemo (Stochastic %K / %D one stochastic, the MACD lines one MACD, Ichimoku lines and
 * Williams %R their rolling highs and lows), and patterns share one Candles view (ranges and
 * rolling averages); both bit-identical to computing each label or pattern alone. The arrays
 * returned may be shared (with the memo, another label, or the series itself): read-only.
 */
import type { CandlestickPatternName } from '../../shared/candlestick-patterns';
import type { CandleSeries } from '../candles/series';
import { computeIndicatorShared, IndicatorMemo, type ResolvedSettings } from '../indicators/registry';
import { Candles } from '../patterns/candles';
import { computePatterns } from '../patterns/registry';

export class SeriesCache {
  private readonly indicators = new Map<string, Float64Array>();
  private readonly patterns = new Map<CandlestickPatternName, Float64Array>();
  /** Work shared between indicators (rolling extremes, whole MACD / stochastic, ...). */
  private readonly memo: IndicatorMemo;
  /** Candle ranges and averages shared between patterns, made on the first pattern. */
  private candles: Candles | undefined;

  constructor(readonly series: CandleSeries) {
    this.memo = new IndicatorMemo(series);
  }

  /** The indicator aligned to the series, NaN where it has no value. */
  indicator(label: string, settings: ResolvedSettings): Float64Array {
    const key = `${label}|${JSON.stringify(settings)}`;
    let values = this.indicators.get(key);
    if (!values) {
      values = computeIndicatorShared(label, this.memo, settings);
      this.indicators.set(key, values);
    }
    return values;
  }

  /** TA-Lib's output per bar (0, +/-100, +/-80, +/-200), NaN during the look-back. */
  pattern(name: CandlestickPatternName): Float64Array {
    let values = this.patterns.get(name);
    if (!values) {
      this.candles ??= new Candles(this.series);
      values = computePatterns([name], this.series, this.candles).get(name)!;
      this.patterns.set(name, values);
    }
    return values;
  }
}
