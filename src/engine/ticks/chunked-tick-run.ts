/**
 * A request's tick run taken a chunk of trades at a time (a day per queue message, say), each
 * chunk possibly in another process. Each chunk resumes the run from the state the previous one
 * left (`resumeTickRun`: the bars' signals and the settings are derived from the request again,
 * the same every time); once the last chunk has run, `finishTickRun` makes the result from
 * every chunk's equity and trades and the last state, as runBacktest makes it from one run.
 */
import type { BacktestRequest } from '../../shared/backtest-request';
import { prepareRun, resultOfRun, type BacktestOptions, type BacktestResult } from '../backtest';
import type { CandleSeries } from '../candles/series';
import { joinTradeColumns } from '../simulate/trade-columns';
import { TickRun, type TickChunkResult } from './tick-run';
import { initialTickRunState, type TickRunState } from './tick-run-state';

type RunOptions = Pick<BacktestOptions, 'warmupBars'>;

/**
 * The run of `request` on `series` (the whole run's bars, warm-up included), from `state` (a
 * previous chunk's) or from its start when null. Its first chunk is the one holding the first
 * tradable bar, `state.nextBar`.
 */
export function resumeTickRun(
  request: BacktestRequest,
  series: CandleSeries,
  state: TickRunState | null,
  options: RunOptions = {},
): TickRun {
  const { tradedSeries, signals, settings, firstBar } = prepareRun(request, series, options);
  return new TickRun(
    tradedSeries,
    signals,
    settings,
    state ?? initialTickRunState(firstBar, request.initialCapital),
  );
}

/** The result of a run whose chunks gave `chunks` (in order) and left `state` after the last. */
export function finishTickRun(
  request: BacktestRequest,
  series: CandleSeries,
  { chunks, state }: { chunks: readonly TickChunkResult[]; state: TickRunState },
  options: RunOptions = {},
): BacktestResult {
  const prepared = prepareRun(request, series, options);
  const { tradedSeries, signals, settings, firstBar } = prepared;
  const bars = tradedSeries.c.length;
  if (firstBar < bars && state.nextBar < bars) {
    throw new RangeError(`The chunks ran to bar ${state.nextBar - 1}; the run has ${bars} bars`);
  }
  const equity = new Float64Array(bars).fill(Number.NaN);
  for (const chunk of chunks) equity.set(chunk.equity, chunk.firstBar);
  const run = new TickRun(tradedSeries, signals, settings, state);
  return resultOfRun(request, prepared, {
    trades: joinTradeColumns(
      settings.side,
      chunks.map((chunk) => chunk.trades),
    ),
    equity,
    warnings: run.warnings(),
    intrabar: run.summary(),
  });
}
