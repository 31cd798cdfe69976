/**
 * The engine's public surface: what the worker, the browser and the CLI use. Everything else
 * under src/engine is internal.
 */
export { runBacktest, tradedRange, type BacktestOptions, type BacktestResult } from './backtest';
export {
  CsvFormatError,
  joinCsvParts,
  parseCandlesCsv,
  parseCsvPart,
  readCsvHeader,
  type CsvHeader,
  type CsvPart,
} from './candles/csv';
export { decodeSeries, encodeSeries } from './candles/series-binary';
export { aggregateBars } from './candles/aggregate-bars';
export { SessionCalendar, UTC_CALENDAR, minutesOfClock } from './candles/session-calendar';
export {
  createSeries,
  rowsToColumns,
  seriesFromColumns,
  seriesFromRows,
  seriesToRows,
  sliceSeries,
  type CandleRow,
  type CandleSeries,
} from './candles/series';
export { inferTimeframe, medianBarMinutes } from './candles/timeframe';
export {
  computeIndicator,
  indicatorLookback,
  resolveSettings,
  type IndicatorSettingsInput,
} from './indicators/registry';
export { SESSION_MINUTES, TRADING_DAYS_PER_YEAR, barsPerYear } from './metrics/annualisation';
export type { Metrics } from './metrics/metrics';
export type { MonthlyReturn } from './metrics/monthly-returns';
export { computeAllPatterns, computePattern, patternLookback } from './patterns/registry';
export {
  PortfolioError,
  portfolioWeights,
  runPortfolio,
  type PortfolioLeg,
  type PortfolioResult,
  type PortfolioTrade,
  type SymbolResult,
} from './portfolio/portfolio';
export type { ExitReason, PositionSide, Trade } from './simulate/trade';
export { EXIT_REASONS, listTrades, tradeAt, type TradeColumns } from './simulate/trade-columns';
export { IsoTimeFormatter } from './simulate/iso-time';

// Robustness statistics (docs/engine.md#robustness-statistics): overfitting tests, walk-forward, Monte Carlo, suggestions.
export { scoreDecay, type ScoreDecay } from './robustness/decay';
export {
  deflatedSharpeRatio,
  expectedMaximumSharpe,
  probabilisticSharpeRatio,
  type DeflatedSharpe,
  type DeflatedSharpeInput,
  type SharpeEstimate,
} from './robustness/deflated-sharpe';
export {
  monteCarloTrades,
  type MonteCarloMethod,
  type MonteCarloOptions,
  type MonteCarloResult,
} from './robustness/monte-carlo';
export { findPlateau, type GridAxis, type PlateauSuggestion, type ScoredGrid } from './robustness/plateau';
export {
  DEFAULT_PBO_BLOCKS,
  MAX_PBO_BLOCKS,
  probabilityOfBacktestOverfitting,
  type PboOptions,
  type PboResult,
} from './robustness/pbo';
export { dsrTooFewWarning } from './robustness/evidence';
export { returnMoments, sharpeVariance, type ReturnMoments } from './stats/return-moments';
export {
  deflateOverTried,
  perPeriodSharpeVariance,
  type JudgedSharpe,
  type TriedStrategies,
} from './robustness/trials-deflation';
export { returnsMatrixFromColumns, type ReturnsMatrix } from './robustness/returns-matrix';
export { ReturnsCsvError, parseReturnsMatrixCsv } from './robustness/returns-matrix-csv';
export {
  planWalkForward,
  stitchOutOfSampleEquity,
  walkForwardEfficiency,
  type WalkForwardEfficiency,
  type WalkForwardMode,
  type WalkForwardPlanOptions,
  type WalkForwardWindow,
  type WindowEquity,
  type WindowPerformance,
} from './robustness/walk-forward';

// Sweeps (docs/engine.md#sweeps): grids over a request's numeric settings, walk-forward, look-ahead check.
export {
  GridError,
  applySettings,
  checkGrid,
  configurationSettings,
  defaultGrid,
  type CheckedGrid,
  type SweepGrid,
  type SweepSettings,
} from './sweep/grid';
export {
  runSweep,
  scoreOf,
  summariseSweep,
  type SweepConfiguration,
  type SweepDeflatedSharpe,
  type SweepOptions,
  type SweepResult,
  type SweepScore,
  type SweepSummary,
  type SummarisedConfiguration,
} from './sweep/sweep';
export {
  runWalkForward,
  type WalkForwardOptions,
  type WalkForwardResult,
  type WalkForwardWindowResult,
} from './sweep/walk-forward';
export { lookaheadCheck, type LookaheadDifference, type LookaheadReport } from './robustness/lookahead';

// ML backtesting (docs/engine.md#ml-backtesting): features, triple-barrier labels, purged walk-forward.
export {
  assembleMlBacktest,
  prepareMlBacktest,
  runMlBacktest,
  runMlFold,
  type MlBacktestResult,
  type MlFoldOutput,
  type MlPreparedRun,
  type MlFoldResult,
  type MlStrategyRun,
} from './ml/ml-backtest';
export { mlReport } from './ml/report';
export { ML_THRESHOLD_GRID } from './ml/threshold-sweep';

// Market data (pure functions of bars): corporate-action adjustment and data quality.
export {
  adjustForSplits,
  adjustWithAdjustedCloses,
  parseSplitRatio,
  type Split,
} from './candles/price-adjustment';
export {
  SUSPECT_JUMP_DEVIATIONS,
  barQuality,
  dropDuplicateBars,
  type BarQuality,
  type SuspectJump,
} from './candles/data-quality';
export { exportStrategy, type TradingDays } from './export/strategy-export';
export { exchangeTradingDays } from './export/trading-days';

// Ticks (docs/conventions.md#fills-with-ticks): trades, the bars built from them, and the run
// that finds exits trade by trade, one chunk of trades at a time if need be.
export {
  BUY_SIDE,
  SELL_SIDE,
  UNKNOWN_SIDE,
  checkTicks,
  createTickSeries,
  sliceTicks,
  ticksFromColumns,
  type TickSeries,
} from './ticks/tick-series';
export { parseTicksCsv } from './ticks/tick-csv';
export { barsFromTicks, type TickBars } from './ticks/tick-bars';
export { TickRun, type IntrabarSummary, type TickChunk, type TickChunkResult } from './ticks/tick-run';
export {
  decodeTickRunState,
  encodeTickRunState,
  initialTickRunState,
  type OpenTickPosition,
  type TickRunState,
} from './ticks/tick-run-state';
export { finishTickRun, resumeTickRun } from './ticks/chunked-tick-run';
export { decodeTickChunkResult, encodeTickChunkResult } from './ticks/tick-chunk-text';

// Forward tests (docs/conventions.md#forward-tests): the batch run read bar by bar on live bars,
// and its replay.
export {
  LiveRun,
  liveState,
  replayForwardTest,
  type LiveSignal,
  type LiveState,
  type LiveStep,
  type OpenPosition,
  type ReplayDifference,
  type ReplayReport,
} from './live/live-run';
