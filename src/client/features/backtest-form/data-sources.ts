/**
 * The two data sources besides the market lists: the bundled S&P 500 sample and the user's own
 * uploads. Both travel in the request as an exchange code with a symbol, as the worker reads them.
 */
import type { Timeframe } from '../../../shared/backtest-vocabulary';
import type { Dataset } from '../../../shared/api/datasets';
import { SAMPLE_EXCHANGE, UPLOAD_EXCHANGE } from '../../../shared/data-sources';
import { timeframeOfCode } from '../../../shared/timeframes';
import { PORTFOLIO_EXCHANGE } from '../../../shared/portfolio';

export {
  SAMPLE_EXCHANGE,
  SAMPLE_SYMBOL as SAMPLE_STOCK,
  UPLOAD_EXCHANGE,
} from '../../../shared/data-sources';
export const SAMPLE_EXCHANGE_LABEL = 'S&P 500 sample';
export const SAMPLE_STOCK_LABEL = 'S&P 500, daily 2000-2020';
/** The bundled file's first and last day (vega-datasets' sp500). */
export const SAMPLE_RANGE = { from: '2000-01-03', to: '2020-04-17' } as const;
export const SAMPLE_TIMEFRAME: Timeframe = '1 day';

/** The timeframe a dataset's bars have, when they have a regular one. */
export function datasetTimeframe(dataset: Dataset | undefined): Timeframe | undefined {
  return dataset?.timeframe ? timeframeOfCode(dataset.timeframe) : undefined;
}

/** A dataset's first and last day (UTC), as the date fields take them. */
export const datasetRange = (dataset: Dataset) => ({
  from: dataset.from.slice(0, 10),
  to: dataset.to.slice(0, 10),
});

/** “BTC hourly” has 8,760 1 hour bars from 2024-01-01 to 2024-12-31 */
export function describeDataset(dataset: Dataset): string {
  const timeframe = datasetTimeframe(dataset);
  const { from, to } = datasetRange(dataset);
  return `“${dataset.name}” has ${dataset.rows.toLocaleString('en-US')} ${timeframe ? `${timeframe} ` : ''}bars from ${from} to ${to}`;
}

/** Sources whose stocks are known here, without asking the market API (portfolios list the user's). */
export const isLocalSource = (exchange: string) =>
  exchange === SAMPLE_EXCHANGE || exchange === UPLOAD_EXCHANGE || exchange === PORTFOLIO_EXCHANGE;
