/**
 * A parameter sweep (docs/engine.md#sweeps): every configuration of a grid (grid.ts) run on the
 * same series, each equal to runBacktest of the request with its settings applied, then the
 * overfitting statistics over all of them.
 *
 * Per configuration: its metrics, its trades, and its daily returns: for each trading day of
 * the traded bars (days of the series' calendar), equity at the day's last bar over equity at
 * the previous day's last bar (the initial capital before the first day), minus 1; 0 after the
 * equity has reached 0. Daily returns put every configuration on the same periods whatever its
 * trades, which is what PBO's return matrix needs.
 *
 * Summary, over all configurations:
 * - score: what ranks configurations: 'sharpe' (the annualised Sharpe ratio of the metrics,
 *   the default: return per unit of risk, as PBO and the DSR measure it) or 'totalReturnPct'.
 *   A configuration without a value (Sharpe is null for a run too short to annualise or
 *   without variation) has no score.
 * - pbo: probability of backtest overfitting by CSCV on the daily-return matrix, with S blocks
 *   (16 by default); null, with pboReason, with fewer than 2 configurations or fewer than
 *   EVIDENCE.pboPeriodsPerBlock days a block (robustness/evidence.ts).
 * - dsr: the deflated Sharpe ratio of the configuration with the best per-day Sharpe ratio,
 *   the trials being the configurations with a per-day Sharpe ratio and their variance measured
 *   across them; null with fewer than 2 such configurations; dsrWarning below
 *   EVIDENCE.dsrObservations days.
 * - suggestion: findPlateau over the scores (the centre of the most stable region).
 *
 * Work is shared: indicator series are computed once per distinct (indicator, settings) for
 * the whole sweep, and configurations with the same rows (differing only in exit distances)
 * share one compilation of their signals.
 */
import type { BacktestRequest } from '../../shared/backtest-request';
import type { BacktestOptions } from '../backtest';
import type { CandleSeries } from '../candles/series';
import { UTC_CALENDAR } from '../candles/session-calendar';
import type { Metrics } from '../metrics/metrics';
import { deflatedSharpeRatio, type DeflatedSharpe } from '../robustness/deflated-sharpe';
import { dsrTooFewWarning, pboTooFewReason } from '../robustness/evidence';
import { DEFAULT_PBO_BLOCKS, probabilityOfBacktestOverfitting, type PboResult } from '../robustness/pbo';
import { findPlateau, type PlateauSuggestion } from '../robustness/plateau';
import { returnMoments, sharpeVariance } from '../stats/return-moments';
import { returnsMatrixFromColumns } from '../robustness/returns-matrix';
import type { TradeColumns } from '../simulate/trade-columns';
import { ConfigurationRunner, signalKey } from './configuration-runner';
import { applySettings, checkGrid, configurationSettings, type GridAxis, type SweepSettings } from './grid';

export type SweepScore = 'sharpe' | 'totalReturnPct';

export interface SweepOptions extends BacktestOptions {
  /** Configurations [from, to) only (a job's chunk); all by default. */
  range?: { from: number; to: number };
  /** What ranks configurations (see the module note); 'sharpe' by default. */
  score?: SweepScore;
  /** S, the number of CSCV blocks of PBO; 16 by default. */
  pboBlocks?: number;
}

export interface SweepConfiguration {
  /** Position in the grid's row-major order. */
  index: number;
  settings: SweepSettings;
  metrics: Metrics;
  trades: TradeColumns;
  /** Daily returns as fractions (see the module note), one per trading day. */
  returns: Float64Array;
}

export interface SweepDeflatedSharpe extends DeflatedSharpe {
  /** Index of the configuration judged: the best per-day Sharpe ratio. */
  configuration: number;
  /** Its per-day Sharpe ratio (not annualised), the number of days and the returns' shape. */
  sharpe: number;
  observations: number;
  skewness: number;
  kurtosis: number;
  /** Configurations with a per-day Sharpe ratio, and the variance of those ratios. */
  trials: number;
  trialsSharpeVariance: number;
}

export interface SweepSummary {
  score: SweepScore;
  pbo: PboResult | null;
  /** Why pbo is null. */
  pboReason: string | null;
  dsr: SweepDeflatedSharpe | null;
  /** Set when the DSR rests on too few days (see the module note). */
  dsrWarning: string | null;
  suggestion: PlateauSuggestion | null;
}

export interface SweepResult {
  axes: GridAxis[];
  /** Number of configurations in the whole grid. */
  size: number;
  /** The configurations run (all, or options.range), in index order. */
  configurations: SweepConfiguration[];
  /** Over all configurations; null when options.range ran only part of them (see summariseSweep). */
  summary: SweepSummary | null;
}

/** Last row of each trading day among rows [firstBar, bars). */
function dayEnds(series: CandleSeries, firstBar: number, bars: number): Int32Array {
  const calendar = series.calendar ?? UTC_CALENDAR;
  const ends: number[] = [];
  for (let bar = firstBar; bar < bars; bar++) {
    const day = calendar.dayOf(series.t[bar]!);
    if (bar === bars - 1 || calendar.dayOf(series.t[bar + 1]!) !== day) ends.push(bar);
  }
  return Int32Array.from(ends);
}

function dailyReturns(equity: Float64Array, ends: Int32Array, initialCapital: number): Float64Array {
  const returns = new Float64Array(ends.length);
  let previous = initialCapital;
  for (let day = 0; day < ends.length; day++) {
    const current = equity[ends[day]!]!;
    returns[day] = previous > 0 ? current / previous - 1 : 0;
    previous = current;
  }
  return returns;
}

/** A configuration's score; NaN when it has none. */
export function scoreOf(metrics: Metrics, score: SweepScore): number {
  const value = score === 'sharpe' ? metrics.sharpe : metrics.totalReturnPct;
  return value === null ? Number.NaN : value;
}

function checkedRange(range: SweepOptions['range'], size: number): { from: number; to: number } {
  if (range === undefined) return { from: 0, to: size };
  const { from, to } = range;
  if (!Number.isInteger(from) || !Number.isInteger(to) || from < 0 || to > size || from > to) {
    throw new RangeError(`range must be whole numbers with 0 <= from <= to <= ${size}, got ${from} to ${to}`);
  }
  return { from, to };
}

/**
 * Runs configurations [range.from, range.to) of `grid` (checked against `request` by
 * checkGrid; a SweepGrid, or parsed JSON to be checked) on `series`; with the whole grid, also
 * its summary.
 */
export function runSweep(
  request: BacktestRequest,
  series: CandleSeries,
  grid: unknown,
  options: SweepOptions = {},
): SweepResult {
  const { axes, size } = checkGrid(grid, request);
  const { from, to } = checkedRange(options.range, size);
  const runner = new ConfigurationRunner(request, series, options);
  const ends = dayEnds(runner.series, runner.firstBar, runner.bars);

  // Configurations that share their rows run together on one compilation of the signals.
  const groups = new Map<string, { settings: SweepSettings; request: BacktestRequest; index: number }[]>();
  for (let index = from; index < to; index++) {
    const settings = configurationSettings(axes, index);
    const applied = applySettings(request, settings);
    const key = signalKey(applied);
    let group = groups.get(key);
    if (!group) groups.set(key, (group = []));
    group.push({ settings, request: applied, index });
  }
  const configurations = new Array<SweepConfiguration>(to - from);
  for (const group of groups.values()) {
    const signals = runner.signals(group[0]!.request);
    for (const { settings, request: applied, index } of group) {
      const { metrics, trades, equity } = runner.run(applied, signals);
      const returns = dailyReturns(equity, ends, applied.initialCapital);
      configurations[index - from] = { index, settings, metrics, trades, returns };
    }
  }
  const complete = from === 0 && to === size;
  return {
    axes,
    size,
    configurations,
    summary: complete ? summariseSweep(axes, configurations, options) : null,
  };
}

/** What the summary reads of a configuration: a chunk's stored result needs no more. */
export type SummarisedConfiguration = Pick<SweepConfiguration, 'index' | 'metrics' | 'returns'>;

function deflatedSharpeOfBest(
  configurations: readonly SummarisedConfiguration[],
): SweepDeflatedSharpe | null {
  const moments = configurations.map((configuration) => returnMoments(configuration.returns));
  const sharpes = moments.map((moment) => moment.sharpe);
  const finite = sharpes.filter((sharpe) => Number.isFinite(sharpe));
  const trialsSharpeVariance = sharpeVariance(sharpes);
  if (finite.length < 2 || !Number.isFinite(trialsSharpeVariance)) return null;
  let best = -1;
  sharpes.forEach((sharpe, index) => {
    if (Number.isFinite(sharpe) && (best < 0 || sharpe > sharpes[best]!)) best = index;
  });
  const { sharpe, observations, skewness, kurtosis } = moments[best]!;
  return {
    ...deflatedSharpeRatio({
      sharpe,
      observations,
      skewness,
      kurtosis,
      trials: finite.length,
      trialsSharpeVariance,
    }),
    configuration: configurations[best]!.index,
    sharpe,
    observations,
    skewness,
    kurtosis,
    trials: finite.length,
    trialsSharpeVariance,
  };
}

/**
 * The summary of a whole sweep (see the module note) from all its configurations in index
 * order, however they were run (one runSweep, or chunks merged by index).
 */
export function summariseSweep(
  axes: readonly GridAxis[],
  configurations: readonly SummarisedConfiguration[],
  options: Pick<SweepOptions, 'score' | 'pboBlocks'> = {},
): SweepSummary {
  const score = options.score ?? 'sharpe';
  const blocks = options.pboBlocks ?? DEFAULT_PBO_BLOCKS;
  const size = axes.reduce((product, axis) => product * axis.values.length, 1);
  if (
    configurations.length !== size ||
    configurations.some((configuration, i) => configuration.index !== i)
  ) {
    throw new RangeError(
      `a sweep of ${size} configurations needs all of them in index order to be summarised`,
    );
  }
  const periods = configurations[0]?.returns.length ?? 0;
  const pboReason =
    configurations.length < 2
      ? 'PBO compares configurations: the sweep has only one'
      : pboTooFewReason(periods, blocks, 'days', 'days');
  const pbo =
    pboReason === null
      ? probabilityOfBacktestOverfitting(
          returnsMatrixFromColumns(configurations.map((configuration) => configuration.returns)),
          { blocks },
        )
      : null;
  const dsr = deflatedSharpeOfBest(configurations);
  return {
    score,
    pbo,
    pboReason,
    dsr,
    dsrWarning: dsr ? dsrTooFewWarning(dsr.observations, 'days') : null,
    suggestion: findPlateau({
      axes,
      scores: Float64Array.from(configurations, (configuration) => scoreOf(configuration.metrics, score)),
    }),
  };
}
