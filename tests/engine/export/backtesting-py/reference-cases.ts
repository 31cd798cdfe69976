/**
 * The backtesting.py reference cases: each request in requests/ (named <dataset>--<strategy>)
 * with its dataset in data/, the trades backtesting.py 0.6.6 made running the request's Python
 * export (trades/, written by scripts/backtesting-py-goldens.mjs), and the engine's trades on
 * the same bars, read in the exchange's trading days as a run on the server reads them.
 */
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import {
  type CandleSeries,
  type Trade,
  SessionCalendar,
  listTrades,
  parseCandlesCsv,
  runBacktest,
} from '../../../../src/engine/index';
import { exchangeTradingDays } from '../../../../src/engine/export/trading-days';
import { type BacktestRequest, backtestRequestSchema } from '../../../../src/shared/backtest-request';

const HERE = new URL('.', import.meta.url).pathname;

export interface ReferenceCase {
  /** "<dataset>--<strategy>", the request's file name. */
  name: string;
  dataset: string;
  strategy: string;
  request: BacktestRequest;
  series: CandleSeries;
  /** The engine's trades on the dataset. */
  trades: Trade[];
  /** backtesting.py's trades: [entry time, exit time], ISO 8601 UTC bar open times. */
  golden: [string, string][];
  /** SHA-256 of the Python file backtesting.py ran. */
  exportSha256: string;
}

const seriesCache = new Map<string, CandleSeries>();

function datasetSeries(dataset: string, request: BacktestRequest): CandleSeries {
  const days = exchangeTradingDays(request.exchange);
  const key = `${dataset} ${days.timeZone} ${days.openMinute}`;
  let series = seriesCache.get(key);
  if (!series) {
    const bars = parseCandlesCsv(readFileSync(join(HERE, 'data', `${dataset}.csv`)));
    series = { ...bars, calendar: new SessionCalendar(days.timeZone, days.openMinute) };
    seriesCache.set(key, series);
  }
  return series;
}

export function referenceCases(): ReferenceCase[] {
  return readdirSync(join(HERE, 'requests'))
    .sort()
    .map((file) => {
      const name = file.replace(/\.json$/, '');
      const [dataset, strategy] = name.split('--') as [string, string];
      const request = backtestRequestSchema.parse(
        JSON.parse(readFileSync(join(HERE, 'requests', file), 'utf8')),
      );
      const series = datasetSeries(dataset, request);
      const trades = listTrades(runBacktest(request, series).trades, series.t);
      const { trades: golden, exportSha256 } = JSON.parse(
        readFileSync(join(HERE, 'trades', `${name}.json`), 'utf8'),
      ) as { trades: [string, string][]; exportSha256: string };
      return { name, dataset, strategy, request, series, trades, golden, exportSha256 };
    });
}

/** "entry exit": a trade's key for comparing trade lists by entry and exit time. */
export const tradeKey = (entryTime: string, exitTime: string) => `${entryTime} ${exitTime}`;
