import type { IncomingMessage, OutgoingHttpHeaders, ServerResponse } from 'node:http';
import { createGzip } from 'node:zlib';
import type { Plugin } from 'vite';

/** The answers Cloudflare's edge compresses: text, scripts, styles, JSON, SVG (not images or archives). */
const COMPRESSIBLE =
  /^(text\/(?!event-stream)|application\/(javascript|json|xml|manifest\+json)|image\/svg\+xml)/i;

function headerValue(headers: OutgoingHttpHeaders, name: string): string {
  const key = Object.keys(headers).find((candidate) => candidate.toLowerCase() === name);
  const value = key === undefined ? undefined : headers[key];
  return Array.isArray(value) ? value.join(', ') : String(value ?? '');
}

function dropHeader(headers: OutgoingHttpHeaders, name: string) {
  for (const key of Object.keys(headers)) if (key.toLowerCase() === name) delete headers[key];
}

/** Whether the client takes gzip (`Accept-Encoding: gzip` or `*`, not with q=0). */
export function acceptsGzip(acceptEncoding: string | undefined): boolean {
  return (acceptEncoding ?? '').split(',').some((part) => {
    const [name = '', ...params] = part.trim().toLowerCase().split(';');
    const refused = params.some((param) => /^\s*q\s*=\s*0(\.0*)?\s*$/.test(param));
    return (name === 'gzip' || name === '*') && !refused;
  });
}

/**
 * Connect middleware that gzips a text answer for a client that accepts it, as Cloudflare's
 * edge does for a deployed Worker's assets and answers. It wraps `writeHead`, `write` and `end`
 * of the response, so it works for whatever handler comes after it (the Cloudflare plugin's,
 * which answers with `writeHead(status, headers)`, then `write` per chunk, then `end`).
 */
export function gzipTextAnswers(req: IncomingMessage, res: ServerResponse, next: () => void) {
  if (req.method === 'HEAD' || !acceptsGzip(req.headers['accept-encoding'])) return next();
  const writeHead = res.writeHead.bind(res) as (
    status: number,
    headers?: OutgoingHttpHeaders,
  ) => ServerResponse;
  const write = res.write.bind(res) as (chunk: unknown) => boolean;
  const end = res.end.bind(res) as (chunk?: unknown) => ServerResponse;
  let gzip: ReturnType<typeof createGzip> | undefined;

  res.writeHead = ((status: number, ...rest: unknown[]) => {
    const given = rest.find((arg) => typeof arg === 'object' && arg !== null) as
      OutgoingHttpHeaders | undefined;
    const headers: OutgoingHttpHeaders = { ...res.getHeaders(), ...given };
    const compress =
      status !== 204 &&
      status !== 304 &&
      COMPRESSIBLE.test(headerValue(headers, 'content-type')) &&
      headerValue(headers, 'content-encoding') === '';
    if (compress) {
      dropHeader(headers, 'content-length');
      for (const name of Object.keys(res.getHeaders())) res.removeHeader(name);
      const vary = headerValue(headers, 'vary');
      dropHeader(headers, 'vary');
      headers['content-encoding'] = 'gzip';
      headers.vary = vary === '' ? 'Accept-Encoding' : `${vary}, Accept-Encoding`;
      gzip = createGzip();
      gzip.on('data', (chunk: Buffer) => write(chunk));
      gzip.on('end', () => end());
      return writeHead(status, headers);
    }
    return writeHead(status, ...(rest as [OutgoingHttpHeaders]));
  }) as typeof res.writeHead;

  res.write = ((chunk: unknown, ...rest: unknown[]) => {
    if (!res.headersSent) res.writeHead(res.statusCode);
    if (!gzip) return (write as (...args: unknown[]) => boolean)(chunk, ...rest);
    gzip.write(chunk as Buffer);
    return true;
  }) as typeof res.write;

  res.end = ((chunk?: unknown, ...rest: unknown[]) => {
    if (!res.headersSent) res.writeHead(res.statusCode);
    if (!gzip) return (end as (...args: unknown[]) => ServerResponse)(chunk, ...rest);
    if (chunk !== undefined && typeof chunk !== 'function') gzip.end(chunk as Buffer);
    else gzip.end();
    return res;
  }) as typeof res.end;

  next();
}

/**
 * `vite preview` (the production build under workerd, as `npm run preview`, the e2e suite and
 * `npm run lighthouse` serve it) answers uncompressed, where Cloudflare's edge gzips or brotlis
 * every text answer of the deployed Worker. This plugin gzips them in the preview too, so a page
 * loads there with the bytes a visitor downloads. Listed before `cloudflare()`, its middleware
 * runs before the one that hands requests to workerd.
 */
export function previewCompressionPlugin(): Plugin {
  return {
    name: 'preview-compression',
    configurePreviewServer(server) {
      server.middlewares.use(gzipTextAnswers);
    },
  };
}
