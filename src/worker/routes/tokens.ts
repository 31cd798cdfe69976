import { Hono } from 'hono';
import type { TokenCreatedAnswer, TokenListAnswer } from '../../shared/api/tokens';
import { MAX_TOKENS_PER_USER, tokenCreateSchema } from '../../shared/api-tokens';
import type { AppEnv } from '../env';
import { ApiError } from '../errors';
import { requireUser } from '../auth/middleware';
import { requireVerifiedEmail } from '../auth/verified-email';
import { mintToken } from '../auth/api-tokens';
import { deleteToken, insertToken, listTokens } from '../db/api-tokens';
import { validate } from '../validation';
import { DAY_MS } from '../../shared/time-units';

/**
 * The signed-in user's personal access tokens: create (with a verified address; the token is
 * answered once, only its hash is kept), list with their last use, revoke. Tokens themselves are
 * refused here (auth/token-scope.ts).
 */
export const tokens = new Hono<AppEnv>()
  .use(requireUser)
  .post('/', requireVerifiedEmail('create API tokens'), validate('json', tokenCreateSchema), async (c) => {
    const { name, expiresInDays, scope } = c.req.valid('json');
    const { token, tokenHash } = await mintToken();
    const id = crypto.randomUUID();
    const now = Date.now();
    const created = await insertToken(
      c.env.DB,
      { id, userId: c.var.user.id, name, tokenHash, scope },
      now,
      now + expiresInDays * DAY_MS,
      MAX_TOKENS_PER_USER,
    );
    if (!created) {
      throw new ApiError(409, `You already have ${MAX_TOKENS_PER_USER} live tokens. Revoke one first.`);
    }
    return c.json({ token, id } satisfies TokenCreatedAnswer, 201);
  })
  .get('/', async (c) =>
    c.json({ tokens: await listTokens(c.env.DB, c.var.user.id) } satisfies TokenListAnswer),
  )
  .delete('/:id', async (c) => {
    if (!(await deleteToken(c.env.DB, c.var.user.id, c.req.param('id')))) {
      throw new ApiError(404, 'No token of yours has this id.');
    }
    return c.body(null, 204);
  });
