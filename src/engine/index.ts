/**
 * The engine's surface for the worker (src/worker): what its routes, jobs, market data and
 * Durable Objects use. The browser's is src/engine/browser.ts, the command line's
 * src/engine/cli.ts; everything else under src/engine is internal.
 */
export { runBacktest, type BacktestResult } from './backtest';
export { CsvFormatError, parseCandlesCsv } from './candles/csv';
export { decodeSeries, encodeSeries } from './candles/series-binary';
export { aggregateBars } from './candles/aggregate-bars';
export { SessionCalendar, UTC_CALENDAR, minutesOfClock } from './candles/session-calendar';
export {
  createSeries,
  seriesFromColumns,
  seriesFromRows,
  sliceSeries,
  type CandleRow,
  type CandleSeries,
} from './candles/series';
export { inferTimeframe } from './candles/timeframe';
export { indicatorLookback, resolveSettings } from './indicators/registry';
export { TRADING_DAYS_PER_YEAR, barsPerYear } from './metrics/annualisation';
export type { Metrics } from './metrics/metrics';
export { patternLookback } from './patterns/registry';
export { runPortfolio, type PortfolioLeg, type PortfolioResult } from './portfolio/portfolio';
export type { Trade } from './simulate/trade';
export { listTrades } from './simulate/trade-columns';

// Robustness statistics (docs/engine.md#robustness-statistics): overfitting tests and walk-forward.
export { deflatedSharpeRatio } from './robustness/deflated-sharpe';
export { dsrTooFewWarning } from './robustness/evidence';
export { type ReturnMoments } from './stats/return-moments';
export { deflateOverTried, perPeriodSharpeVariance } from './robustness/trials-deflation';
export { planWalkForward } from './robustness/walk-forward';

// Sweeps (docs/engine.md#sweeps): grids over a request's numeric settings and walk-forward.
export { GridError, checkGrid, defaultGrid, type SweepSettings } from './sweep/grid';
export { runSweep, summariseSweep } from './sweep/sweep';
export { runWalkForward } from './sweep/walk-forward';

// ML backtesting (docs/engine.md#ml-backtesting): features, triple-barrier labels, purged walk-forward.
export {
  assembleMlBacktest,
  prepareMlBacktest,
  runMlFold,
  type MlBacktestResult,
  type MlFoldOutput,
  type MlPreparedRun,
  type MlFoldResult,
} from './ml/ml-backtest';
export { mlReport } from './ml/report';

// Market data (pure functions of bars): corporate-action adjustment and data quality.
export {
  adjustForSplits,
  adjustWithAdjustedCloses,
  parseSplitRatio,
  type Split,
} from './candles/price-adjustment';
export { barQuality, dropDuplicateBars } from './candles/data-quality';
export { exportStrategy } from './export/strategy-export';

// Ticks (docs/conventions.md#fills-with-ticks): trades, the bars built from them, and the run
// that finds exits trade by trade, one chunk of trades at a time if need be.
export { type TickSeries } from './ticks/tick-series';
export { parseTicksCsv } from './ticks/tick-csv';
export { barsFromTicks, type TickBars } from './ticks/tick-bars';
export { decodeTickRunState, encodeTickRunState } from './ticks/tick-run-state';
export { finishTickRun, resumeTickRun } from './ticks/chunked-tick-run';
export { decodeTickChunkResult, encodeTickChunkResult } from './ticks/tick-chunk-text';

// Forward tests (docs/conventions.md#forward-tests): the batch run read bar by bar on live bars,
// and its replay.
export {
  LiveRun,
  replayForwardTest,
  type LiveSignal,
  type LiveState,
  type OpenPosition,
} from './live/live-run';
