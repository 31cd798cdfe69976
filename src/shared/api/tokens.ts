/** Answers of /api/tokens: a new token (shown once) and the user's tokens, never their secret. */
import * as z from 'zod';
import { TOKEN_SCOPES } from '../api-tokens';

export const apiTokenSchema = z.object({
  id: z.string(),
  name: z.string(),
  scope: z.enum(TOKEN_SCOPES),
  createdAt: z.string(),
  expiresAt: z.string(),
  /** null until the token is first used. */
  lastUsedAt: z.string().nullable(),
});
export type ApiToken = z.infer<typeof apiTokenSchema>;

/** POST /api/tokens (201): the token itself, shown this once, and its id. */
export const tokenCreatedAnswerSchema = z.object({ token: z.string(), id: z.string() });
export type TokenCreatedAnswer = z.infer<typeof tokenCreatedAnswerSchema>;

/** GET /api/tokens: newest first, expired ones included until revoked. */
export const tokenListAnswerSchema = z.object({ tokens: z.array(apiTokenSchema) });
export type TokenListAnswer = z.infer<typeof tokenListAnswerSchema>;
