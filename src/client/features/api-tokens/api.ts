/** The account page's token calls: list, create (the token is answered once), revoke. */
import { queryOptions } from '@tanstack/react-query';
import { tokenCreatedAnswerSchema, tokenListAnswerSchema } from '../../../shared/api/tokens';
import type { TokenCreate } from '../../../shared/api-tokens';
import { NO_CONTENT, apiFetch } from '../../lib/api-client';
import { queryKeys } from '../../lib/query-keys';

export const tokensQuery = () =>
  queryOptions({ queryKey: queryKeys.tokens, queryFn: () => apiFetch('/api/tokens', tokenListAnswerSchema) });

export const createToken = (token: TokenCreate) =>
  apiFetch('/api/tokens', tokenCreatedAnswerSchema, { method: 'POST', json: token });

export const revokeToken = (id: string) =>
  apiFetch(`/api/tokens/${encodeURIComponent(id)}`, NO_CONTENT, { method: 'DELETE' });
