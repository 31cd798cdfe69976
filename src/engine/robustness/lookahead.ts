/**
 * A look-ahead check of a run, as freqtrade's lookahead analysis does it: a signal or an
 * indicator value at bar b must not change when the bars after b are removed. The request is
 * backtested; then for each trade's entry and exit, the bars that decided them (the signal bar
 * before each fill and the fill bar itself) are recomputed on the data cut right after that
 * bar (rows 0..b): the entry and exit signals and every indicator and pattern the rules use.
 * Any value at b that differs from the full run's is a difference; one difference makes the
 * run biased. NaN equals NaN (an indicator still in its look-back on both).
 *
 * Cost: one compilation of the rules on a prefix of the data per checked bar.
 */
import type { BacktestRequest } from '../../shared/backtest-request';
import { simulationSettings, tradedRange, checkSeries, type BacktestOptions } from '../backtest';
import { sliceSeries, type CandleSeries } from '../candles/series';
import { simulate } from '../simulate/simulate';
import { compileStrategy } from '../strategy/compile';
import { SeriesCache } from '../strategy/series-cache';
import type { ResolvedSettings } from '../indicators/registry';
import type { CandlestickPatternName } from '../../shared/candlestick-patterns';

export interface LookaheadDifference {
  /** Row of the series. */
  bar: number;
  /** "entry signal", "exit signal", or the indicator or pattern with its settings. */
  what: string;
  /** Its value at `bar` on all the data, and on the data cut after `bar` (null = no value). */
  full: number | null;
  cut: number | null;
}

export interface LookaheadReport {
  biased: boolean;
  /** Number of bars checked. */
  checked: number;
  differences: LookaheadDifference[];
}

export interface LookaheadOptions extends BacktestOptions {
  /**
   * The indicator source for a series (a test seam: a test passes a cache that reads ahead to
   * prove the check finds it). Default: a SeriesCache.
   */
  seriesCache?: (series: CandleSeries) => SeriesCache;
}

/** The cache as the rules see it, plus every series they asked it for, by name. */
function recording(inner: SeriesCache): { cache: SeriesCache; used: Map<string, Float64Array> } {
  const used = new Map<string, Float64Array>();
  const indicator = (label: string, settings: ResolvedSettings) => {
    const values = inner.indicator(label, settings);
    used.set(`${label} ${JSON.stringify(settings)}`, values);
    return values;
  };
  const pattern = (name: CandlestickPatternName) => {
    const values = inner.pattern(name);
    used.set(`pattern ${name}`, values);
    return values;
  };
  const cache = new Proxy(inner, {
    get: (target, property) =>
      property === 'indicator' ? indicator : property === 'pattern' ? pattern : Reflect.get(target, property),
  });
  return { cache, used };
}

const valueOrNull = (value: number) => (Number.isNaN(value) ? null : value);

export function lookaheadCheck(
  request: BacktestRequest,
  series: CandleSeries,
  options: LookaheadOptions = {},
): LookaheadReport {
  checkSeries(series);
  const makeCache = options.seriesCache ?? ((data: CandleSeries) => new SeriesCache(data));
  const { firstBar, end } = tradedRange(request, series, options);
  const traded = end < series.c.length ? sliceSeries(series, 0, end) : series;
  const full = recording(makeCache(traded));
  const signals = compileStrategy(request, traded, full.cache);
  const { trades } = simulate(traded, signals, simulationSettings(request, firstBar, traded.calendar));

  const bars = new Set<number>();
  for (let row = 0; row < trades.count; row++) {
    for (const fill of [trades.entryIndex[row]!, trades.exitIndex[row]!]) {
      if (fill - 1 >= 0) bars.add(fill - 1);
      bars.add(fill);
    }
  }
  const checkedBars = [...bars].sort((a, b) => a - b);
  const differences: LookaheadDifference[] = [];
  for (const bar of checkedBars) {
    const cutSeries = sliceSeries(traded, 0, bar + 1);
    const cut = recording(makeCache(cutSeries));
    const cutSignals = compileStrategy(request, cutSeries, cut.cache);
    const compare = (what: string, fullValue: number, cutValue: number) => {
      if (!Object.is(fullValue, cutValue) && !(Number.isNaN(fullValue) && Number.isNaN(cutValue))) {
        differences.push({ bar, what, full: valueOrNull(fullValue), cut: valueOrNull(cutValue) });
      }
    };
    compare('entry signal', signals.entry[bar]!, cutSignals.entry[bar]!);
    compare('exit signal', signals.exit[bar]!, cutSignals.exit[bar]!);
    for (const [what, values] of cut.used) compare(what, full.used.get(what)![bar]!, values[bar]!);
  }
  return { biased: differences.length > 0, checked: checkedBars.length, differences };
}
