/**
 * A local fake of the EODHD-compatible provider, answering the worker's outbound fetches in
 * tests. The token chooses the behaviour ("<mode>:<anything>"), and calls are counted per
 * token so a test can see whether the cache spared a call (GET https://<host>/__calls?token=).
 */
import { fakeEodhdTicks } from './eodhd-ticks.ts';

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

const DAY_MS = 86_400_000;

/** Daily bars for each weekday in [from, to]: price = 100 + day number within the range. */
function eodRows(from: string, to: string) {
  const rows = [];
  for (
    let day = Date.parse(`${from}T00:00:00Z`), n = 0;
    day <= Date.parse(`${to}T00:00:00Z`);
    day += DAY_MS
  ) {
    const weekday = new Date(day).getUTCDay();
    if (weekday === 0 || weekday === 6) continue;
    const price = 100 + n++;
    const date = new Date(day).toISOString().slice(0, 10);
    rows.push({
      date,
      open: price,
      high: price + 2,
      low: price - 1,
      close: price + 1,
      adjusted_close: price + 1,
      volume: 1000,
    });
  }
  return rows;
}

/**
 * Intraday bars on weekdays from 12:00 to 21:00 UTC (US hours plus some pre- and after-hours
 * trading), every `interval`, in [from, to] (unix seconds). The open is the minute of the UTC day.
 */
function intradayRows(interval: string, from: number, to: number) {
  const step = interval === '1h' ? 3600 : 300;
  const rows = [];
  for (let t = Math.ceil(from / step) * step; t <= to; t += step) {
    const weekday = new Date(t * 1000).getUTCDay();
    if (weekday === 0 || weekday === 6) continue;
    const minute = (t % 86_400) / 60;
    if (minute < 12 * 60 || minute >= 21 * 60) continue;
    rows.push({
      timestamp: t,
      gmtoffset: 0,
      datetime: new Date(t * 1000).toISOString(),
      open: minute,
      high: minute + 1,
      low: minute - 1,
      close: minute + 0.5,
      volume: 10,
    });
  }
  return rows;
}

/**
 * AAPL's EOD rows around its dividend (0.82, ex-date 2020-08-07) and its 4:1 split
 * (2020-08-31), as EODHD answers them: raw prices, `adjusted_close` for both, split-adjusted volume.
 */
const RECORDED_AAPL_EOD = (
  [
    ['2020-08-05', 437.51, 441.57, 435.59, 440.25, 109.8648, 121_992_000],
    ['2020-08-06', 441.62, 457.65, 439.19, 455.61, 113.6979, 202_428_000],
    ['2020-08-07', 452.82, 454.7, 441.17, 444.45, 111.1125, 198_045_600],
    ['2020-08-27', 508.57, 509.94, 495.33, 500.04, 125.01, 155_552_000],
    ['2020-08-28', 504.05, 505.77, 498.31, 499.23, 124.8075, 187_630_000],
    ['2020-08-31', 127.58, 131.0, 126.0, 129.04, 129.04, 225_702_700],
    ['2020-09-01', 132.76, 134.8, 130.53, 134.18, 134.18, 151_948_100],
  ] as [string, number, number, number, number, number, number][]
).map(([date, open, high, low, close, adjusted_close, volume]) => ({
  date,
  open,
  high,
  low,
  close,
  adjusted_close,
  volume,
}));

/** Splits as EODHD records them: AAPL's 4:1 of 2020-08-31; no other ticker has one. */
function splitRows(pathname: string) {
  return pathname.endsWith('/AAPL.US') ? [{ date: '2020-08-31', split: '4.000000/1.000000' }] : [];
}

function listFor(pathname: string, query: URLSearchParams): unknown[] | null {
  if (pathname.includes('/api/splits/')) return splitRows(pathname);
  if (pathname.includes('/api/eod/')) return eodRows(query.get('from') ?? '', query.get('to') ?? '');
  if (pathname.includes('/api/intraday/')) {
    return intradayRows(query.get('interval') ?? '', Number(query.get('from')), Number(query.get('to')));
  }
  if (pathname.endsWith('/api/exchanges-list/')) return EXCHANGES;
  if (pathname.includes('/api/exchange-symbol-list/')) return SYMBOLS;
  return null;
}

/** Headers and the first bytes at once, then the rest of the body only after 1.5 s. */
function stalledBody(list: unknown[]) {
  const text = JSON.stringify(list);
  const bytes = new TextEncoder().encode(text);
  const stream = new ReadableStream<Uint8Array>({
    async start(controller) {
      controller.enqueue(bytes.slice(0, 1));
      await new Promise((resolve) => setTimeout(resolve, 1500));
      controller.enqueue(bytes.slice(1));
      controller.close();
    },
  });
  return new Response(stream, { status: 200, headers: { 'content-type': 'application/json' } });
}

/** A valid JSON array of `bytes` bytes or more, made chunk by chunk as the reader pulls it. */
function oversizedBody(bytes: number, declareLength: boolean) {
  const row = `${JSON.stringify(EXCHANGES[0])},`;
  const chunk = new TextEncoder().encode(row.repeat(Math.ceil(65_536 / row.length)));
  const rows = Math.ceil(bytes / chunk.byteLength);
  let sent = -1;
  const stream = new ReadableStream<Uint8Array>({
    pull(controller) {
      if (sent === -1) controller.enqueue(new TextEncoder().encode('['));
      else if (sent < rows) controller.enqueue(chunk);
      else {
        controller.enqueue(new TextEncoder().encode(`${JSON.stringify(EXCHANGES[1])}]`));
        controller.close();
      }
      sent++;
    },
  });
  const headers: Record<string, string> = { 'content-type': 'application/json' };
  if (declareLength) headers['content-length'] = String(rows * chunk.byteLength + 200);
  return new Response(stream, { status: 200, headers });
}

/** 110,000 daily bars of one date: a valid answer under the byte limit with too many bars to serve. */
function tooManyBars(date: string) {
  const row = { date, open: 1, high: 2, low: 0.5, close: 1.5, volume: 10 };
  return json(
    200,
    Array.from({ length: 110_000 }, () => row),
  );
}

/** What the fake received per token, without the token, for tests to read (GET /__requests?token=). */
const requests = new Map<string, string[]>();

export async function fakeMarketDataProvider(request: Request): Promise<Response> {
  const url = new URL(request.url);
  const asked = url.searchParams.get('token') ?? '';
  if (url.pathname === '/__calls') return json(200, { calls: calls.get(asked) ?? 0 });
  if (url.pathname === '/__requests') return json(200, { requests: requests.get(asked) ?? [] });

  const token = url.searchParams.get('api_token') ?? '';
  calls.set(token, (calls.get(token) ?? 0) + 1);
  const logged = new URL(url);
  logged.searchParams.delete('api_token');
  // Drop the per-test path segment: "/<uuid>/api/eod/..." -> "/api/eod/...".
  requests.set(token, [
    ...(requests.get(token) ?? []),
    `${logged.pathname.replace(/^\/[^/]+/, '')}${logged.search}`,
  ]);
  const mode = token.split(':')[0];
  if (url.pathname.includes('/api/ticks/')) return fakeEodhdTicks(url, mode ?? '');
  if (mode === 'slow-each') {
    // Every call answers an empty list, each after 200 ms.
    await new Promise((resolve) => setTimeout(resolve, 200));
    return json(200, []);
  }
  const list = listFor(url.pathname, url.searchParams);
  if (!list) return new Response('Not found', { status: 404 });
  // Like EODHD, answer CSV unless fmt=json is asked for.
  if (url.searchParams.get('fmt') !== 'json')
    return new Response('Code,Name\nUS,USA Stocks\n', { status: 200 });

  switch (mode) {
    case 'good':
      return json(200, list);
    case 'recorded':
      return json(
        200,
        url.pathname.includes('/api/eod/')
          ? RECORDED_AAPL_EOD.filter(
              (row) =>
                row.date >= (url.searchParams.get('from') ?? '') &&
                row.date <= (url.searchParams.get('to') ?? ''),
            )
          : list,
      );
    case 'before-range':
      // Bars, but all of them at least a month before the asked `to` (a provider missing the recent days).
      return json(
        200,
        url.pathname.includes('/api/eod/')
          ? eodRows(
              url.searchParams.get('from') ?? '',
              new Date(Date.parse(`${url.searchParams.get('to')}T00:00:00Z`) - 40 * DAY_MS)
                .toISOString()
                .slice(0, 10),
            )
          : list,
      );
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
    case 'stalled-body':
      return stalledBody(list);
    case 'csv':
      return new Response('Code,Name\nUS,USA Stocks\n', {
        status: 200,
        headers: { 'content-type': 'text/csv' },
      });
    case 'empty':
      return json(200, []);
    case 'html':
      return new Response('<!DOCTYPE html><html><body><h1>502 Bad Gateway</h1></body></html>', {
        status: 200,
        headers: { 'content-type': 'text/html' },
      });
    case 'truncated':
      return new Response(JSON.stringify(list).slice(0, -7), {
        status: 200,
        headers: { 'content-type': 'application/json' },
      });
    case 'stall':
      // Never answers within any time-out the tests use (the worker gives up first).
      await new Promise((resolve) => setTimeout(resolve, 5_000));
      return json(200, list);
    case 'flapping':
      // Fails every other call: 1st, 3rd, ... answer 503; 2nd, 4th, ... the real list.
      return calls.get(token)! % 2 === 1 ? new Response('busy', { status: 503 }) : json(200, list);
    case 'oversized':
      return oversizedBody(30 * 1024 * 1024, false);
    case 'oversized-declared':
      return oversizedBody(30 * 1024 * 1024, true);
    case 'too-many-bars':
      return url.pathname.includes('/api/eod/')
        ? tooManyBars(url.searchParams.get('to') ?? '')
        : json(200, list);
    default:
      return new Response('Unauthenticated', { status: 401 });
  }
}
