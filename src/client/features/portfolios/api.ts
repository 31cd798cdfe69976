/** The portfolio page's calls: the user's portfolios, saving and deleting one, and the exchange list. */
import { queryOptions } from '@tanstack/react-query';
import { exchangesAnswerSchema, stocksAnswerSchema } from '../../../shared/api/market';
import { portfolioAnswerSchema, portfolioListAnswerSchema } from '../../../shared/api/portfolios';
import type { PortfolioInput } from '../../../shared/portfolio';
import { NO_CONTENT, apiFetch } from '../../lib/api-client';

export interface ExchangeChoice {
  code: string;
  name: string;
}

export const portfolioListQuery = () =>
  queryOptions({
    queryKey: ['portfolios'],
    queryFn: async () => (await apiFetch('/api/portfolios', portfolioListAnswerSchema)).portfolios,
  });

/**
 * The market-data exchanges (the fallback's list when no provider is configured). The cache
 * entry holds the whole answer under the builder's key, so both pages share one request.
 */
export const exchangeListQuery = () =>
  queryOptions({
    queryKey: ['market', 'exchanges'],
    queryFn: () => apiFetch('/api/market/exchanges', exchangesAnswerSchema),
    select: (answer) => answer.exchanges,
  });

/** An exchange's symbols, offered while typing a symbol (the builder's cache entry). */
export const symbolListQuery = (exchange: string) =>
  queryOptions({
    queryKey: ['market', 'stocks', exchange],
    queryFn: () =>
      apiFetch(`/api/market/exchanges/${encodeURIComponent(exchange)}/symbols`, stocksAnswerSchema),
    select: (answer) => answer.symbols,
    staleTime: Infinity,
  });

/** Creates a portfolio, or replaces the one with `id`. */
export function savePortfolio(input: PortfolioInput, id?: string) {
  return id
    ? apiFetch(`/api/portfolios/${encodeURIComponent(id)}`, portfolioAnswerSchema, {
        method: 'PUT',
        json: input,
      })
    : apiFetch('/api/portfolios', portfolioAnswerSchema, { method: 'POST', json: input });
}

export function deletePortfolio(id: string) {
  return apiFetch(`/api/portfolios/${encodeURIComponent(id)}`, NO_CONTENT, { method: 'DELETE' });
}
