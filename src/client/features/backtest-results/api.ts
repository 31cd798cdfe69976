/** The result page's calls: one stored run, and the candles that run was computed on. */
import type { BacktestRun } from '../../../shared/api/backtests';
import type { CandlesAnswer } from '../../../shared/api/market';
import type { Timeframe } from '../../../shared/backtest-vocabulary';
import { CODE_OF_TIMEFRAME } from '../../../shared/timeframes';
import type { ShareLink, ShareStatus, SharedBacktest } from '../../../shared/api/shares';
import { apiFetch } from '../../lib/api-client';

export type { CandleColumns, CandlesAnswer } from '../../../shared/api/market';

export function fetchBacktest(id: string) {
  return apiFetch<BacktestRun>(`/api/backtests/${encodeURIComponent(id)}`);
}

/** The market API's timeframe code for a request label ('1 hour' -> '1h'). */
export function candleTimeframeCode(timeframe: string): string {
  const code = Object.hasOwn(CODE_OF_TIMEFRAME, timeframe)
    ? CODE_OF_TIMEFRAME[timeframe as Timeframe]
    : undefined;
  if (!code) throw new Error(`Unknown timeframe "${timeframe}"`);
  return code;
}

/**
 * The bars the engine ran on: same symbol, range and warm-up, so a trade's entryIndex and
 * exitIndex are rows of this answer.
 */
export async function fetchRunCandles(run: SharedBacktest) {
  const query = new URLSearchParams({
    exchange: run.exchange,
    symbol: run.stock,
    timeframe: candleTimeframeCode(run.timeframe),
    from: run.fromDate,
    to: run.toDate,
    warmup: String(run.result.data.warmupBars),
  });
  return apiFetch<CandlesAnswer>(`/api/market/candles?${query}`);
}

/** Whether the user's run has a live public link. */
export function fetchShareStatus(id: string) {
  return apiFetch<ShareStatus>(`/api/backtests/${encodeURIComponent(id)}/share`);
}

/** A new public link for the user's run (any earlier one stops working). */
export function shareBacktest(id: string) {
  return apiFetch<ShareLink>(`/api/backtests/${encodeURIComponent(id)}/share`, { method: 'POST' });
}

/** Ends the run's public link. */
export function stopSharing(id: string) {
  return apiFetch<void>(`/api/backtests/${encodeURIComponent(id)}/share`, { method: 'DELETE' });
}

/** A run someone shared, read through its link's token (no account needed). */
export function fetchSharedBacktest(token: string) {
  return apiFetch<SharedBacktest>(`/api/public/backtests/${encodeURIComponent(token)}`);
}
