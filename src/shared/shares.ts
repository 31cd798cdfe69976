import type { BacktestRun } from './backtest-result';

/** POST /api/backtests/:id/share: the new public link (its token is shown this once). */
export interface ShareLink {
  token: string;
  url: string;
}

/** GET /api/backtests/:id/share: whether the run has a live public link, and since when. */
export interface ShareStatus {
  shared: boolean;
  createdAt: string | null;
}

/** GET /api/public/backtests/:token: the run without its id, its owner or anything of theirs. */
export type SharedBacktest = Omit<BacktestRun, 'id'>;

/** Where a shared run is read, without an account. */
export const sharedResultPath = (token: string) => `/r/${token}`;
