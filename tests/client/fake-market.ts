/**
 * The API the builder page asks on opening, as a healthy server answers it: exchanges and their
 * stocks, the signed-in user's uploaded datasets with their storage, the month's usage, and no
 * jobs in flight.
 */
import { FALLBACK_WARNING } from '../../src/shared/fallback-market';
import { fakeApi, jsonResponse } from './fake-api';

export const EXCHANGES = [
  { code: 'US', name: 'USA Stocks', country: 'USA', currency: 'USD' },
  { code: 'NSE', name: 'National Stock Exchange of India', country: 'India', currency: 'INR' },
  { code: 'LSE', name: 'London Stock Exchange', country: 'UK', currency: 'GBP' },
];
export const stock = (code: string, name: string, exchange: string) => ({
  code,
  name,
  country: '',
  exchange,
  currency: '',
  type: 'Common Stock',
});
export const STOCKS: Record<string, ReturnType<typeof stock>[]> = {
  US: [stock('AAPL', 'Apple Inc', 'US'), stock('MSFT', 'Microsoft Corporation', 'US')],
  NSE: [stock('TCS', 'Tata Consultancy Services', 'NSE'), stock('INFY', 'Infosys', 'NSE')],
  LSE: [],
};
export const DATASETS = [
  {
    id: '3f2a9c1e-1111-4a4a-9b9b-123456789abc',
    name: 'BTC hourly',
    rows: 8760,
    from: '2024-01-01T00:00:00.000Z',
    to: '2024-12-31T23:00:00.000Z',
    timeframe: '1h',
  },
];

/** Basic's cap, with BTC hourly's 1.5 MB stored. */
export const STORAGE = { files: 1, bytes: 1_572_864, maxFiles: 20, maxBytes: 50 * 1024 * 1024 };

export type Routes = Parameters<typeof fakeApi>[0];

/** The market API of a healthy provider, plus whatever a test adds or replaces. Returns the calls. */
export function marketApi(overrides: Routes = {}) {
  const routes: Routes = {
    'GET /api/market/exchanges': () => jsonResponse(200, { exchanges: EXCHANGES, source: 'provider' }),
    'GET /api/datasets': () => jsonResponse(200, { datasets: DATASETS, storage: STORAGE }),
    'GET /api/usage': () => jsonResponse(200, { used: 2, limit: 5, resetsOn: '2026-12-01' }),
    'GET /api/jobs': () => jsonResponse(200, { jobs: [] }),
  };
  for (const [code, symbols] of Object.entries(STOCKS)) {
    routes[`GET /api/market/exchanges/${code}/symbols`] = () =>
      jsonResponse(200, { symbols, source: 'provider' });
  }
  return fakeApi({ ...routes, ...overrides });
}

/** The server's fallback lists of exchanges and US stocks, sent when the provider failed with `error`. */
export function fallbackRoutes(error: string): Routes {
  const fallback = { source: 'fallback', error, warning: FALLBACK_WARNING };
  return {
    'GET /api/market/exchanges': () => jsonResponse(200, { exchanges: EXCHANGES, ...fallback }),
    'GET /api/market/exchanges/US/symbols': () => jsonResponse(200, { symbols: STOCKS.US, ...fallback }),
  };
}
