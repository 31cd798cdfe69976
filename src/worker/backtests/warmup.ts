import { indicatorLookback, patternLookback, resolveSettings } from '../../engine/index';
import type { BacktestRequest } from '../../shared/backtest-request';
import { MAX_WARMUP_BARS } from '../../shared/bar-budget';

/** Bars of one trading day at most (5-minute bars of a long session), for day-based indicators. */
const INTRADAY_DAY_BARS = 200;
const PIVOTS = new Set(['Pivot Point', 'Support 1', 'Support 2', 'Resistance 1', 'Resistance 2']);

/**
 * How many bars before fromDate the request's indicators and patterns need, so the first
 * traded bar already has every value: the largest look-back, plus the chikou span's
 * displacement and, on intraday bars, one day for pivots and session VWAP.
 */
export function requiredWarmupBars(request: BacktestRequest): number {
  const intraday = request.timeframe !== '1 day';
  let needed = 1;
  const consider = (label: string, settings: Record<string, string>) => {
    let bars = indicatorLookback(label, settings) + 1;
    if (label === 'Ichimoku chikou_span') bars += resolveSettings(label, settings)['Timeframe 2'] ?? 26;
    if (intraday && (PIVOTS.has(label) || (label === 'VWAP' && !settings.Timeframe)))
      bars += INTRADAY_DAY_BARS;
    needed = Math.max(needed, bars);
  };
  for (const group of [request.entry, request.exit]) {
    for (const row of group.parameters) {
      consider(row.indicator1, row.additionalFields1);
      consider(row.indicator2, row.additionalFields2);
    }
    for (const row of group.valueBased) consider(row.indicator, row.additionalFields);
  }
  for (const row of request.entry.candleStick) needed = Math.max(needed, patternLookback(row.pattern1) + 1);
  // Crosses Above/Below compare with the previous bar: one more.
  return Math.min(MAX_WARMUP_BARS, needed + 1);
}
