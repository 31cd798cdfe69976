/**
 * The engine's public surface: what the worker, the browser and the CLI use. Everything else
 * under src/engine is internal.
 */
export { runBacktest, type BacktestOptions, type BacktestResult } from './backtest';
export { CsvFormatError, parseCandlesCsv } from './candles/csv';
export { decodeSeries, encodeSeries } from './candles/series-binary';
export { aggregateBars } from './candles/aggregate-bars';
export { SessionCalendar, UTC_CALENDAR, minutesOfClock } from './candles/session-calendar';
export {
  createSeries,
  rowsToColumns,
  seriesFromRows,
  seriesToRows,
  type CandleRow,
  type CandleSeries,
} from './candles/series';
export { inferTimeframe, medianBarMinutes } from './candles/timeframe';
export { computeIndicator, resolveSettings, type IndicatorSettingsInput } from './indicators/registry';
export type { Metrics } from './metrics/metrics';
export type { MonthlyReturn } from './metrics/monthly-returns';
export { computeAllPatterns, computePattern } from './patterns/registry';
export type { ExitReason, PositionSide, Trade } from './simulate/trade';
export { EXIT_REASONS, listTrades, tradeAt, type TradeColumns } from './simulate/trade-columns';
export { IsoTimeFormatter } from './simulate/iso-time';
