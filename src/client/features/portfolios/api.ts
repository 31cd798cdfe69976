/** The portfolio page's calls: the user's portfolios, saving and deleting one, and the market lists. */
import { queryOptions } from '@tanstack/react-query';
import { portfolioAnswerSchema } from '../../../shared/api/portfolios';
import type { PortfolioInput } from '../../../shared/portfolio';
import { NO_CONTENT, apiFetch } from '../../lib/api-client';
import { exchangesQuery, stocksQuery } from '../../lib/market';

/** The exchanges, from the cache entry the builder shares. */
export const exchangeListQuery = () =>
  queryOptions({ ...exchangesQuery(), select: (answer) => answer.exchanges });

/** An exchange's symbols, offered while typing a symbol (the builder's cache entry). */
export const stockListQuery = (exchange: string) =>
  queryOptions({ ...stocksQuery(exchange), select: (answer) => answer.symbols });

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
