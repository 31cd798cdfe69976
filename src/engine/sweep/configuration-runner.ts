/**
 * Runs many configurations of one request on one series, each equal to runBacktest of it: the
 * traded range, the series check and the simulation settings are runBacktest's own; signals
 * are compileStrategy's, with one SeriesCache for all runs (each distinct indicator and
 * setting computed once) and one exit signal per distinct exit group; the fill loop is
 * fillKernel; equity and per-bar returns go into buffers reused by every run, and the
 * drawdown is read from the equity without a curve.
 */
import type { BacktestRequest } from '../../shared/backtest-request';
import { checkSeries, simulationSettings, tradedRange, type BacktestOptions } from '../backtest';
import { sliceSeries, type CandleSeries } from '../candles/series';
import { computeMetrics, type Metrics } from '../metrics/metrics';
import type { TradeSignals } from '../simulate/simulate';
import type { TradeColumns } from '../simulate/trade-columns';
import { compileEntry, compileExit, type StrategySignals } from '../strategy/compile';
import { SeriesCache } from '../strategy/series-cache';
import { fillKernel } from './fill-kernel';

export interface ConfigurationRun {
  metrics: Metrics;
  trades: TradeColumns;
  /**
   * Equity at each bar's close for the bars run (a view of the runner's buffer: valid until
   * the next run; copy what must be kept).
   */
  equity: Float64Array;
}

/** The part of a request its signals depend on: requests with the same key share signals. */
export function signalKey(request: BacktestRequest): string {
  return JSON.stringify([request.transactionType, request.entry, request.exit]);
}

export class ConfigurationRunner {
  /** The bars up to the request's toDate: what runBacktest trades on. */
  readonly series: CandleSeries;
  /** First tradable row (the request's fromDate, or options.warmupBars). */
  readonly firstBar: number;
  /** Number of rows traded on (firstBar to bars - 1 are traded). */
  readonly bars: number;
  readonly cache: SeriesCache;
  /** Exit signals by exit group: a sweep that varies only entry settings compiles its exit once. */
  private readonly exits = new Map<string, Uint8Array>();
  private readonly equity: Float64Array;
  private readonly returns: Float64Array;
  /** Trade columns to allocate for the next run: a little more than the last run closed. */
  private tradeCapacity = 256;

  /** `request` fixes what every configuration shares: dates, timeframe, capital. */
  constructor(request: BacktestRequest, series: CandleSeries, options: BacktestOptions = {}) {
    checkSeries(series);
    const { firstBar, end } = tradedRange(request, series, options);
    this.series = end < series.c.length ? sliceSeries(series, 0, end) : series;
    this.firstBar = firstBar;
    this.bars = end;
    this.cache = new SeriesCache(this.series);
    this.equity = new Float64Array(end).fill(Number.NaN);
    this.returns = new Float64Array(end);
  }

  /** Entry and exit signals of a configuration over all the runner's bars. */
  signals(request: BacktestRequest): StrategySignals {
    const exitKey = JSON.stringify(request.exit);
    let exit = this.exits.get(exitKey);
    if (!exit) {
      exit = compileExit(request, this.series, this.cache);
      this.exits.set(exitKey, exit);
    }
    const entry = compileEntry(request, this.series, this.cache);
    return { entry: entry.signal, exit, entryHistoryBars: entry.historyBars };
  }

  /**
   * A configuration traded on bars [from, to): bars before `from` are warm-up, the position
   * open at `to - 1` closes there ('end'), as runBacktest on the first `to` bars with
   * warmupBars = from. Default: the runner's whole traded range.
   */
  run(
    request: BacktestRequest,
    signals: TradeSignals,
    from = this.firstBar,
    to = this.bars,
  ): ConfigurationRun {
    const equity = this.equity.subarray(0, to);
    const trades = fillKernel(
      this.series,
      signals,
      simulationSettings(request, from, this.series.calendar),
      to,
      equity,
      this.tradeCapacity,
    );
    this.tradeCapacity = Math.max(16, Math.ceil(trades.count * 1.25));
    const metrics = computeMetrics({
      trades,
      equity,
      returnsBuffer: this.returns,
      openTimes: this.series.t,
      closes: this.series.c,
      firstBar: from,
      initialCapital: request.initialCapital,
      timeframe: request.timeframe,
    });
    return { metrics, trades, equity };
  }
}
