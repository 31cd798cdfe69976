/** The result page's calls: the candles a run was computed on, and its share link. */
import { queryOptions } from '@tanstack/react-query';
import type { DataSource } from '../../../shared/backtest-result';
import { TIMEFRAME_MINUTES, type Timeframe } from '../../../shared/backtest-vocabulary';
import type { ShareLink, ShareStatus, SharedBacktest } from '../../../shared/shares';
import { apiFetch } from '../../lib/api-client';

/** Column arrays of the bars, open times in unix milliseconds (GET /api/market/candles). */
export interface CandleColumns {
  t: number[];
  o: number[];
  h: number[];
  l: number[];
  c: number[];
  v: number[];
}

export interface CandlesAnswer {
  candles: CandleColumns;
  timezone: string;
  source: DataSource;
  warmupBars: number;
  warnings: string[];
}

const CANDLE_TIMEFRAME_BY_MINUTES: Record<number, string> = {
  5: '5m',
  15: '15m',
  30: '30m',
  60: '1h',
  1440: '1d',
};

/** The market API's timeframe code for a request label ('1 hour' -> '1h'). */
export function candleTimeframeCode(timeframe: string): string {
  const minutes = TIMEFRAME_MINUTES[timeframe as Timeframe];
  const code = CANDLE_TIMEFRAME_BY_MINUTES[minutes];
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

export const runCandlesQuery = (run: SharedBacktest) =>
  queryOptions({
    queryKey: [
      'candles',
      run.exchange,
      run.stock,
      run.timeframe,
      run.fromDate,
      run.toDate,
      run.result.data.warmupBars,
    ],
    queryFn: () => fetchRunCandles(run),
  });

export const shareStatusQuery = (id: string) =>
  queryOptions({ queryKey: ['backtests', id, 'share'], queryFn: () => fetchShareStatus(id) });

export const sharedBacktestQuery = (token: string) =>
  queryOptions({ queryKey: ['shared-backtests', token], queryFn: () => fetchSharedBacktest(token) });
