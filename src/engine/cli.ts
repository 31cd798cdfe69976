/**
 * The engine's surface for the command-line tool (src/cli) and the benchmarks: reading candle,
 * tick and returns files, every run the CLI offers, and the output helpers. The worker's surface
 * is src/engine/index.ts, the browser's src/engine/browser.ts; the rest of src/engine is internal.
 */
export { runBacktest, tradedRange } from './backtest';
export { CsvFormatError, joinCsvParts, parseCandlesCsv, parseCsvPart, readCsvHeader } from './candles/csv';
export { aggregateBars } from './candles/aggregate-bars';
export { minutesOfClock, SessionCalendar } from './candles/session-calendar';
export { type CandleSeries, rowsToColumns, seriesToRows } from './candles/series';
export { computeIndicator, resolveSettings } from './indicators/registry';
export { computeAllPatterns } from './patterns/registry';
export { PortfolioError, type PortfolioLeg, runPortfolio } from './portfolio/portfolio';
export { EXIT_REASONS, listTrades, type TradeColumns } from './simulate/trade-columns';
export { IsoTimeFormatter } from './simulate/iso-time';
export { deflatedSharpeRatio } from './robustness/deflated-sharpe';
export { DEFAULT_PBO_BLOCKS, MAX_PBO_BLOCKS, probabilityOfBacktestOverfitting } from './robustness/pbo';
export { perPeriodSharpeVariance } from './robustness/trials-deflation';
export { parseReturnsMatrixCsv } from './robustness/returns-matrix-csv';
export { GridError } from './sweep/grid';
export { runSweep } from './sweep/sweep';
export { runWalkForward } from './sweep/walk-forward';
export { lookaheadCheck } from './robustness/lookahead';
export { runMlBacktest } from './ml/ml-backtest';
export { mlReport } from './ml/report';
export { barQuality } from './candles/data-quality';
export { exportStrategy } from './export/strategy-export';
export { exchangeTradingDays } from './export/trading-days';
export { parseTicksCsv } from './ticks/tick-csv';
export { barsFromTicks, type TickBars } from './ticks/tick-bars';
