/** The API reference's one call: the OpenAPI document it shows. */
import { queryOptions } from '@tanstack/react-query';
import { apiFetch } from '../../lib/api-client';
import { queryKeys } from '../../lib/query-keys';
import { openApiDocumentSchema } from './openapi-document';

/** GET /api/openapi.json: the document of every route, read once per visit. */
export const openApiDocumentQuery = () =>
  queryOptions({
    queryKey: queryKeys.openApiDocument,
    queryFn: () => apiFetch('/api/openapi.json', openApiDocumentSchema),
    staleTime: Infinity,
  });
