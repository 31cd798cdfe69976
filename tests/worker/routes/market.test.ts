import { describe, expect, it, vi } from 'vitest';
import { fakeProvider, providerCalls } from '../fakes/fake-provider-for-test';
import { TestBrowser } from '../test-client';

const FALLBACK_WARNING =
  'Using fallback data due to API limitations. Real-time data will be available once API access is restored.';

interface ListBody {
  exchanges?: { code: string; name: string; country: string; currency: string }[];
  symbols?: {
    code: string;
    name: string;
    country: string;
    exchange: string;
    currency: string;
    type: string;
  }[];
  source: string;
  error?: string;
  warning?: string;
}

/** The fake provider: 0.3 s to answer where the test is about time, else a time-out no answer reaches. */
const provider = (mode: string) =>
  fakeProvider(mode, mode === 'slow' || mode === 'stalled-body' ? 300 : 10_000);

async function get(path: string, bindings: Partial<Cloudflare.Env>) {
  const res = await new TestBrowser().request(path, {}, bindings);
  return { res, body: (await res.json()) as ListBody, text: JSON.stringify(res) };
}

describe('GET /api/market/exchanges', () => {
  it('maps the provider’s list, then answers from the KV cache without calling again', async () => {
    const { token, bindings } = provider('good');
    const first = await get('/api/market/exchanges', bindings);
    expect(first.res.status).toBe(200);
    expect(first.body).toEqual({
      exchanges: [
        { code: 'US', name: 'USA Stocks', country: 'USA', currency: 'USD' },
        { code: 'LSE', name: 'London Exchange', country: 'UK', currency: 'GBP' },
      ],
      source: 'provider',
    });
    const second = await get('/api/market/exchanges', bindings);
    expect(second.body.source).toBe('cache');
    expect(second.body.exchanges).toEqual(first.body.exchanges);
    expect(await providerCalls(token)).toBe(1);
    for (const answer of [first, second]) expect(JSON.stringify(answer.body)).not.toContain(token);
  });

  it('lists the 12 bundled exchanges with a neutral note, no banner, when no provider is configured', async () => {
    const { body } = await get('/api/market/exchanges', {
      MARKET_DATA_URL: undefined,
      MARKET_DATA_TOKEN: undefined,
    });
    expect(body.source).toBe('fallback');
    expect(body.exchanges?.map((e) => e.code)).toEqual([
      'US',
      'NASDAQ',
      'LSE',
      'NSE',
      'BSE',
      'TSE',
      'HKEX',
      'ASX',
      'EURONEXT',
      'SSE',
      'SZSE',
      'TSX',
    ]);
    expect(body.error).toBeUndefined();
    expect(body.warning).toBeUndefined();
    expect((body as { note?: string }).note).toBe(
      'Sample data: the S&P 500 sample, your uploads and synthetic demo prices. Add a market-data key for real lists.',
    );
  });

  const failures: [string, string][] = [
    [
      'unauthenticated',
      'The market-data provider did not answer with JSON (Unauthenticated: check the token)',
    ],
    ['daily-limit', 'HTTP error! Status: 402 (the daily request limit of the market-data plan is reached)'],
    [
      'minute-limit',
      'HTTP error! Status: 429 (the per-minute request limit of the market-data provider is reached)',
    ],
    ['server-error', 'HTTP error! Status: 500'],
    ['object', 'The market-data provider answered with something other than a list'],
    ['partial', 'The market-data provider answered with incomplete records'],
    ['slow', 'The market-data provider did not answer within 0.3 s'],
    ['stalled-body', 'The market-data provider did not answer within 0.3 s'],
    ['csv', 'The market-data provider did not answer with JSON'],
    ['empty', 'The market-data provider answered with an empty exchange list'],
  ];

  for (const [mode, message] of failures) {
    it(`treats "${mode}" as a failure: fallback data, banners, and nothing cached`, async () => {
      const { token, bindings } = provider(mode);
      const first = await get('/api/market/exchanges', bindings);
      expect(first.res.status).toBe(200);
      expect(first.body.source).toBe('fallback');
      expect(first.body.exchanges).toHaveLength(12);
      expect(first.body.error).toBe(`API Error: ${message}. Using fallback data.`);
      expect(first.body.warning).toBe(FALLBACK_WARNING);
      expect(JSON.stringify(first.body)).not.toContain(token);
      const second = await get('/api/market/exchanges', bindings);
      expect(second.body.source).toBe('fallback');
      expect(await providerCalls(token)).toBe(2);
    });
  }
});

describe('a provider that cannot be reached', () => {
  it('answers the fallback with the spec’s banners, and caches nothing', async () => {
    // Miniflare turns a failing outbound fake into a 500, so the dropped connection is made here.
    const realFetch = globalThis.fetch;
    const spy = vi.spyOn(globalThis, 'fetch').mockImplementation((input, init) => {
      const url = new URL(input instanceof Request ? input.url : input.toString());
      if (url.searchParams.has('api_token')) return Promise.reject(new TypeError('Network connection lost.'));
      return realFetch(input, init);
    });
    try {
      const { bindings } = provider('good');
      for (let attempt = 1; attempt <= 2; attempt++) {
        const { body } = await get('/api/market/exchanges', bindings);
        expect(body.source).toBe('fallback');
        expect(body.error).toBe(
          'API Error: The market-data provider could not be reached. Using fallback data.',
        );
        expect(body.warning).toBe(FALLBACK_WARNING);
      }
      expect(spy.mock.calls.filter(([input]) => String(input).includes('api_token'))).toHaveLength(2);
    } finally {
      spy.mockRestore();
    }
  });
});

describe('GET /api/market/exchanges/:code/symbols', () => {
  it('maps the provider’s symbols and caches them per exchange', async () => {
    const { token, bindings } = provider('good');
    const { body } = await get('/api/market/exchanges/us/symbols', bindings);
    expect(body).toEqual({
      symbols: [
        {
          code: 'AAPL',
          name: 'Apple Inc',
          country: 'USA',
          exchange: 'NASDAQ',
          currency: 'USD',
          type: 'Common Stock',
        },
        {
          code: 'VTI',
          name: 'Vanguard Total Stock Market',
          country: 'USA',
          exchange: 'NYSE ARCA',
          currency: 'USD',
          type: 'ETF',
        },
      ],
      source: 'provider',
    });
    expect((await get('/api/market/exchanges/US/symbols', bindings)).body.source).toBe('cache');
    expect((await get('/api/market/exchanges/LSE/symbols', bindings)).body.source).toBe('provider');
    expect(await providerCalls(token)).toBe(2);
  });

  it('falls back to 5 stocks for US, NASDAQ and NSE and none for the others', async () => {
    const { bindings } = provider('server-error');
    for (const [code, count] of [
      ['US', 5],
      ['NASDAQ', 5],
      ['NSE', 5],
      ['LSE', 0],
      ['TSX', 0],
    ] as const) {
      const { body } = await get(`/api/market/exchanges/${code}/symbols`, bindings);
      expect(body.source).toBe('fallback');
      expect(body.symbols).toHaveLength(count);
      expect(body.error).toBe('API Error: HTTP error! Status: 500. Using fallback data.');
    }
  });

  it('refuses a malformed exchange code with 400 and a field path', async () => {
    const res = await new TestBrowser().request('/api/market/exchanges/US%3Bdrop/symbols');
    expect(res.status).toBe(400);
    const body = (await res.json()) as { error: { fields: { path: string }[] } };
    expect(body.error.fields[0]?.path).toBe('code');
  });
});
