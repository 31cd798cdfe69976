import { Hono } from 'hono';
import type { ShareLink, ShareStatus, SharedBacktest } from '../../shared/api/shares';
import { sharedResultPath } from '../../shared/shares';
import type { AppEnv } from '../env';
import { ApiError } from '../errors';
import { requireUser } from '../auth/middleware';
import { requireVerifiedEmail } from '../auth/verified-email';
import { randomToken, sha256Hex } from '../encoding';
import { findSharedBacktest, removeShare, replaceShare, shareCreatedAt } from '../db/shares';

const NOT_YOURS = 'No backtest of yours has this id.';
/** 32 random bytes in base64url: 256 bits, far past guessing. */
const TOKEN_BYTES = 32;
const TOKEN_SHAPE = /^[A-Za-z0-9_-]{43}$/;

/** The owner's side: make a run public by link, see whether it is, end the link. */
export const shares = new Hono<AppEnv>()
  .use(requireUser)
  .get('/:id/share', async (c) => {
    const createdAt = await shareCreatedAt(c.env.DB, c.var.user.id, c.req.param('id'));
    if (createdAt === undefined) throw new ApiError(404, NOT_YOURS);
    return c.json({ shared: createdAt !== null, createdAt } satisfies ShareStatus);
  })
  .post('/:id/share', requireVerifiedEmail('share runs by link'), async (c) => {
    const token = randomToken(TOKEN_BYTES);
    const created = await replaceShare(c.env.DB, c.var.user.id, c.req.param('id'), await sha256Hex(token));
    if (!created) throw new ApiError(404, NOT_YOURS);
    const url = new URL(sharedResultPath(token), c.req.url).toString();
    return c.json({ token, url } satisfies ShareLink, 201);
  })
  .delete('/:id/share', async (c) => {
    const removed = await removeShare(c.env.DB, c.var.user.id, c.req.param('id'));
    if (!removed) throw new ApiError(404, NOT_YOURS);
    return c.body(null, 204);
  });

/** Anyone with a live link: the run, read-only, without its owner. */
export const publicBacktests = new Hono<AppEnv>().get('/:token', async (c) => {
  const token = c.req.param('token');
  const run = TOKEN_SHAPE.test(token) ? await findSharedBacktest(c.env.DB, await sha256Hex(token)) : null;
  if (!run)
    throw new ApiError(404, 'This link does not open a backtest: it was never made or has been revoked.');
  c.header('X-Robots-Tag', 'noindex');
  return c.json(run satisfies SharedBacktest);
});
