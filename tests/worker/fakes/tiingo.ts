/**
 * A local fake of Tiingo's end-of-day API (/tiingo/daily/<ticker>/prices, its documented row
 * shape) with AAPL's recorded 2020 rows around its dividend (0.82 on 2020-08-07) and its 4:1
 * split (2020-08-31). The first path segment chooses the behaviour ("<mode>:<anything>") and
 * counts the calls (GET /__calls?id=<segment>); the key must come in the Authorization header.
 */
export const FAKE_TIINGO_HOST = 'fake-tiingo.test';
export const FAKE_TIINGO_TOKEN = 'tiingo-test-token';

export function fakeTiingoUrl(mode = 'good'): string {
  return `https://${FAKE_TIINGO_HOST}/${mode}:${crypto.randomUUID()}`;
}

const calls = new Map<string, number>();

const row = (
  date: string,
  close: number,
  adjClose: number,
  volume: number,
  divCash = 0,
  splitFactor = 1,
) => ({
  date: `${date}T00:00:00.000Z`,
  open: close - 1,
  high: close + 2,
  low: close - 3,
  close,
  volume,
  adjOpen: ((close - 1) * adjClose) / close,
  adjHigh: ((close + 2) * adjClose) / close,
  adjLow: ((close - 3) * adjClose) / close,
  adjClose,
  adjVolume: volume * (date < '2020-08-31' ? 4 : 1),
  divCash,
  splitFactor,
});

/** AAPL, raw as traded; adjusted closes for the split (÷4) and the dividend (x 0.99820 before 08-07). */
export const TIINGO_AAPL_ROWS = [
  row('2020-08-05', 440.25, 109.8648, 30_498_000),
  row('2020-08-06', 455.61, 113.6979, 50_607_000),
  row('2020-08-07', 444.45, 111.1125, 49_512_000, 0.82),
  row('2020-08-27', 500.04, 125.01, 38_888_000),
  row('2020-08-28', 499.23, 124.8075, 46_907_000),
  row('2020-08-31', 129.04, 129.04, 225_702_700, 0, 4),
  row('2020-09-01', 134.18, 134.18, 151_948_100),
];

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

export async function fakeTiingo(request: Request): Promise<Response> {
  const url = new URL(request.url);
  if (url.pathname === '/__calls')
    return json(200, { calls: calls.get(url.searchParams.get('id') ?? '') ?? 0 });
  const [, id = '', ...rest] = url.pathname.split('/');
  calls.set(id, (calls.get(id) ?? 0) + 1);
  if (request.headers.get('authorization') !== `Token ${FAKE_TIINGO_TOKEN}`)
    return json(401, { detail: 'Invalid token.' });
  const mode = id.split(':')[0];
  if (mode === 'minute-limit')
    return json(429, { detail: 'You have run over your hourly request allocation.' });
  const match = /^tiingo\/daily\/([^/]+)\/prices$/.exec(rest.join('/'));
  if (!match) return json(404, { detail: 'Not found.' });
  if (match[1] !== 'aapl') return json(404, { detail: 'Error: Ticker not found' });
  const from = url.searchParams.get('startDate') ?? '0000';
  const to = url.searchParams.get('endDate') ?? '9999';
  return json(
    200,
    TIINGO_AAPL_ROWS.filter((r) => r.date.slice(0, 10) >= from && r.date.slice(0, 10) <= to),
  );
}

export async function tiingoCalls(baseUrl: string): Promise<number> {
  const id = new URL(baseUrl).pathname.slice(1);
  const res = await fetch(`https://${FAKE_TIINGO_HOST}/__calls?id=${encodeURIComponent(id)}`);
  return ((await res.json()) as { calls: number }).calls;
}
