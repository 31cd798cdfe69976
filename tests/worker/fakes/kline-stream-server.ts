/**
 * A fake Binance market-data server on loopback for forward tests (Node; the worker tests'
 * global setup and the end-to-end server start it): for each feed of kline-feed.ts,
 *
 * - `ws://<host>/<feed>/ws/<symbol>@kline_<interval>`: Binance's kline stream, one kline event
 *   per partial update and per close, every closed bar preceded by a partial one;
 * - `GET /<feed>/api/v3/klines`: Binance's klines of the bars closed so far (startTime, endTime
 *   and limit as Binance reads them);
 * - `GET /<feed>/api/intraday/<ticker>`: the stock data provider's intraday bars of the feed
 *   (interval 5m, from and to in unix seconds, to optional; only with FAKE_STOCK_PROVIDER_TOKEN):
 *   the bars closed so far, then the one forming with its partial values, as a provider answers
 *   during a session;
 * - `GET /<feed>/__calls`: the REST calls the feed answered, `GET /<feed>/__connections`: how
 *   many stream connections it accepted;
 * - `POST /__hooks/<id>`: a webhook receiver that keeps each body and its signature header
 *   (`GET /__hooks/<id>` lists them); an id "fail=N:<anything>" answers 500 to its first N.
 *
 * A feed starts on its first request. The WebSocket side is the few parts of RFC 6455 a server
 * needs (the handshake, unmasked text frames out, close and ping in): no library.
 */
import { createHash } from 'node:crypto';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { Duplex } from 'node:stream';
import {
  FAKE_STOCK_PROVIDER_TOKEN,
  FEED_INTERVAL_MS,
  feedBar,
  feedSettings,
  klineEvent,
  klineRow,
  partialBar,
  stockIntradayRow,
  type FeedSettings,
} from './kline-feed.ts';

interface Feed {
  settings: FeedSettings;
  startedAt: number;
  calls: string[];
  connections: number;
}

const WEBSOCKET_GUID = '258EAFA5-E914-47DA-95CA-C5AB0DC85B11';

function textFrame(text: string): Buffer {
  const payload = Buffer.from(text);
  const length = payload.length;
  const header =
    length < 126
      ? Buffer.from([0x81, length])
      : length < 65_536
        ? Buffer.from([0x81, 126, length >> 8, length & 255])
        : Buffer.concat([Buffer.from([0x81, 127]), bigEndian64(length)]);
  return Buffer.concat([header, payload]);
}

function bigEndian64(value: number): Buffer {
  const buffer = Buffer.alloc(8);
  buffer.writeBigUInt64BE(BigInt(value));
  return buffer;
}

/** Opcodes of the client's frames in `data` (masked, as clients send them); enough for close and ping. */
function clientOpcodes(data: Buffer): number[] {
  const opcodes: number[] = [];
  let at = 0;
  while (at + 2 <= data.length) {
    const opcode = data[at]! & 0x0f;
    let length = data[at + 1]! & 0x7f;
    let header = 2;
    if (length === 126) {
      length = data.readUInt16BE(at + 2);
      header = 4;
    } else if (length === 127) {
      length = Number(data.readBigUInt64BE(at + 2));
      header = 10;
    }
    const masked = (data[at + 1]! & 0x80) !== 0;
    opcodes.push(opcode);
    at += header + (masked ? 4 : 0) + length;
  }
  return opcodes;
}

export class KlineStreamServer {
  private readonly feeds = new Map<string, Feed>();
  private readonly sockets = new Set<Duplex>();
  private server: Server | null = null;

  /** Listens on 127.0.0.1 (port 0: any free port); answers the origin, e.g. http://127.0.0.1:41234. */
  async start(port = 0): Promise<string> {
    const server = createServer((req, res) => {
      void (
        req.url?.startsWith('/__hooks/') ? this.answerHook(req) : Promise.resolve(this.answerRest(req))
      ).then((answer) => {
        res.writeHead(answer.status, { 'content-type': 'application/json' });
        res.end(JSON.stringify(answer.body));
      });
    });
    server.on('upgrade', (req, socket) => this.upgrade(req, socket));
    await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
    this.server = server;
    const address = server.address();
    if (address === null || typeof address === 'string') throw new Error('no port');
    return `http://127.0.0.1:${address.port}`;
  }

  async stop(): Promise<void> {
    for (const socket of this.sockets) socket.destroy();
    await new Promise<void>((resolve) => (this.server ? this.server.close(() => resolve()) : resolve()));
  }

  private feed(id: string): Feed {
    let feed = this.feeds.get(id);
    if (!feed) {
      feed = { settings: feedSettings(id), startedAt: Date.now(), calls: [], connections: 0 };
      this.feeds.set(id, feed);
    }
    return feed;
  }

  /** Bars closed so far: the history, then one every tick. */
  private closedBars(feed: Feed): number {
    const { history, bars, tick } = feed.settings;
    return history + Math.min(bars, Math.floor((Date.now() - feed.startedAt) / tick));
  }

  private readonly hooks = new Map<string, { signature: string | null; body: string }[]>();

  private async answerHook(req: IncomingMessage): Promise<{ status: number; body: unknown }> {
    const id = decodeURIComponent(req.url!.slice('/__hooks/'.length));
    const received = this.hooks.get(id) ?? [];
    this.hooks.set(id, received);
    if (req.method !== 'POST') return { status: 200, body: received };
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const signature = req.headers['x-backtest-studio-signature'];
    received.push({
      signature: typeof signature === 'string' ? signature : null,
      body: Buffer.concat(chunks).toString(),
    });
    const failures = Number(/^fail=(\d+):/.exec(id)?.[1] ?? 0);
    return received.length <= failures
      ? { status: 500, body: { error: 'failing on purpose' } }
      : { status: 200, body: {} };
  }

  private answerRest(req: IncomingMessage): { status: number; body: unknown } {
    const url = new URL(req.url ?? '/', 'http://fake');
    const [, feedId = '', ...rest] = url.pathname.split('/');
    const path = `/${rest.join('/')}`;
    const feed = this.feed(decodeURIComponent(feedId));
    if (path === '/__calls') return { status: 200, body: feed.calls };
    if (path === '/__connections') return { status: 200, body: feed.connections };
    if (path.startsWith('/api/intraday/')) return this.answerIntraday(feed, path, url.searchParams);
    if (path !== '/api/v3/klines') return { status: 404, body: { code: -1, msg: 'Not found' } };
    feed.calls.push(`${path}${url.search}`);
    if (url.searchParams.get('interval') !== '5m')
      return { status: 400, body: { code: -1120, msg: 'Invalid interval.' } };
    const closed = this.closedBars(feed);
    const start = Number(url.searchParams.get('startTime') ?? 0);
    const end = Number(url.searchParams.get('endTime') ?? Number.MAX_SAFE_INTEGER);
    const limit = Math.min(1000, Number(url.searchParams.get('limit') ?? 500));
    const rows = [];
    for (let index = 0; index < closed && rows.length < limit; index++) {
      const bar = feedBar(feed.settings, index);
      if (bar.t >= start && bar.t <= end) rows.push(klineRow(bar));
    }
    return { status: 200, body: rows };
  }

  private answerIntraday(
    feed: Feed,
    path: string,
    query: URLSearchParams,
  ): { status: number; body: unknown } {
    const token = query.get('api_token');
    query.delete('api_token');
    feed.calls.push(`${path}?${query.toString()}`);
    if (token !== FAKE_STOCK_PROVIDER_TOKEN) return { status: 401, body: 'Unauthenticated' };
    if (query.get('interval') !== '5m') return { status: 422, body: { error: 'interval' } };
    const from = Number(query.get('from') ?? 0) * 1000;
    const to = query.has('to') ? Number(query.get('to')) * 1000 : Number.MAX_SAFE_INTEGER;
    const closed = this.closedBars(feed);
    const last = feed.settings.history + feed.settings.bars;
    const rows = [];
    for (let index = 0; index <= closed && index < last; index++) {
      const bar = index < closed ? feedBar(feed.settings, index) : partialBar(feed.settings, index);
      if (bar.t >= from && bar.t <= to) rows.push(stockIntradayRow(bar));
    }
    return { status: 200, body: rows };
  }

  private upgrade(req: IncomingMessage, socket: Duplex): void {
    const url = new URL(req.url ?? '/', 'http://fake');
    const match = /^\/([^/]+)\/ws\/([a-z0-9]+)@kline_(\w+)$/.exec(url.pathname);
    const key = req.headers['sec-websocket-key'];
    if (!match || typeof key !== 'string') {
      socket.end('HTTP/1.1 400 Bad Request\r\n\r\n');
      return;
    }
    const feed = this.feed(decodeURIComponent(match[1]!));
    const symbol = match[2]!.toUpperCase();
    const interval = match[3]!;
    feed.connections++;
    this.sockets.add(socket);
    const accept = createHash('sha1')
      .update(key + WEBSOCKET_GUID)
      .digest('base64');
    socket.write(
      'HTTP/1.1 101 Switching Protocols\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n' +
        `Sec-WebSocket-Accept: ${accept}\r\n\r\n`,
    );
    const send = (index: number, closed: boolean) => {
      const bar = closed ? feedBar(feed.settings, index) : partialBar(feed.settings, index);
      socket.write(textFrame(JSON.stringify(klineEvent(symbol, interval, bar, closed))));
    };
    const last = feed.settings.history + feed.settings.bars;
    let next = this.closedBars(feed);
    let closedHere = 0;
    if (next < last) send(next, false);
    const timer = setInterval(
      () => {
        const closed = this.closedBars(feed);
        while (next < closed) {
          send(next, true);
          next++;
          closedHere++;
          if (feed.settings.drop > 0 && closedHere >= feed.settings.drop) {
            socket.destroy();
            return;
          }
          if (next < last) send(next, false);
        }
      },
      Math.max(5, Math.floor(feed.settings.tick / 4)),
    );
    const end = () => {
      clearInterval(timer);
      this.sockets.delete(socket);
    };
    socket.on('close', end);
    socket.on('error', end);
    socket.on('data', (data: Buffer) => {
      for (const opcode of clientOpcodes(data)) {
        if (opcode === 0x8) {
          socket.end(Buffer.from([0x88, 0]));
          end();
        } else if (opcode === 0x9) {
          socket.write(Buffer.from([0x8a, 0]));
        }
      }
    });
  }
}

export { FEED_INTERVAL_MS };
