import { $ } from '@hono/zod-openapi';
import { shareLinkSchema, sharedBacktestSchema, shareStatusSchema } from '../../shared/api/shares';
import { sharedResultPath } from '../../shared/shares';
import { ApiError } from '../errors';
import { requireUser } from '../auth/middleware';
import { requireVerifiedEmail } from '../auth/verified-email';
import { randomToken, sha256Hex } from '../encoding';
import { findSharedBacktest, removeShare, replaceShare, shareCreatedAt } from '../db/shares';
import { apiRoute, apiRouter, jsonAnswer, noBody } from '../openapi/api-route';

const NOT_YOURS = 'No backtest of yours has this id.';
/** 32 random bytes in base64url: 256 bits, far past guessing. */
const TOKEN_BYTES = 32;
const TOKEN_SHAPE = /^[A-Za-z0-9_-]{43}$/;

const shareStatusRoute = apiRoute({
  method: 'get',
  path: '/{id}/share',
  tags: ['Sharing'],
  summary: 'Whether the run has a live public link',
  description: 'Owner only (others 404): `{shared, createdAt}`.',
  rules: { access: 'user', errors: [404] },
  responses: { 200: jsonAnswer('The link status', shareStatusSchema) },
});

const shareRoute = apiRoute({
  method: 'post',
  path: '/{id}/share',
  tags: ['Sharing'],
  summary: 'Make a new public link (replaces any earlier one)',
  description:
    'Owner only (others 404): → 201 `{token, url}`, a new link replacing the old one (a 256-bit token; only its SHA-256 is stored). Needs a verified email address (403 before).',
  rules: { access: 'user', errors: [404] },
  middleware: [requireVerifiedEmail('share runs by link')] as const,
  responses: { 201: jsonAnswer('The link (its token shown once)', shareLinkSchema) },
});

const unshareRoute = apiRoute({
  method: 'delete',
  path: '/{id}/share',
  tags: ['Sharing'],
  summary: 'End the public link',
  description: 'Owner only (others 404): ends the public link → 204.',
  rules: { access: 'user', errors: [404] },
  responses: { 204: noBody() },
});

const sharedRunRoute = apiRoute({
  method: 'get',
  path: '/{token}',
  tags: ['Sharing'],
  summary: 'A shared run, without its id or owner',
  description:
    'No account needed: the shared run without its id or owner (the page /r/{token} reads it); 404 once the link is revoked or replaced, or the run deleted.',
  rules: { access: 'public', token: 'read', errors: [404] },
  responses: { 200: jsonAnswer('The shared run', sharedBacktestSchema) },
});

/** The owner's side: make a run public by link, see whether it is, end the link. */
export const shares = $(apiRouter().use(requireUser))
  .openapi(shareStatusRoute, async (c) => {
    const createdAt = await shareCreatedAt(c.env.DB, c.var.user.id, c.req.param('id'));
    if (createdAt === undefined) throw new ApiError(404, NOT_YOURS);
    return c.json({ shared: createdAt !== null, createdAt }, 200);
  })
  .openapi(shareRoute, async (c) => {
    const token = randomToken(TOKEN_BYTES);
    const created = await replaceShare(c.env.DB, c.var.user.id, c.req.param('id'), await sha256Hex(token));
    if (!created) throw new ApiError(404, NOT_YOURS);
    const url = new URL(sharedResultPath(token), c.req.url).toString();
    return c.json({ token, url }, 201);
  })
  .openapi(unshareRoute, async (c) => {
    const removed = await removeShare(c.env.DB, c.var.user.id, c.req.param('id'));
    if (!removed) throw new ApiError(404, NOT_YOURS);
    return c.body(null, 204);
  });

/** Anyone with a live link: the run, read-only, without its owner. */
export const publicBacktests = apiRouter().openapi(sharedRunRoute, async (c) => {
  const token = c.req.param('token');
  const run = TOKEN_SHAPE.test(token) ? await findSharedBacktest(c.env.DB, await sha256Hex(token)) : null;
  if (!run)
    throw new ApiError(404, 'This link does not open a backtest: it was never made or has been revoked.');
  c.header('X-Robots-Tag', 'noindex');
  return c.json(run, 200);
});
