import { env } from 'cloudflare:test';
import { beforeAll, describe, expect, it } from 'vitest';
import { backtestRequestSchema } from '../../../src/shared/backtest-request';
import { MAX_DATASET_BYTES } from '../../../src/shared/datasets';
import { ORIGIN, TestBrowser, requestApp } from '../test-client';

interface ErrorBody {
  error: { code: string; message: string };
}

/** A body of `bytes` bytes sent in 16 KB chunks with no Content-Length, counting what was read. */
function countedStream(bytes: number) {
  const chunk = new Uint8Array(16 * 1024).fill(0x61);
  const counter = { read: 0 };
  const stream = new ReadableStream<Uint8Array>({
    pull(controller) {
      const size = Math.min(chunk.byteLength, bytes - counter.read);
      if (size <= 0) return controller.close();
      counter.read += size;
      controller.enqueue(chunk.subarray(0, size));
    },
  });
  return { stream, counter };
}

/** One admin for the file: signing in again and again would hit the registration limit. */
let admin: TestBrowser;
beforeAll(async () => {
  admin = await new TestBrowser().signInAsAdmin();
});

const rateLimitRows = async () =>
  (await env.DB.prepare('SELECT count(*) AS n FROM rate_limits').first<{ n: number }>())!.n;

describe('request body limits', () => {
  const cases = [
    ['POST', '/api/auth/login', 8 * 1024],
    ['POST', '/api/auth/register', 8 * 1024],
    ['POST', '/api/contact', 32 * 1024],
    ['POST', '/api/subscriptions', 8 * 1024],
    ['PATCH', '/api/admin/users/some-id', 8 * 1024],
    ['POST', '/api/backtests', 64 * 1024],
    ['POST', '/api/datasets', MAX_DATASET_BYTES + 64 * 1024],
  ] as const;

  for (const [method, path, limit] of cases) {
    it(`answers 413 in the JSON shape past ${limit} bytes on ${method} ${path}, declared or streamed, before any handler runs`, async () => {
      const browser = admin;
      const before = await rateLimitRows();
      const declared = await browser.request(path, {
        method,
        body: 'x'.repeat(limit + 1),
        headers: { 'content-type': 'application/json' },
      });
      expect(declared.status).toBe(413);
      expect(((await declared.json()) as ErrorBody).error.code).toBe('payload_too_large');
      const { stream, counter } = countedStream(limit + 1);
      const streamed = await browser.request(path, {
        method,
        body: stream,
        headers: { 'content-type': 'application/json' },
      });
      expect(streamed.status).toBe(413);
      expect(((await streamed.json()) as ErrorBody).error.code).toBe('payload_too_large');
      // Read to the end although refused: a proxy in front must see the whole body taken.
      expect(counter.read).toBe(limit + 1);
      expect(await rateLimitRows()).toBe(before);
    });
  }

  it('takes the largest valid backtest request, every row and setting filled', async () => {
    const settings = { 'Timeframe 1': '10000', 'Timeframe 2': '10000', 'Timeframe 3': '10000' };
    const crossover = {
      indicator1: 'Ichimoku senkou_span_b',
      logic: 'Crosses Above',
      indicator2: 'Ichimoku senkou_span_a',
      additionalFields1: settings,
      additionalFields2: settings,
    };
    const value = {
      indicator: 'MACD histogram',
      logic: 'Greater Than',
      number: '-123456789.123456789',
      additionalFields: { 'Fast Period': '10000', 'Slow Period': '10000', 'Signal Period': '10000' },
    };
    const request = {
      exchange: 'NASDAQ'.padEnd(64, 'X'),
      stock: 'AAPL'.padEnd(64, 'X'),
      fromDate: '2023-09-01',
      toDate: '2023-09-08',
      timeframe: '1 day',
      transactionType: 'sell',
      entry: {
        parameters: Array(8).fill(crossover),
        valueBased: Array(5).fill(value),
        candleStick: Array(3).fill({ pattern1: 'ThreeStarsInTheSouth' }),
        combine: 'any',
      },
      exit: { parameters: Array(8).fill(crossover), valueBased: Array(5).fill(value), combine: 'any' },
      exitCriteria: {
        targetProfit: { type: 'percentage', value: '99999.99999' },
        stopLoss: { type: 'points', value: '99999.99999' },
        trailingStopLoss: { type: 'percentage', value: '99999.99999' },
        timing: { time: '23:59', timezone: 'CET' },
      },
      initialCapital: '1000000000000',
      commission: '99.9999',
      slippage: '99999.99999',
      mode: 'standard',
      sizing: 'all-in-whole-units',
    };
    expect(backtestRequestSchema.safeParse(request).success).toBe(true);
    expect(JSON.stringify(request).length).toBeLessThan(8 * 1024);
    // Pretty-printed it is still far below the limit.
    const body = JSON.stringify(request, null, 4);
    expect(body.length).toBeLessThan(16 * 1024);
    const res = await admin.request('/api/backtests', {
      method: 'POST',
      body,
      headers: { 'content-type': 'application/json' },
    });
    // Past the size and schema checks: the made-up symbol has no data.
    expect(res.status).toBe(404);
  });

  it('reads the body of a request answered before its handler read it', async () => {
    for (const [method, path, status] of [
      ['POST', '/api/backtests', 401],
      ['POST', '/api/health', 405],
      ['POST', '/api/nothing-here', 404],
      ['DELETE', '/api/datasets/x', 401],
    ] as const) {
      const { stream, counter } = countedStream(6000);
      const res = await requestApp(`${ORIGIN}${path}`, {
        method,
        body: stream,
        headers: { origin: ORIGIN, 'content-type': 'application/json' },
      });
      expect(res.status, path).toBe(status);
      expect(counter.read, path).toBe(6000);
    }
  });
});

describe('methods a path does not answer', () => {
  // workerd refuses methods outside its HTTP parser's list (LINK, for one) before any worker
  // runs (501 locally), so these use methods it parses but no route answers.
  it('get 405 in the JSON shape with Allow on existing API paths, 404 elsewhere', async () => {
    const browser = admin;
    for (const [method, path, allow] of [
      ['PUT', '/api/backtests', 'GET, HEAD, POST'],
      ['PROPFIND', '/api/health', 'GET, HEAD'],
      ['PATCH', '/api/backtests/abc', 'GET, HEAD, DELETE'],
      ['GET', '/api/auth/login', 'POST'],
      ['OPTIONS', '/api/market/exchanges/US/symbols', 'GET, HEAD'],
    ] as const) {
      const res = await browser.request(path, { method });
      expect(res.status, `${method} ${path}`).toBe(405);
      expect(res.headers.get('allow')).toBe(allow);
      expect(res.headers.get('content-type')).toMatch(/^application\/json/);
      const body = (await res.json()) as ErrorBody;
      expect(body.error.code).toBe('method_not_allowed');
      expect(body.error.message).toBe(`${method} is not allowed on ${path}. Use ${allow}.`);
    }
    const missing = await browser.request('/api/nothing-here', { method: 'PURGE' });
    expect(missing.status).toBe(404);
    expect(((await missing.json()) as ErrorBody).error.code).toBe('not_found');
  });

  it('get 405 in the JSON shape on page paths, which only GET and HEAD', async () => {
    const res = await new TestBrowser().request('/pricing', { method: 'COPY' });
    expect(res.status).toBe(405);
    expect(res.headers.get('allow')).toBe('GET, HEAD');
    expect(((await res.json()) as ErrorBody).error.code).toBe('method_not_allowed');
  });
});
