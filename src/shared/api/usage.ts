/** GET /api/usage: how many backtests the signed-in user has stored this month, of how many. */
import * as z from 'zod';

export const usageSchema = z.object({
  /** Runs stored since the first of this month (UTC), deleted runs included. */
  used: z.number().int(),
  /** The plan's monthly runs; null = unlimited (enterprise plan, admins). */
  limit: z.number().int().nullable(),
  /** The day the count starts again (UTC), YYYY-MM-DD. */
  resetsOn: z.string(),
});
export type Usage = z.infer<typeof usageSchema>;
