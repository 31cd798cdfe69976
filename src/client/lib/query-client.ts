import { QueryClient } from '@tanstack/react-query';

/**
 * The one cache of server state. A failed load shows its error and a "Try again" button at
 * once (the spec's banners), so queries do not retry by themselves or refetch on window focus.
 */
export function createQueryClient(): QueryClient {
  return new QueryClient({ defaultOptions: { queries: { retry: false, refetchOnWindowFocus: false } } });
}
