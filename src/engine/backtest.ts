/**
 * One backtest: a validated request on a candle series -> metrics, trades, equity, drawdown and
 * warnings. The bars of the trading days fromDate to toDate are traded (days of the series'
 * calendar: the market's, else UTC calendar days); the bars before are warm-up (history for the
 * indicators, no trades), the bars after are ignored. With the trades behind the bars (a tick
 * run), exits inside a bar are found trade by trade (ticks/tick-run.ts).
 */
import type { BacktestRequest } from '../shared/backtest-request';
import { TIMEFRAME_MINUTES, TIMEZONE_IANA } from '../shared/backtest-vocabulary';
import { type SessionCalendar, UTC_CALENDAR } from './candles/session-calendar';
import { sliceSeries, type CandleSeries } from './candles/series';
import { medianBarMinutes } from './candles/timeframe';
import { drawdownCurveAndExtremes } from './metrics/drawdown';
import { computeMetricsAndMoments, type Metrics } from './metrics/metrics';
import { monthlyReturns, type MonthlyReturn } from './metrics/monthly-returns';
import type { ReturnMoments } from './stats/return-moments';
import { chunkEnd } from './chunks';
import { firstBarAtOrAfter } from './simulate/bar-at-time';
import type { PriceDistance } from './simulate/exit-levels';
import {
  simulate,
  type DailyExitTime,
  type SimulationResult,
  type SimulationSettings,
  type TradeSignals,
} from './simulate/simulate';
import type { TradeColumns } from './simulate/trade-columns';
import { compileStrategy } from './strategy/compile';
import type { TickBars } from './ticks/tick-bars';
import type { IntrabarSummary } from './ticks/tick-run';
import { simulateWithTicks } from './ticks/tick-simulate';

export interface BacktestOptions {
  /**
   * Rows at the start of the series that are warm-up only (their signals are ignored).
   * Default: the rows before request.fromDate.
   */
  warmupBars?: number;
  /**
   * The trades behind the series' bars (barsFromTicks built the series from them): exits are
   * then found trade by trade, and the result carries `intrabar`. Required by a request whose
   * intrabar is "ticks".
   */
  ticks?: Pick<TickBars, 'ticks' | 'barTicks'>;
  /**
   * Called with the values of the result's `equity` as soon as the simulation has them, before
   * the metrics are computed: a caller may start on them meanwhile (the CLI has their JSON
   * written on another thread).
   */
  onEquity?: (equity: Float64Array) => void;
}

export interface BacktestResult {
  metrics: Metrics;
  /**
   * The per-bar returns' Sharpe ratio (not annualised), skewness and kurtosis, for the run's
   * deflated Sharpe ratio; NaN ratios when undefined (return-moments.ts).
   */
  returnMoments: ReturnMoments;
  /** The closed trades as columns; `listTrades` makes the trade list where it is shown. */
  trades: TradeColumns;
  /** Equity at each bar's close, aligned with the series' rows; NaN outside the traded bars. */
  equity: Float64Array;
  /** Drawdown from the running peak in percent (positive), aligned like `equity`. */
  drawdown: Float64Array;
  /** Return of each calendar month of the traded bars (trading days' months), in order. */
  monthlyReturns: MonthlyReturn[];
  /** Things the user should know about the run (missing history, timeframe mismatch, ...). */
  warnings: string[];
  /** What the trades decided, in a run on ticks (absent on bars). */
  intrabar?: IntrabarSummary;
}

type ExitCriterion = BacktestRequest['exitCriteria']['targetProfit'];

function priceDistance(criterion: ExitCriterion): PriceDistance | null {
  return criterion.type === '' || criterion.value === null
    ? null
    : { unit: criterion.type, value: criterion.value };
}

/** The exit time in its zone; "exchange" is the series' own market zone (UTC for unknown data). */
function dailyExitTime(
  timing: BacktestRequest['exitCriteria']['timing'],
  calendar: SessionCalendar,
): DailyExitTime | null {
  if (timing.time === '') return null;
  const [hours, minutes] = timing.time.split(':').map(Number);
  const timeZone = timing.timezone === 'exchange' ? calendar.timeZone : TIMEZONE_IANA[timing.timezone];
  return { minuteOfDay: hours! * 60 + minutes!, timeZone };
}

function timeframeWarning(request: BacktestRequest, series: CandleSeries): string | null {
  const expected = TIMEFRAME_MINUTES[request.timeframe];
  // When most gaps are one bar of the request's timeframe, that is the median: no need to find it.
  if (mostGapsAre(series.t, expected * 60_000)) return null;
  const spacing = medianBarMinutes(series.t);
  if (spacing === null || spacing === expected) return null;
  return (
    `The candles are ${spacing} minute${spacing === 1 ? '' : 's'} apart (median) but the request's timeframe is ` +
    `${request.timeframe}: Sharpe and Sortino are annualised for ${request.timeframe}`
  );
}

/** The simulator and the date lookups rely on equal lengths and strictly increasing times. */
export function checkSeries(series: CandleSeries): void {
  const rows = series.c.length;
  for (const field of ['t', 'o', 'h', 'l'] as const) {
    if (series[field].length !== rows) {
      throw new RangeError(
        `Candle series field ${field} has ${series[field].length} bars, close has ${rows}`,
      );
    }
  }
  const bar = firstNonIncreasing(series.t);
  if (bar < rows) {
    throw new RangeError(`Candle open times must increase: bar ${bar} opens at or before bar ${bar - 1}`);
  }
}

// The loops over every bar's time, each on its own with typed arrays and numbers only, so they
// keep their optimised code from run to run (metrics/drawdown.ts says why), and chunk by chunk,
// so a single run on many bars has them compiled early (chunks.ts).

/** Gaps of bars [start, end) to the bar before that are exactly `gapMs`. */
function gapsOf(openTimes: Float64Array, gapMs: number, start: number, end: number): number {
  let matching = 0;
  for (let bar = start; bar < end; bar++) matching += +(openTimes[bar]! - openTimes[bar - 1]! === gapMs);
  return matching;
}

/**
 * Whether more than half of the gaps between consecutive open times are exactly `gapMs`; it
 * stops as soon as the count settles it either way (about halfway through the bars).
 */
function mostGapsAre(openTimes: Float64Array, gapMs: number): boolean {
  const gaps = openTimes.length - 1;
  let matching = 0;
  for (let start = 1; start < openTimes.length;) {
    const end = chunkEnd(1, start, openTimes.length);
    matching += gapsOf(openTimes, gapMs, start, end);
    if (2 * matching > gaps) return true;
    if (2 * (end - 1 - matching) >= gaps) return false;
    start = end;
  }
  return 2 * matching > gaps;
}

/** The first bar in [start, end) whose open time is not after the previous bar's; `end` when none. */
function firstNonIncreasingIn(openTimes: Float64Array, start: number, end: number): number {
  let bar = start;
  while (bar < end && openTimes[bar]! > openTimes[bar - 1]!) bar++;
  return bar;
}

/** The first bar whose open time is not after the previous bar's (the length when none). */
function firstNonIncreasing(openTimes: Float64Array): number {
  for (let start = 1; start < openTimes.length;) {
    const end = chunkEnd(1, start, openTimes.length);
    const bar = firstNonIncreasingIn(openTimes, start, end);
    if (bar < end) return bar;
    start = end;
  }
  return openTimes.length;
}

/** The bars a request trades: rows [firstBar, end) of the series (see the module note). */
export function tradedRange(
  request: BacktestRequest,
  series: CandleSeries,
  options: BacktestOptions = {},
): { firstBar: number; end: number } {
  const calendar = series.calendar ?? UTC_CALENDAR;
  const endOfToDate = calendar.startOfDay(calendar.dayOfDate(request.toDate) + 1);
  const end = firstBarAtOrAfter(series.t, endOfToDate);
  const firstBar =
    options.warmupBars ??
    firstBarAtOrAfter(series.t.subarray(0, end), calendar.startOfDate(request.fromDate));
  if (!Number.isInteger(firstBar) || firstBar < 0) {
    throw new RangeError(`warmupBars must be a whole number >= 0, got ${firstBar}`);
  }
  return { firstBar, end };
}

/**
 * The simulator's settings for a request whose first tradable bar is `firstBar`, on a series read
 * with `calendar` (its market's; the exit time's "exchange" zone is that calendar's).
 */
export function simulationSettings(
  request: BacktestRequest,
  firstBar: number,
  calendar: SessionCalendar = UTC_CALENDAR,
): SimulationSettings {
  const { exitCriteria } = request;
  return {
    side: request.transactionType === 'buy' ? 'long' : 'short',
    firstTradableBar: firstBar,
    initialCapital: request.initialCapital,
    commissionPct: request.commission,
    slippagePoints: request.slippage,
    sizing: request.sizing,
    sizingValue: request.sizingValue,
    targetProfit: priceDistance(exitCriteria.targetProfit),
    stopLoss: priceDistance(exitCriteria.stopLoss),
    trailingStop: priceDistance(exitCriteria.trailingStopLoss),
    dailyExitTime: dailyExitTime(exitCriteria.timing, calendar),
  };
}

/** What a run needs before its simulation: the traded bars, their signals and the settings. */
export interface PreparedRun {
  /** The series' bars up to the request's last date. */
  tradedSeries: CandleSeries;
  /** Rows of the whole series (the result's per-bar values are aligned with them). */
  rows: number;
  firstBar: number;
  calendar: SessionCalendar;
  signals: TradeSignals;
  settings: SimulationSettings;
  /** The warnings found so far (the simulation's come after them). */
  warnings: string[];
}

/** The traded bars, signals, settings and early warnings of `request` on `series`. */
export function prepareRun(
  request: BacktestRequest,
  series: CandleSeries,
  options: Pick<BacktestOptions, 'warmupBars'> = {},
): PreparedRun {
  checkSeries(series);
  const rows = series.c.length;
  const calendar = series.calendar ?? UTC_CALENDAR;
  const { end, firstBar } = tradedRange(request, series, options);
  const tradedSeries = end < rows ? sliceSeries(series, 0, end) : series;
  const bars = tradedSeries.c.length;

  const warnings: string[] = [];
  if (request.mode === 'ml')
    warnings.push('ML mode is not available here: the rules ran as a standard backtest');
  if (firstBar >= bars) {
    warnings.push(
      request.fromDate > request.toDate
        ? `fromDate ${request.fromDate} is after toDate ${request.toDate}: there are no bars to trade`
        : `No bars between ${request.fromDate} and ${request.toDate}: nothing was traded`,
    );
  }

  const signals = compileStrategy(request, tradedSeries);
  if (firstBar < bars && firstBar < signals.entryHistoryBars) {
    const firstSignal = tradedSeries.t[Math.min(signals.entryHistoryBars, bars - 1)]!;
    warnings.push(
      `The entry rules need ${signals.entryHistoryBars} bars of history but only ${firstBar} come ` +
        `before the first traded bar: no entry signal before ${calendar.dateOf(firstSignal)}`,
    );
  }
  const timeframeMismatch = timeframeWarning(request, tradedSeries);
  if (timeframeMismatch) warnings.push(timeframeMismatch);
  const settings = simulationSettings(request, firstBar, calendar);
  return { tradedSeries, rows, firstBar, calendar, signals, settings, warnings };
}

/** The result of a prepared run from its simulation: metrics, curves, monthly returns, warnings. */
export function resultOfRun(
  request: BacktestRequest,
  { tradedSeries, rows, firstBar, calendar, warnings }: PreparedRun,
  simulation: SimulationResult & { intrabar?: IntrabarSummary },
): BacktestResult {
  const { curve: drawdown, extremes } = drawdownCurveAndExtremes(
    simulation.equity,
    firstBar,
    request.initialCapital,
  );
  const { metrics, returnMoments } = computeMetricsAndMoments({
    trades: simulation.trades,
    equity: simulation.equity,
    drawdownExtremes: extremes,
    openTimes: tradedSeries.t,
    closes: tradedSeries.c,
    firstBar,
    initialCapital: request.initialCapital,
    timeframe: request.timeframe,
  });
  return {
    metrics,
    returnMoments,
    trades: simulation.trades,
    equity: alignedWithRows(simulation.equity, rows),
    drawdown: alignedWithRows(drawdown, rows),
    monthlyReturns: monthlyReturns(
      simulation.equity,
      tradedSeries.t,
      firstBar,
      request.initialCapital,
      calendar,
    ),
    warnings: [...warnings, ...simulation.warnings],
    ...(simulation.intrabar && { intrabar: simulation.intrabar }),
  };
}

export function runBacktest(
  request: BacktestRequest,
  series: CandleSeries,
  options: BacktestOptions = {},
): BacktestResult {
  const { ticks } = options;
  if (ticks === undefined && request.intrabar === 'ticks') {
    throw new RangeError(
      'The request finds exits in ticks (intrabar "ticks") but no trades came with the bars',
    );
  }
  if (ticks !== undefined && ticks.barTicks.length !== series.c.length + 1) {
    throw new RangeError(
      `The trades cover ${ticks.barTicks.length - 1} bars; the series has ${series.c.length}`,
    );
  }
  const prepared = prepareRun(request, series, options);
  const { tradedSeries, signals, settings } = prepared;
  const simulation =
    ticks === undefined
      ? simulate(tradedSeries, signals, settings)
      : simulateWithTicks(tradedSeries, signals, settings, ticks);
  options.onEquity?.(alignedWithRows(simulation.equity, prepared.rows));
  return resultOfRun(request, prepared, simulation);
}

/** Per-bar values of the traded bars padded with NaN for the rows after toDate. */
function alignedWithRows(values: Float64Array, rows: number): Float64Array {
  if (values.length === rows) return values;
  const aligned = new Float64Array(rows).fill(Number.NaN);
  aligned.set(values);
  return aligned;
}
