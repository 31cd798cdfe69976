/**
 * The engine's surface for the web app (src/client): the chart's indicators, the metric
 * definitions' annualisation, Monte Carlo and the robustness grid, and the strategy exports. The
 * worker's surface is src/engine/index.ts, the CLI's src/engine/cli.ts; the rest of src/engine is
 * internal.
 */
export { type CandleSeries, seriesFromColumns } from './candles/series';
export { computeIndicator, resolveSettings } from './indicators/registry';
export { barsPerYear, SESSION_MINUTES, TRADING_DAYS_PER_YEAR } from './metrics/annualisation';
export { type MonteCarloMethod, type MonteCarloResult, monteCarloTrades } from './robustness/monte-carlo';
export { applySettings, defaultGrid } from './sweep/grid';
export { exportStrategy } from './export/strategy-export';
