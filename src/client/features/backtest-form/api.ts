/** The builder's calls to our API (the worker talks to the market-data provider, never the browser). */
import { queryOptions } from '@tanstack/react-query';
import type { BacktestRequestInput } from '../../../shared/backtest-request';
import type { Usage } from '../../../shared/usage';
import { apiFetch } from '../../lib/api-client';

export interface Exchange {
  code: string;
  name: string;
  country: string;
  currency: string;
}

export interface Stock {
  code: string;
  name: string;
  country: string;
  exchange: string;
  currency: string;
  type: string;
}

/** Where a list came from; with `error` and `warning` when the provider failed (spec 8). */
export interface MarketListAnswer {
  source: 'provider' | 'cache' | 'fallback';
  error?: string;
  warning?: string;
}

export interface Dataset {
  id: string;
  name: string;
  rows: number;
  /** First and last bar, ISO 8601. */
  from: string;
  to: string;
  /** Candle timeframe code ('5m' ... '1d'), or null when the spacing is irregular. */
  timeframe: string | null;
}

export function listExchanges() {
  return apiFetch<MarketListAnswer & { exchanges: Exchange[] }>('/api/market/exchanges');
}

export function listStocks(exchange: string) {
  return apiFetch<MarketListAnswer & { symbols: Stock[] }>(
    `/api/market/exchanges/${encodeURIComponent(exchange)}/symbols`,
  );
}

/** The signed-in user's uploaded datasets. */
export async function listDatasets() {
  return (await apiFetch<{ datasets: Dataset[] }>('/api/datasets')).datasets;
}

export const exchangesQuery = () =>
  queryOptions({ queryKey: ['market', 'exchanges'], queryFn: listExchanges });

/** An exchange's stocks are kept for the visit once loaded (the worker caches them a day). */
export const stocksQuery = (exchange: string) =>
  queryOptions({
    queryKey: ['market', 'stocks', exchange],
    queryFn: () => listStocks(exchange),
    staleTime: Infinity,
  });

export const datasetsQuery = () => queryOptions({ queryKey: ['datasets'], queryFn: listDatasets });

/** Uploads an OHLCV CSV as a multipart form; a blank name leaves the file's own name. */
export async function uploadDataset(file: File, name: string) {
  const body = new FormData();
  body.append('file', file);
  const query = name.trim() ? `?name=${encodeURIComponent(name.trim())}` : '';
  return (await apiFetch<{ dataset: Dataset }>(`/api/datasets${query}`, { method: 'POST', body })).dataset;
}

export function deleteDataset(id: string) {
  return apiFetch<void>(`/api/datasets/${encodeURIComponent(id)}`, { method: 'DELETE' });
}

/** Runs and stores a backtest; the result page reads it by id. */
export function submitBacktest(request: BacktestRequestInput) {
  return apiFetch<{ id: string; result: unknown }>('/api/backtests', { method: 'POST', json: request });
}

/** The signed-in user's backtests this month against the plan's limit. */
export function fetchUsage() {
  return apiFetch<Usage>('/api/usage');
}
