/**
 * The provider's US tick API in the fake provider (fakes/market-data-provider.ts):
 * `/api/ticks/?s=&from=&to=&limit=` (epoch seconds, both included), answering parallel arrays
 * like EODHD's, from the trade stream of trade-stream.ts (at most `limit`, 10,000 by default).
 * A token of mode "ticks-limit" answers 429 as a provider past its minute's requests does.
 */
import { tradesBetween } from './trade-stream.ts';

export function fakeEodhdTicks(url: URL, mode: string): Response {
  const json = (status: number, body: unknown) =>
    new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
  if (mode === 'ticks-limit') return json(429, { message: 'Too many requests' });
  const query = url.searchParams;
  const from = Number(query.get('from'));
  const to = Number(query.get('to'));
  const limit = Math.min(Number(query.get('limit') ?? 10_000), 10_000);
  if (!query.get('s') || !Number.isInteger(from) || !Number.isInteger(to) || !(limit > 0)) {
    return json(422, { message: 's, from and to are required' });
  }
  const trades = tradesBetween(from * 1000, to * 1000 + 999, limit);
  return json(200, {
    ex: trades.map(() => 'Q'),
    mkt: trades.map(() => 'Q'),
    price: trades.map((trade) => trade.p),
    seq: trades.map((trade) => trade.id),
    shares: trades.map((trade) => Math.round(trade.q * 100)),
    sl: trades.map(() => '@'),
    sub_mkt: trades.map(() => ''),
    ts: trades.map((trade) => trade.t),
  });
}
