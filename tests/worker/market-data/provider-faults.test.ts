/**
 * Faults of the market-data provider, injected through the local fake (tests/worker/fakes):
 * what the user gets and what is (not) left in the KV cache afterwards. No wall-clock bound: a
 * fault that stalls past the time-out shows in the answer's text (the fake never answers sooner).
 */
import { env } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import { fakeProvider, providerCalls } from '../fakes/fake-provider-for-test';
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
}

const provider = (mode: string, timeoutMs = 300) => fakeProvider(mode, timeoutMs);

async function get(path: string, bindings: Partial<Cloudflare.Env>): Promise<Answer> {
  const res = await new TestBrowser().request(path, {}, bindings);
  return { status: res.status, body: (await res.json()) as Answer['body'] };
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

  it('a candle answer of 110,000 bars of one day: one bar kept, the duplicates counted', async () => {
    const { bindings } = provider('too-many-bars', 10_000);
    const answer = await get(CANDLES_VOD, bindings);
    expect(answer.status).toBe(200);
    expect(answer.body.candles?.t).toHaveLength(1);
    expect((answer.body as { duplicatesDropped?: number }).duplicatesDropped).toBe(109_999);
  });
});

const TIMEOUT_MS = 300;
/**
 * The faults that are not about time: a time-out they can never reach, so that a busy machine
 * (two test files at once) cannot turn their answer into a time-out.
 */
const NO_TIMEOUT_MS = 10_000;
const TIMED_OUT = `The market-data provider did not answer within ${TIMEOUT_MS / 1000} s`;
const API_ERROR = (message: string) => `API Error: ${message}. Using fallback data.`;

describe('each provider fault: the spec’s texts, within the time-out, and nothing in KV', () => {
  const faults = [
    ['stall', TIMED_OUT],
    ['slow', TIMED_OUT],
    ['stalled-body', TIMED_OUT],
    ['server-error', 'HTTP error! Status: 500'],
    [
      'minute-limit',
      'HTTP error! Status: 429 (the per-minute request limit of the market-data provider is reached)',
    ],
    ['daily-limit', 'HTTP error! Status: 402 (the daily request limit of the market-data plan is reached)'],
    ['html', 'The market-data provider did not answer with JSON'],
    ['truncated', 'The market-data provider did not answer with JSON'],
    ['oversized-declared', TOO_LARGE],
  ] as const;

  for (const [mode, message] of faults) {
    it(`"${mode}"`, async () => {
      const { token, url, bindings } = provider(mode, message === TIMED_OUT ? TIMEOUT_MS : NO_TIMEOUT_MS);
      const answers = {
        exchanges: await get('/api/market/exchanges', bindings),
        symbols: await get('/api/market/exchanges/US/symbols', bindings),
        fallbackStock: await get(CANDLES_AAPL, bindings),
        otherStock: await get(CANDLES_VOD, bindings),
      };
      for (const list of [answers.exchanges, answers.symbols]) {
        expect(list.status).toBe(200);
        expect(list.body.source).toBe('fallback');
        expect(list.body.error).toBe(API_ERROR(message));
        expect(list.body.warning).toBe(FALLBACK_WARNING);
      }
      expect(answers.exchanges.body.exchanges).toHaveLength(12);
      expect(answers.symbols.body.symbols).toHaveLength(5);
      expect(answers.fallbackStock.status).toBe(200);
      expect(answers.fallbackStock.body.source).toBe('synthetic');
      expect(answers.fallbackStock.body.warnings?.slice(0, 2)).toEqual([
        API_ERROR(message),
        FALLBACK_WARNING,
      ]);
      expect(answers.otherStock.status).toBe(502);
      expect(answers.otherStock.body.error).toEqual({
        code: 'bad_gateway',
        message: `Market data could not be loaded: ${message}.`,
      });
      for (const answer of Object.values(answers)) expect(JSON.stringify(answer.body)).not.toContain(token);
      expect(await cachedKeys(url)).toEqual([]);
      expect(await providerCalls(token)).toBe(4);
    });
  }
});

describe('a flapping provider (every other call fails)', () => {
  it('serves the fallback while it fails, caches the first good answer, then answers from the cache', async () => {
    const { token, url, bindings } = provider('flapping', NO_TIMEOUT_MS);
    const first = await get('/api/market/exchanges', bindings);
    expect(first.body).toMatchObject({ source: 'fallback', error: API_ERROR('HTTP error! Status: 503') });
    expect(await cachedKeys(url)).toEqual([]);
    const second = await get('/api/market/exchanges', bindings);
    expect(second.body.source).toBe('provider');
    expect(second.body.exchanges?.map((e) => e.code)).toEqual(['US', 'LSE']);
    const third = await get('/api/market/exchanges', bindings);
    expect(third.body.source).toBe('cache');
    expect(third.body.exchanges).toEqual(second.body.exchanges);

    const failedCandles = await get(CANDLES_AAPL, bindings);
    expect(failedCandles.body.source).toBe('synthetic');
    expect(failedCandles.body.warnings?.[0]).toBe(API_ERROR('HTTP error! Status: 503'));
    const goodCandles = await get(CANDLES_AAPL, bindings);
    expect(goodCandles.body.source).toBe('provider');
    expect((await get(CANDLES_AAPL, bindings)).body.source).toBe('cache');

    expect(await providerCalls(token)).toBe(4);
    const keys = await cachedKeys(url);
    expect(keys).toHaveLength(2);
    expect(keys.some((key) => key.endsWith(':exchanges'))).toBe(true);
    expect(keys.some((key) => key.includes(':candles:AAPL.US:1d:'))).toBe(true);
  });
});

describe('a slow provider inside the time-out', () => {
  it('is waited for, and its answer cached', async () => {
    const { token, url, bindings } = provider('slow', 5000);
    const answer = await get('/api/market/exchanges', bindings);
    // The fake answers after 1.5 s: a provider answer (not the fallback) is one that was waited for.
    expect(answer.body.source).toBe('provider');
    expect(await cachedKeys(url)).toHaveLength(1);
    expect((await get('/api/market/exchanges', bindings)).body.source).toBe('cache');
    expect(await providerCalls(token)).toBe(1);
  });
});
