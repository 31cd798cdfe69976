/** The portfolio page's calls: the user's portfolios, saving and deleting one, and the exchange list. */
import { queryOptions } from '@tanstack/react-query';
import type { Portfolio, PortfolioInput } from '../../../shared/portfolio';
import { apiFetch } from '../../lib/api-client';

export interface ExchangeChoice {
  code: string;
  name: string;
}

export const portfolioListQuery = () =>
  queryOptions({
    queryKey: ['portfolios'],
    queryFn: async () => (await apiFetch<{ portfolios: Portfolio[] }>('/api/portfolios')).portfolios,
  });

/**
 * The market-data exchanges (the fallback's list when no provider is configured). The cache
 * entry holds the whole answer under the builder's key, so both pages share one request.
 */
export const exchangeListQuery = () =>
  queryOptions({
    queryKey: ['market', 'exchanges'],
    queryFn: () => apiFetch<{ exchanges: ExchangeChoice[] }>('/api/market/exchanges'),
    select: (answer) => answer.exchanges,
  });

/** An exchange's symbols, offered while typing a symbol (the builder's cache entry). */
export const symbolListQuery = (exchange: string) =>
  queryOptions({
    queryKey: ['market', 'stocks', exchange],
    queryFn: () =>
      apiFetch<{ symbols: { code: string; name: string }[] }>(
        `/api/market/exchanges/${encodeURIComponent(exchange)}/symbols`,
      ),
    select: (answer) => answer.symbols,
    staleTime: Infinity,
  });

/** Creates a portfolio, or replaces the one with `id`. */
export function savePortfolio(input: PortfolioInput, id?: string) {
  return id
    ? apiFetch<Portfolio>(`/api/portfolios/${encodeURIComponent(id)}`, { method: 'PUT', json: input })
    : apiFetch<Portfolio>('/api/portfolios', { method: 'POST', json: input });
}

export function deletePortfolio(id: string) {
  return apiFetch<void>(`/api/portfolios/${encodeURIComponent(id)}`, { method: 'DELETE' });
}
