/**
 * Walk-forward optimisation over a sweep (Pardo 2008, ch. 11; robustness/walk-forward.ts):
 * the traded bars (the request's fromDate to toDate) are cut into windows by planWalkForward;
 * on each training window every configuration of the grid is run and the best by the score
 * (sweep.ts) is chosen; the chosen configuration then trades the test window that follows,
 * with the bars before it as indicator warm-up only. No test window trades a bar its
 * configuration was chosen on (the training window ends where the test window starts), and
 * the choice reads no bar after the training window: a configuration's run on a window is
 * runBacktest on the bars up to the window's end with the bars before its start as warm-up.
 *
 * The best configuration is the one with the highest score, the lowest index on a tie; when
 * no configuration has a score in a training window (Sharpe needs 30 days), the first one is
 * traded and the in-sample score is null. The out-of-sample equity curves are stitched, each
 * window compounding on the last, and the walk-forward efficiency compares the annualised
 * out-of-sample return with the in-sample one.
 */
import type { BacktestRequest } from '../../shared/backtest-request';
import type { BacktestOptions } from '../backtest';
import type { CandleSeries } from '../candles/series';
import { barsPerYear } from '../metrics/annualisation';
import type { Metrics } from '../metrics/metrics';
import {
  planWalkForward,
  stitchOutOfSampleEquity,
  walkForwardEfficiency,
  type StitchedEquity,
  type WalkForwardEfficiency,
  type WalkForwardWindow,
  type WindowEquity,
} from '../robustness/walk-forward';
import type { TradeColumns } from '../simulate/trade-columns';
import { ConfigurationRunner, signalKey } from './configuration-runner';
import { applySettings, checkGrid, configurationSettings, type GridAxis, type SweepSettings } from './grid';
import { scoreOf, type SweepScore } from './sweep';

export interface WalkForwardOptions extends BacktestOptions {
  /** Number of windows (optimise-then-trade steps), at least 1. */
  windows: number;
  /** Training windows all start at the first traded bar (default: rolling windows of equal length). */
  anchored?: boolean;
  /** What ranks configurations on a training window; 'sharpe' by default. */
  score?: SweepScore;
  /** Training bars per test bar (planWalkForward's default, 4, when absent). */
  trainToTestRatio?: number;
}

/** One window: rows of the series, half-open ([trainFrom, trainTo) trains, [testFrom, testTo) trades). */
export interface WalkForwardWindowResult extends WalkForwardWindow {
  /** The configuration chosen on the training window. */
  chosen: { index: number; settings: SweepSettings };
  /** Its score on the training window; null when no configuration had one. */
  inSampleScore: number | null;
  inSampleMetrics: Metrics;
  outOfSampleMetrics: Metrics;
  /** The test window's trades (rows of the series). */
  outOfSampleTrades: TradeColumns;
}

export interface WalkForwardResult {
  axes: GridAxis[];
  score: SweepScore;
  windows: WalkForwardWindowResult[];
  /** The test windows' equity, stitched: one value per out-of-sample bar. */
  equity: StitchedEquity;
  efficiency: WalkForwardEfficiency;
}

export function runWalkForward(
  request: BacktestRequest,
  series: CandleSeries,
  grid: unknown,
  options: WalkForwardOptions,
): WalkForwardResult {
  const { axes, size } = checkGrid(grid, request);
  const score = options.score ?? 'sharpe';
  const runner = new ConfigurationRunner(request, series, options);
  const windows = planWalkForward({
    bars: runner.bars - runner.firstBar,
    windows: options.windows,
    mode: options.anchored ? 'anchored' : 'rolling',
    ...(options.trainToTestRatio !== undefined && { trainToTestRatio: options.trainToTestRatio }),
  }).map((window) => ({
    trainFrom: window.trainFrom + runner.firstBar,
    trainTo: window.trainTo + runner.firstBar,
    testFrom: window.testFrom + runner.firstBar,
    testTo: window.testTo + runner.firstBar,
  }));

  const requests = Array.from({ length: size }, (_, index) =>
    applySettings(request, configurationSettings(axes, index)),
  );
  // Per window, the best configuration so far on its training bars.
  const best = windows.map(() => ({ index: 0, score: Number.NaN, metrics: null as Metrics | null }));
  const groups = new Map<string, number[]>();
  requests.forEach((applied, index) => {
    const key = signalKey(applied);
    groups.set(key, [...(groups.get(key) ?? []), index]);
  });
  for (const indexes of groups.values()) {
    const signals = runner.signals(requests[indexes[0]!]!);
    for (const index of indexes) {
      windows.forEach((window, w) => {
        const { metrics } = runner.run(requests[index]!, signals, window.trainFrom, window.trainTo);
        const value = scoreOf(metrics, score);
        const incumbent = best[w]!;
        const better =
          incumbent.metrics === null ||
          (Number.isFinite(value) &&
            (!Number.isFinite(incumbent.score) ||
              value > incumbent.score ||
              (value === incumbent.score && index < incumbent.index)));
        if (better) best[w] = { index, score: value, metrics };
      });
    }
  }

  const windowEquities: WindowEquity[] = [];
  const results = windows.map((window, w): WalkForwardWindowResult => {
    const { index, score: inSampleScore, metrics: inSampleMetrics } = best[w]!;
    const chosen = requests[index]!;
    const { metrics, trades, equity } = runner.run(
      chosen,
      runner.signals(chosen),
      window.testFrom,
      window.testTo,
    );
    windowEquities.push({
      equity: equity.slice(window.testFrom, window.testTo),
      initialCapital: chosen.initialCapital,
    });
    return {
      ...window,
      chosen: { index, settings: configurationSettings(axes, index) },
      inSampleScore: Number.isFinite(inSampleScore) ? inSampleScore : null,
      inSampleMetrics: inSampleMetrics!,
      outOfSampleMetrics: metrics,
      outOfSampleTrades: trades,
    };
  });
  return {
    axes,
    score,
    windows: results,
    equity: stitchOutOfSampleEquity(windowEquities, request.initialCapital),
    efficiency: walkForwardEfficiency(
      results.map((window) => ({
        inSampleReturnPct: window.inSampleMetrics.totalReturnPct,
        inSampleBars: window.trainTo - window.trainFrom,
        outOfSampleReturnPct: window.outOfSampleMetrics.totalReturnPct,
        outOfSampleBars: window.testTo - window.testFrom,
      })),
      barsPerYear(request.timeframe),
    ),
  };
}
