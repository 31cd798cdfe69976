/** The result page's calls: the candles a run was computed on, and its share link. */
import { queryOptions } from '@tanstack/react-query';
import type { Timeframe } from '../../../shared/backtest-vocabulary';
import { candlesAnswerSchema } from '../../../shared/api/market';
import { CODE_OF_TIMEFRAME } from '../../../shared/timeframes';
import {
  type SharedBacktest,
  shareLinkSchema,
  shareStatusSchema,
  sharedBacktestSchema,
} from '../../../shared/api/shares';
import { NO_CONTENT, apiFetch } from '../../lib/api-client';
import { queryKeys } from '../../lib/query-keys';

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
  return apiFetch(`/api/market/candles?${query}`, candlesAnswerSchema);
}

/** Whether the user's run has a live public link. */
export function fetchShareStatus(id: string) {
  return apiFetch(`/api/backtests/${encodeURIComponent(id)}/share`, shareStatusSchema);
}

/** A new public link for the user's run (any earlier one stops working). */
export function shareBacktest(id: string) {
  return apiFetch(`/api/backtests/${encodeURIComponent(id)}/share`, shareLinkSchema, { method: 'POST' });
}

/** Ends the run's public link. */
export function stopSharing(id: string) {
  return apiFetch(`/api/backtests/${encodeURIComponent(id)}/share`, NO_CONTENT, { method: 'DELETE' });
}

/** A run someone shared, read through its link's token (no account needed). */
export function fetchSharedBacktest(token: string) {
  return apiFetch(`/api/public/backtests/${encodeURIComponent(token)}`, sharedBacktestSchema);
}

export const runCandlesQuery = (run: SharedBacktest) =>
  queryOptions({
    queryKey: queryKeys.candles(
      run.exchange,
      run.stock,
      run.timeframe,
      run.fromDate,
      run.toDate,
      run.result.data.warmupBars,
    ),
    queryFn: () => fetchRunCandles(run),
  });

export const shareStatusQuery = (id: string) =>
  queryOptions({ queryKey: queryKeys.backtests.share(id), queryFn: () => fetchShareStatus(id) });

export const sharedBacktestQuery = (token: string) =>
  queryOptions({ queryKey: queryKeys.sharedBacktest(token), queryFn: () => fetchSharedBacktest(token) });
