/** The signed-in user's portfolios: the portfolio page lists them, the builder offers them as a source. */
import { queryOptions } from '@tanstack/react-query';
import { portfolioListAnswerSchema } from '../../shared/api/portfolios';
import { apiFetch } from './api-client';
import { queryKeys } from './query-keys';

export const portfolioListQuery = () =>
  queryOptions({
    queryKey: queryKeys.portfolios,
    queryFn: async () => (await apiFetch('/api/portfolios', portfolioListAnswerSchema)).portfolios,
  });
