import { type IncomingMessage, type Server, type ServerResponse, createServer, request } from 'node:http';
import type { AddressInfo } from 'node:net';
import { gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { acceptsGzip, gzipTextAnswers } from '../../build/preview-compression-plugin.ts';

/** Answers as the Cloudflare plugin's handler does: writeHead(status, headers), chunks, end. */
function answer(req: IncomingMessage, res: ServerResponse) {
  const text = (n: number) => `console.log("chunk ${n}");\n`.repeat(200);
  if (req.url === '/app.js') {
    const length = String(Buffer.byteLength(text(1) + text(2)));
    res.writeHead(200, { 'Content-Type': 'text/javascript', 'Content-Length': length, Vary: 'Origin' });
    res.write(text(1));
    res.end(text(2));
  } else if (req.url === '/logo.png') {
    res.writeHead(200, { 'content-type': 'image/png' });
    res.end(Buffer.from([0x89, 0x50, 0x4e, 0x47]));
  } else if (req.url === '/api/session') {
    // Headers set before writeHead, status from statusCode, as a plain Node handler does.
    res.statusCode = 200;
    res.setHeader('content-type', 'application/json');
    res.end(JSON.stringify({ user: null }));
  } else {
    res.writeHead(304, { 'content-type': 'text/html' });
    res.end();
  }
}

let server: Server;
let port = 0;

beforeAll(async () => {
  server = createServer((req, res) => gzipTextAnswers(req, res, () => answer(req, res)));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  port = (server.address() as AddressInfo).port;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

/** A GET on the test server: status, headers and the body's raw bytes (not decoded). */
function get(path: string, acceptEncoding?: string) {
  return new Promise<{ status: number; headers: IncomingMessage['headers']; body: Buffer }>(
    (resolve, reject) => {
      const headers = acceptEncoding === undefined ? {} : { 'accept-encoding': acceptEncoding };
      request({ host: '127.0.0.1', port, path, headers }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () =>
          resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }),
        );
      })
        .on('error', reject)
        .end();
    },
  );
}

describe('the preview’s compression of text answers (as Cloudflare’s edge compresses them)', () => {
  it('gzips a script for a browser that takes gzip, with its length dropped and Vary kept', async () => {
    const res = await get('/app.js', 'gzip, deflate, br, zstd');
    expect(res.status).toBe(200);
    expect(res.headers['content-encoding']).toBe('gzip');
    expect(res.headers['content-length']).toBeUndefined();
    expect(res.headers.vary).toBe('Origin, Accept-Encoding');
    const text = gunzipSync(res.body).toString();
    expect(text).toBe(`${'console.log("chunk 1");\n'.repeat(200)}${'console.log("chunk 2");\n'.repeat(200)}`);
    expect(res.body.length).toBeLessThan(text.length / 10);
  });

  it('gzips an answer whose headers were set before writeHead', async () => {
    const res = await get('/api/session', 'gzip');
    expect(res.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(gunzipSync(res.body).toString())).toEqual({ user: null });
  });

  it('leaves images, bodiless answers and clients without gzip alone', async () => {
    const png = await get('/logo.png', 'gzip');
    expect(png.headers['content-encoding']).toBeUndefined();
    expect([...png.body]).toEqual([0x89, 0x50, 0x4e, 0x47]);
    const notModified = await get('/index.html', 'gzip');
    expect(notModified.status).toBe(304);
    expect(notModified.headers['content-encoding']).toBeUndefined();
    const plain = await get('/app.js');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body.toString()).toContain('chunk 2');
  });

  it('reads Accept-Encoding as HTTP defines it', () => {
    expect(acceptsGzip('gzip')).toBe(true);
    expect(acceptsGzip('br;q=1.0, gzip;q=0.8')).toBe(true);
    expect(acceptsGzip('*')).toBe(true);
    expect(acceptsGzip('gzip;q=0')).toBe(false);
    expect(acceptsGzip('br, identity')).toBe(false);
    expect(acceptsGzip(undefined)).toBe(false);
  });
});
