import { $ } from '@hono/zod-openapi';
import { tokenCreatedAnswerSchema, tokenListAnswerSchema } from '../../shared/api/tokens';
import { MAX_TOKENS_PER_USER, tokenCreateSchema } from '../../shared/api-tokens';
import { ApiError } from '../errors';
import { requireUser } from '../auth/middleware';
import { requireVerifiedEmail } from '../auth/verified-email';
import { mintToken } from '../auth/api-tokens';
import { deleteToken, insertToken, listTokens } from '../db/api-tokens';
import { apiRoute, apiRouter, jsonAnswer, jsonBody, noBody } from '../openapi/api-route';
import { DAY_MS } from '../../shared/time-units';

const mintRoute = apiRoute({
  method: 'post',
  path: '/',
  tags: ['Tokens'],
  summary: 'Create a personal access token (answered once; only its hash is stored)',
  description: `Signed in with the site's session and a verified address (else 403): \`{name, expiresInDays: 30|90|365, scope: read|run}\` → 201 \`{token, id}\`. The token is shown once; only its SHA-256 is stored. 409 past ${MAX_TOKENS_PER_USER} live tokens.`,
  rules: { access: 'user', errors: [400, 409] },
  middleware: [requireVerifiedEmail('create API tokens')] as const,
  request: { body: jsonBody(tokenCreateSchema) },
  responses: { 201: jsonAnswer('The token and its id', tokenCreatedAnswerSchema) },
});

const listRoute = apiRoute({
  method: 'get',
  path: '/',
  tags: ['Tokens'],
  summary: "The user's tokens with their last use (never the token itself)",
  description:
    "Signed in with the site's session: the user's tokens with `lastUsedAt`, never the token itself.",
  rules: { access: 'user' },
  responses: { 200: jsonAnswer('The tokens', tokenListAnswerSchema) },
});

const revokeRoute = apiRoute({
  method: 'delete',
  path: '/{id}',
  tags: ['Tokens'],
  summary: 'Revoke a token',
  description: "Signed in with the site's session: revokes one of the user's tokens → 204 (another's: 404).",
  rules: { access: 'user', errors: [404] },
  responses: { 204: noBody() },
});

/**
 * The signed-in user's personal access tokens: create (with a verified address; the token is
 * answered once, only its hash is kept), list with their last use, revoke. Tokens themselves are
 * refused here (no route declares a token scope; auth/token-scope.ts).
 */
export const tokens = $(apiRouter().use(requireUser))
  .openapi(mintRoute, async (c) => {
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
    return c.json({ token, id }, 201);
  })
  .openapi(listRoute, async (c) => c.json({ tokens: await listTokens(c.env.DB, c.var.user.id) }, 200))
  .openapi(revokeRoute, async (c) => {
    if (!(await deleteToken(c.env.DB, c.var.user.id, c.req.param('id')))) {
      throw new ApiError(404, 'No token of yours has this id.');
    }
    return c.body(null, 204);
  });
