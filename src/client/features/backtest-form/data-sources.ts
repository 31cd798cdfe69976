/**
 * The two data sources besides the market lists: the bundled S&P 500 sample and the user's own
 * uploads. Both travel in the request as an exchange code with a symbol, as the worker reads them.
 */
import type { Timeframe } from '../../../shared/backtest-vocabulary';
import { PORTFOLIO_EXCHANGE } from '../../../shared/portfolio';
import type { Dataset } from './api';

export const SAMPLE_EXCHANGE = 'INDX';
export const SAMPLE_STOCK = 'GSPC';
export const SAMPLE_EXCHANGE_LABEL = 'S&P 500 sample';
export const SAMPLE_STOCK_LABEL = 'S&P 500, daily 2000-2020';
/** The bundled file's first and last day (vega-datasets' sp500). */
export const SAMPLE_RANGE = { from: '2000-01-03', to: '2020-04-17' } as const;
export const SAMPLE_TIMEFRAME: Timeframe = '1 day';

/** Uploads are exchange UPLOAD with the dataset id as the symbol. */
export const UPLOAD_EXCHANGE = 'UPLOAD';

const TIMEFRAME_BY_CODE: Record<string, Timeframe> = {
  '5m': '5 min',
  '15m': '15 min',
  '30m': '30 min',
  '1h': '1 hour',
  '1d': '1 day',
};

/** The timeframe a dataset's bars have, when they have a regular one. */
export function datasetTimeframe(dataset: Dataset | undefined): Timeframe | undefined {
  return dataset?.timeframe ? TIMEFRAME_BY_CODE[dataset.timeframe] : undefined;
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
