/**
 * Request bodies: a size limit for every API route (hono/body-limit, answering 413 in the API's
 * error shape before a large body is parsed), and a drain that reads whatever body the worker
 * answered without reading. A server that answers before the body has arrived makes HTTP
 * proxies in front of it fail the request (the local preview turned that into an HTML 500).
 */
import { bodyLimit } from 'hono/body-limit';
import { createMiddleware } from 'hono/factory';
import { MAX_DATASET_BYTES, MAX_DATASET_SIZE_LABEL } from '../../shared/datasets';
import type { AppEnv } from '../env';
import { jsonError } from '../errors';

const KB = 1024;

interface BodyRule {
  prefix: string;
  maxBytes: number;
  message: string;
}

const tooLarge = (label: string) => `The request body is larger than ${label}.`;

/** The first rule whose prefix the path starts with applies. */
export const BODY_RULES: readonly BodyRule[] = [
  // The file plus a multipart envelope (the route checks the file itself against 20 MB).
  {
    prefix: '/api/datasets',
    maxBytes: MAX_DATASET_BYTES + 64 * KB,
    message: `The file is larger than ${MAX_DATASET_SIZE_LABEL}.`,
  },
  // The largest valid request (every row filled, every setting set) is about 7 KB as compact
  // JSON and under 16 KB pretty-printed.
  { prefix: '/api/backtests', maxBytes: 64 * KB, message: tooLarge('64 KB') },
  // A portfolio's backtest takes the same request (and a portfolio itself is far smaller).
  { prefix: '/api/portfolios', maxBytes: 64 * KB, message: tooLarge('64 KB') },
  // A 5,000-character message in any script, JSON-escaped, fits.
  { prefix: '/api/contact', maxBytes: 32 * KB, message: 'The message is too large to send.' },
  // A payment provider's event carries the whole subscription or invoice object.
  { prefix: '/api/billing/webhooks/', maxBytes: 256 * KB, message: tooLarge('256 KB') },
  // Sign-in, registration, admin changes, subscription requests: a few short fields.
  { prefix: '/api/', maxBytes: 8 * KB, message: tooLarge('8 KB') },
];

const limits = BODY_RULES.map((rule) => ({
  rule,
  middleware: bodyLimit({ maxSize: rule.maxBytes, onError: (c) => jsonError(c, 413, rule.message) }),
}));

export const limitRequestBody = createMiddleware<AppEnv>(async (c, next) => {
  const limit = limits.find(({ rule }) => c.req.path.startsWith(rule.prefix));
  return limit ? limit.middleware(c, next) : next();
});

/** Beyond this the rest of an unread body is dropped (Cloudflare refuses 100 MB anyway). */
const MAX_DRAINED_BYTES = 64 * 1024 * 1024;

/**
 * Hands the app a body it can read as usual and, once it has answered, reads and discards the
 * part it left unread (a refused upload, a 401 before the JSON), so the client can finish
 * sending before it gets the answer.
 */
export const drainUnreadBody = createMiddleware<AppEnv>(async (c, next) => {
  const body = c.req.raw.body;
  if (!body) return next();
  const reader = body.getReader();
  // One read at a time: the app's reads pass through `pull`; the drain waits for the last one.
  let pending: Promise<ReadableStreamReadResult<Uint8Array>> | null = null;
  let draining = false;
  c.req.raw = new Request(c.req.raw, {
    body: new ReadableStream<Uint8Array>(
      {
        async pull(controller) {
          if (draining) return;
          pending = reader.read();
          const { done, value } = await pending;
          pending = null;
          if (done) controller.close();
          else controller.enqueue(value);
        },
      },
      { highWaterMark: 0 },
    ),
  });
  await next();
  draining = true;
  let drained = 0;
  try {
    if (pending) await pending;
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      drained += value.byteLength;
      if (drained > MAX_DRAINED_BYTES) {
        await reader.cancel();
        break;
      }
    }
  } catch {
    // The client went away: nothing is left to read.
  }
});
