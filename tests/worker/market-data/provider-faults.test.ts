/**
 * Faults of the market-data provider, injected through the local fake (tests/worker/fakes):
 * what the user gets, how long it takes, and what is (not) left in the KV cache afterwards.
 */
import { env } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import { fakeProviderUrl } from '../fakes/market-data-provider';
import { TestBrowser } from '../test-client';

const FALLBACK_WARNING =
  'Using fallback data due to API limitations. Real-time data will be available once API access is restored.';
const TOO_LARGE = 'The market-data provider answered with more than 16 MB';

interface Answer {
  status: number;
  body: {
    exchanges?: { code: string }[];
    symbols?: { code: string }[];
    candles?: { t: number[] };
    source?: string;
    error?: string | { code: string; message: string };
    warning?: string;
    warnings?: string[];
  };
  ms: number;
}

function provider(mode: string, timeoutMs = 300) {
  const url = fakeProviderUrl();
  const token = `${mode}:${crypto.randomUUID()}`;
  return {
    token,
    url,
    bindings: { MARKET_DATA_URL: url, MARKET_DATA_TOKEN: token, MARKET_DATA_TIMEOUT_MS: String(timeoutMs) },
  };
}

async function get(path: string, bindings: Partial<Cloudflare.Env>): Promise<Answer> {
  const started = Date.now();
  const res = await new TestBrowser().request(path, {}, bindings);
  return { status: res.status, body: (await res.json()) as Answer['body'], ms: Date.now() - started };
}

async function providerCalls(token: string): Promise<number> {
  const res = await fetch(`https://fake-provider.test/__calls?token=${encodeURIComponent(token)}`);
  return ((await res.json()) as { calls: number }).calls;
}

/** The cache keys written for one fake provider (keys name its host and path, never the token). */
async function cachedKeys(url: string): Promise<string[]> {
  const { keys } = await env.CACHE.list({ prefix: 'md:' });
  return keys.map((key) => key.name).filter((name) => name.includes(url.replace('https://', '')));
}

const CANDLES_AAPL = '/api/market/candles?exchange=US&symbol=AAPL&timeframe=1d&from=2023-09-04&to=2023-09-08';
const CANDLES_VOD = '/api/market/candles?exchange=LSE&symbol=VOD&timeframe=1d&from=2023-09-04&to=2023-09-08';

describe('a provider answer larger than the byte limit', () => {
  for (const mode of ['oversized', 'oversized-declared']) {
    it(`gives the fallback lists with the spec’s banners, never a 500, and caches nothing ("${mode}")`, async () => {
      const { token, url, bindings } = provider(mode, 10_000);
      for (const [path, key, count] of [
        ['/api/market/exchanges', 'exchanges', 12],
        ['/api/market/exchanges/US/symbols', 'symbols', 5],
      ] as const) {
        const answer = await get(path, bindings);
        expect(answer.status, path).toBe(200);
        expect(answer.body.source).toBe('fallback');
        expect(answer.body[key]).toHaveLength(count);
        expect(answer.body.error).toBe(`API Error: ${TOO_LARGE}. Using fallback data.`);
        expect(answer.body.warning).toBe(FALLBACK_WARNING);
      }
      const candles = await get(CANDLES_AAPL, bindings);
      expect(candles.status).toBe(200);
      expect(candles.body.source).toBe('synthetic');
      expect(candles.body.warnings?.slice(0, 2)).toEqual([
        `API Error: ${TOO_LARGE}. Using fallback data.`,
        FALLBACK_WARNING,
      ]);
      expect(await cachedKeys(url)).toEqual([]);
      expect(await providerCalls(token)).toBe(3);
    });
  }
});

describe('answers that are not complete and usable are never cached', () => {
  it('an empty symbol list: the fallback with banners, asked again next time', async () => {
    const { token, url, bindings } = provider('empty');
    for (let attempt = 1; attempt <= 2; attempt++) {
      const answer = await get('/api/market/exchanges/NSE/symbols', bindings);
      expect(answer.status).toBe(200);
      expect(answer.body.source).toBe('fallback');
      expect(answer.body.symbols).toHaveLength(5);
      expect(answer.body.error).toBe(
        'API Error: The market-data provider answered with an empty symbol list. Using fallback data.',
      );
    }
    expect(await providerCalls(token)).toBe(2);
    expect(await cachedKeys(url)).toEqual([]);
  });

  it('an empty candle list: answered with its warning, asked again next time', async () => {
    const { token, url, bindings } = provider('empty');
    for (let attempt = 1; attempt <= 2; attempt++) {
      const answer = await get(CANDLES_VOD, bindings);
      expect(answer.status).toBe(200);
      expect(answer.body.source).toBe('provider');
      expect(answer.body.candles?.t).toEqual([]);
      expect(answer.body.warnings).toEqual(['No bars between 2023-09-04 and 2023-09-08.']);
    }
    expect(await providerCalls(token)).toBe(2);
    expect(await cachedKeys(url)).toEqual([]);
  });

  it('a candle answer with too many bars: 400 with the limit, asked again next time', async () => {
    const { token, url, bindings } = provider('too-many-bars', 10_000);
    for (let attempt = 1; attempt <= 2; attempt++) {
      const answer = await get(CANDLES_VOD, bindings);
      expect(answer.status).toBe(400);
      expect(answer.body.error).toMatchObject({
        code: 'invalid_request',
        message: expect.stringMatching(/at most 100000/),
      });
    }
    expect(await providerCalls(token)).toBe(2);
    expect(await cachedKeys(url)).toEqual([]);
  });
});
