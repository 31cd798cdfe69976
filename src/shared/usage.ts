/** GET /api/usage: how many backtests the signed-in user has stored this month, of how many. */
export interface Usage {
  /** Runs stored since the first of this month (UTC), deleted runs included. */
  used: number;
  /** The plan's monthly runs; null = unlimited (enterprise plan, admins). */
  limit: number | null;
  /** The day the count starts again (UTC), YYYY-MM-DD. */
  resetsOn: string;
}
