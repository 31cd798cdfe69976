/**
 * The fake Binance of the end-to-end run, on loopback: the worker tests' fake
 * (tests/worker/fakes/binance.ts) served by node:http, so the served app's Binance adapter
 * (`BINANCE_API_URL`) pages its klines from it as from Binance's public market-data API.
 */
import { createServer } from 'node:http';
import { fakeBinance } from '../worker/fakes/binance';

/** Starts the fake; `url` is the base URL for `BINANCE_API_URL` (well-behaved answers). */
export async function startFakeBinance(): Promise<{ url: string; close: () => void }> {
  const server = createServer((req, res) => {
    void (async () => {
      const answer = await fakeBinance(new Request(new URL(req.url ?? '/', `http://${req.headers.host}`)));
      const headers: Record<string, string> = {};
      answer.headers.forEach((value, name) => (headers[name] = value));
      res.writeHead(answer.status, headers).end(await answer.text());
    })().catch((error: unknown) => res.writeHead(500).end(String(error)));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  if (typeof address !== 'object' || !address) throw new Error('the fake Binance has no port');
  return { url: `http://127.0.0.1:${address.port}/good:e2e`, close: () => server.close() };
}
