/**
 * A local fake of Binance's public market-data API (exchangeInfo, klines and aggTrades, the answer
 * shapes of its documentation), written with the Fetch API so worker tests (outbound service) and
 * the end-to-end tests (a node:http server on loopback) both use it. The first path segment chooses
 * the behaviour ("<mode>:<anything>") and counts the calls (GET /__calls?id=<segment>).
 *
 * aggTrades answers the trade stream of trade-stream.ts with Binance's limits: at most 1,000 a
 * call (limit), at most one hour between startTime and endTime, or pages by fromId; with none
 * of them, the most recent trades. In mode
 * "ticks" the klines are built from the same trades, so bars and trades agree.
 */
import { barsFromTrades, QUIET_MS, TRADE_MS, tradesBetween, tradesFromId } from './trade-stream.ts';

export const FAKE_BINANCE_HOST = 'fake-binance.test';

/** A base URL of the fake in worker tests; each test its own, as if each were another server. */
export function fakeBinanceUrl(mode = 'good'): string {
  return `https://${FAKE_BINANCE_HOST}/${mode}:${crypto.randomUUID()}`;
}

const calls = new Map<string, string[]>();

const EXCHANGE_INFO = {
  timezone: 'UTC',
  serverTime: 1_700_000_000_000,
  rateLimits: [{ rateLimitType: 'REQUEST_WEIGHT', interval: 'MINUTE', intervalNum: 1, limit: 6000 }],
  symbols: [
    {
      symbol: 'BTCUSDT',
      status: 'TRADING',
      baseAsset: 'BTC',
      quoteAsset: 'USDT',
      isSpotTradingAllowed: true,
    },
    {
      symbol: 'ETHUSDT',
      status: 'TRADING',
      baseAsset: 'ETH',
      quoteAsset: 'USDT',
      isSpotTradingAllowed: true,
    },
    { symbol: 'ETHBTC', status: 'TRADING', baseAsset: 'ETH', quoteAsset: 'BTC', isSpotTradingAllowed: true },
    {
      symbol: 'LUNAUSDT',
      status: 'BREAK',
      baseAsset: 'LUNA',
      quoteAsset: 'USDT',
      isSpotTradingAllowed: true,
    },
  ],
};

const INTERVAL_MS: Record<string, number> = {
  '1m': 60_000,
  '5m': 300_000,
  '15m': 900_000,
  '30m': 1_800_000,
  '1h': 3_600_000,
  '1d': 86_400_000,
};

/**
 * Klines from startTime to endTime, at most `limit`: open = 30000 + the bar's number within its
 * UTC day, a close 5 above, as strings like Binance's.
 */
function klines(query: URLSearchParams) {
  const step = INTERVAL_MS[query.get('interval') ?? ''];
  if (!step) return null;
  const limit = Math.min(1000, Number(query.get('limit') ?? 500));
  const end = Number(query.get('endTime'));
  const rows = [];
  for (
    let t = Math.ceil(Number(query.get('startTime')) / step) * step;
    t <= end && rows.length < limit;
    t += step
  ) {
    const open = 30_000 + (t % 86_400_000) / step;
    rows.push([
      t,
      open.toFixed(2),
      (open + 10).toFixed(2),
      (open - 10).toFixed(2),
      (open + 5).toFixed(2),
      '12.5',
      t + step - 1,
      '375000.0',
      100,
      '6.0',
      '180000.0',
      '0',
    ]);
  }
  return rows;
}

/** Klines of the trade stream (mode "ticks"). */
function klinesOfTrades(query: URLSearchParams) {
  const step = INTERVAL_MS[query.get('interval') ?? ''];
  if (!step) return null;
  const limit = Math.min(1000, Number(query.get('limit') ?? 500));
  return barsFromTrades(Number(query.get('startTime')), Number(query.get('endTime')), step, limit).map(
    (bar) => [
      bar.t,
      String(bar.o),
      String(bar.h),
      String(bar.l),
      String(bar.c),
      String(bar.v),
      bar.t + step - 1,
    ],
  );
}

const HOUR_MS = 3_600_000;

/** GET /api/v3/aggTrades with Binance's limits; an error body as Binance words it. */
function aggTrades(query: URLSearchParams): { status: number; body: unknown } {
  const limit = Number(query.get('limit') ?? 500);
  if (!Number.isInteger(limit) || limit < 1 || limit > 1000)
    return { status: 400, body: { code: -1100, msg: 'Illegal characters found in parameter limit.' } };
  const fromId = query.get('fromId');
  const startTime = query.get('startTime');
  const endTime = query.get('endTime');
  const trades =
    fromId !== null
      ? tradesFromId(Number(fromId), limit)
      : startTime !== null && endTime !== null
        ? Number(endTime) - Number(startTime) > HOUR_MS
          ? null
          : tradesBetween(Number(startTime), Number(endTime), limit)
        : // Neither: the most recent trades, as Binance answers.
          tradesBetween(
            Date.now() - (limit + 1) * TRADE_MS - QUIET_MS,
            Date.now(),
            Number.POSITIVE_INFINITY,
          ).slice(-limit);
  if (trades === null)
    return { status: 400, body: { code: -1127, msg: 'More than 1 hours between startTime and endTime.' } };
  return {
    status: 200,
    body: trades.map((trade) => ({
      a: trade.id,
      p: trade.p.toFixed(8),
      q: trade.q.toFixed(8),
      f: trade.id,
      l: trade.id,
      T: trade.t,
      m: trade.id % 2 === 0,
      M: true,
    })),
  };
}

const json = (status: number, body: unknown, headers: Record<string, string> = {}) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json', ...headers } });

export async function fakeBinance(request: Request): Promise<Response> {
  const url = new URL(request.url);
  if (url.pathname === '/__calls')
    return json(200, { calls: calls.get(url.searchParams.get('id') ?? '') ?? [] });
  const [, id = '', ...rest] = url.pathname.split('/');
  const path = `/${rest.join('/')}`;
  calls.set(id, [...(calls.get(id) ?? []), `${path}${url.search}`]);
  const mode = id.split(':')[0];
  const count = calls.get(id)!.length;

  if (mode === 'rate-limited')
    return json(429, { code: -1003, msg: 'Too much request weight used.' }, { 'retry-after': '60' });
  // One 429 with a Retry-After of 1 s, then answers as mode "ticks".
  if (mode === 'ticks-retry' && count === 1)
    return json(429, { code: -1003, msg: 'Too much request weight used.' }, { 'retry-after': '1' });
  if (mode === 'banned')
    return json(
      418,
      { code: -1003, msg: 'Way too much request weight used; IP banned.' },
      { 'retry-after': '120' },
    );
  if (path === '/api/v3/aggTrades') {
    const { status, body } = aggTrades(url.searchParams);
    return json(status, body);
  }
  if (path === '/api/v3/exchangeInfo') return json(200, EXCHANGE_INFO);
  if (path === '/api/v3/klines') {
    // A malformed page: the second call answers rows without their prices.
    if (mode === 'malformed-page' && count >= 2) return json(200, [[1_700_000_000_000, null]]);
    const rows = mode?.startsWith('ticks') ? klinesOfTrades(url.searchParams) : klines(url.searchParams);
    return rows ? json(200, rows) : json(400, { code: -1120, msg: 'Invalid interval.' });
  }
  return json(404, { code: -1, msg: 'Not found' });
}

/** The calls a fake base URL received (paths with their queries), in order. */
export async function binanceCalls(baseUrl: string): Promise<string[]> {
  const id = new URL(baseUrl).pathname.slice(1);
  const res = await fetch(`https://${FAKE_BINANCE_HOST}/__calls?id=${encodeURIComponent(id)}`);
  return ((await res.json()) as { calls: string[] }).calls;
}
