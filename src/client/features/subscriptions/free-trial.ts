import { queryOptions } from '@tanstack/react-query';
import { queryKeys } from '../../lib/query-keys';

/**
 * The server's payment providers for a page that only needs the free trial's length (the home
 * page): the billing API's code and its plans load with the first fetch, not with the page.
 */
export const lazyPaymentProvidersQuery = () =>
  queryOptions({
    queryKey: queryKeys.paymentProviders,
    queryFn: async () => (await import('./api')).fetchPaymentProviders(),
  });
