/** GET /api/health: whether D1 and KV answer, and the app's version. */
import * as z from 'zod';

export const healthSchema = z.object({
  ok: z.boolean(),
  d1: z.boolean(),
  kv: z.boolean(),
  version: z.string(),
});
export type Health = z.infer<typeof healthSchema>;
