/** Answers of /api/auth: the user as the API shows it (no hash, no provider ids). */
import * as z from 'zod';
import { ROLES } from '../auth';
import { PLAN_IDS } from '../plans';

export const userSchema = z.object({
  id: z.string(),
  email: z.string(),
  displayName: z.string().nullable(),
  role: z.enum(ROLES),
  plan: z.enum(PLAN_IDS),
  createdAt: z.string(),
  /** True once the owner opened a verification link, reset the password or signed in with Google. */
  emailVerified: z.boolean(),
});
export type User = z.infer<typeof userSchema>;

/** POST /api/auth/register (201), POST /api/auth/login, GET /api/auth/me */
export const userAnswerSchema = z.object({ user: userSchema });
export type UserAnswer = z.infer<typeof userAnswerSchema>;

/** GET /api/auth/session: 200 either way, the user or null. */
export const sessionAnswerSchema = z.object({ user: userSchema.nullable() });
export type SessionAnswer = z.infer<typeof sessionAnswerSchema>;
