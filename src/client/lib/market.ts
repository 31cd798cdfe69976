/** The market lists the builder and the portfolio page both offer: exchanges and an exchange's stocks. */
import { queryOptions } from '@tanstack/react-query';
import { exchangesAnswerSchema, stocksAnswerSchema } from '../../shared/api/market';
import { apiFetch } from './api-client';
import { queryKeys } from './query-keys';

export function listExchanges() {
  return apiFetch('/api/market/exchanges', exchangesAnswerSchema);
}

export function listStocks(exchange: string) {
  return apiFetch(`/api/market/exchanges/${encodeURIComponent(exchange)}/symbols`, stocksAnswerSchema);
}

/** The market-data exchanges (the fallback's list when no provider is configured). */
export const exchangesQuery = () => queryOptions({ queryKey: queryKeys.exchanges, queryFn: listExchanges });

/** An exchange's stocks are kept for the visit once loaded (the worker caches them a day). */
export const stocksQuery = (exchange: string) =>
  queryOptions({
    queryKey: queryKeys.stocksOf(exchange),
    queryFn: () => listStocks(exchange),
    staleTime: Infinity,
  });
