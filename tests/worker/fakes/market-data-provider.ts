/**
 * A local fake of the EODHD-compatible provider, answering the worker's outbound fetches in
 * tests. The token chooses the behaviour ("<mode>:<anything>"), and calls are counted per
 * token so a test can see whether the cache spared a call (GET https://<host>/__calls?token=).
 */
export const FAKE_PROVIDER_HOST = 'fake-provider.test';
/** A base URL of the fake; tests give each case its own, as if each were another provider. */
export function fakeProviderUrl(): string {
  return `https://${FAKE_PROVIDER_HOST}/${crypto.randomUUID()}/api`;
}

const calls = new Map<string, number>();

const EXCHANGES = [
  { Name: 'USA Stocks', Code: 'US', OperatingMIC: 'XNAS, XNYS', Country: 'USA', Currency: 'USD' },
  { Name: 'London Exchange', Code: 'LSE', OperatingMIC: 'XLON', Country: 'UK', Currency: 'GBP' },
];
const SYMBOLS = [
  {
    Code: 'AAPL',
    Name: 'Apple Inc',
    Country: 'USA',
    Exchange: 'NASDAQ',
    Currency: 'USD',
    Type: 'Common Stock',
    Isin: 'US0378331005',
  },
  {
    Code: 'VTI',
    Name: 'Vanguard Total Stock Market',
    Country: 'USA',
    Exchange: 'NYSE ARCA',
    Currency: 'USD',
    Type: 'ETF',
    Isin: null,
  },
];

function json(status: number, body: unknown) {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
}

function listFor(pathname: string): unknown[] | null {
  if (pathname.endsWith('/api/exchanges-list/')) return EXCHANGES;
  if (pathname.includes('/api/exchange-symbol-list/')) return SYMBOLS;
  return null;
}

export async function fakeMarketDataProvider(request: Request): Promise<Response> {
  const url = new URL(request.url);
  if (url.pathname === '/__calls')
    return json(200, { calls: calls.get(url.searchParams.get('token') ?? '') ?? 0 });

  const token = url.searchParams.get('api_token') ?? '';
  calls.set(token, (calls.get(token) ?? 0) + 1);
  const mode = token.split(':')[0];
  const list = listFor(url.pathname);
  if (!list) return new Response('Not found', { status: 404 });
  // Like EODHD, answer CSV unless fmt=json is asked for.
  if (url.searchParams.get('fmt') !== 'json')
    return new Response('Code,Name\nUS,USA Stocks\n', { status: 200 });

  switch (mode) {
    case 'good':
      return json(200, list);
    case 'unauthenticated':
      return new Response('Unauthenticated', { status: 200, headers: { 'content-type': 'text/plain' } });
    case 'daily-limit':
      return json(402, { message: 'Payment required' });
    case 'minute-limit':
      return json(429, { message: 'Too many requests' });
    case 'server-error':
      return new Response('oops', { status: 500 });
    case 'object':
      return json(200, { error: 'not a list' });
    case 'partial':
      return json(200, [...list, { Name: 'No code' }]);
    case 'slow':
      await new Promise((resolve) => setTimeout(resolve, 1500));
      return json(200, list);
    default:
      return new Response('Unauthenticated', { status: 401 });
  }
}
