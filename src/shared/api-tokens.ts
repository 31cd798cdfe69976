/** Personal access tokens: what a researcher sends as `Authorization: Bearer <token>`. */
import * as z from 'zod';

/** The lifetimes a token may have, in days. */
export const TOKEN_LIFETIMES_DAYS = [30, 90, 365] as const;

/**
 * `read`: reads the user's runs, jobs, portfolios, datasets, market data and usage; `run`: also
 * starts and cancels runs. In order: each scope allows what the ones before it allow. The routes
 * each one allows are named by the routes' declarations (`rules.token`, src/worker/openapi/api-route.ts).
 */
export const TOKEN_SCOPES = ['read', 'run'] as const;
export type TokenScope = (typeof TOKEN_SCOPES)[number];

/** Every token starts with this, so a leaked one is easy to recognise (and to scan for). */
export const TOKEN_PREFIX = 'bts_';

/** Live tokens one user may hold at once. */
export const MAX_TOKENS_PER_USER = 20;

/** Requests one token may make per minute. */
export const TOKEN_REQUESTS_PER_MINUTE = 60;

/** The environment variable the command-line `remote` commands read the token from. */
export const TOKEN_ENV_VARIABLE = 'BACKTEST_STUDIO_TOKEN';

/** POST /api/tokens */
export const tokenCreateSchema = z.object({
  name: z
    .string({ error: 'Give the token a name' })
    .trim()
    .min(1, 'Give the token a name')
    .max(100, 'At most 100 characters'),
  expiresInDays: z.literal(TOKEN_LIFETIMES_DAYS, {
    error: `Choose ${TOKEN_LIFETIMES_DAYS.join(', ')} days`,
  }),
  scope: z.enum(TOKEN_SCOPES, { error: `Choose ${TOKEN_SCOPES.join(' or ')}` }),
});
export type TokenCreate = z.infer<typeof tokenCreateSchema>;
