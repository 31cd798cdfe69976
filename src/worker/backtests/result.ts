import type { BacktestResult } from '../../engine/backtest';
import { listTrades } from '../../engine/index';
import {
  type BacktestResultBody,
  type DataSource,
  MAX_CURVE_POINTS,
  MAX_STORED_TRADES,
  type ResultMetrics,
  type ResultTrade,
} from '../../shared/backtest-result';
import type { BacktestSummary } from '../../shared/backtest-result';

/**
 * The equity and drawdown curves from the first traded bar, thinned to at most
 * MAX_CURVE_POINTS: every k-th bar plus each trade's entry and exit bar and the last bar, so
 * the stored curve keeps its turning points.
 */
function thinCurve(
  result: BacktestResult,
  openTimes: Float64Array,
  firstBar: number,
): BacktestResultBody['curve'] {
  const last = result.equity.length - 1;
  const keep = new Set<number>();
  const step = Math.max(1, Math.ceil((last - firstBar + 1) / (MAX_CURVE_POINTS / 2)));
  for (let i = firstBar; i <= last; i += step) keep.add(i);
  const { trades } = result;
  for (let row = 0; row < trades.count && keep.size < MAX_CURVE_POINTS - 1; row++) {
    keep.add(trades.entryIndex[row]!).add(trades.exitIndex[row]!);
  }
  if (last >= firstBar) keep.add(last);
  const rows = [...keep].filter((i) => Number.isFinite(result.equity[i])).sort((a, b) => a - b);
  return {
    t: rows.map((i) => openTimes[i]!),
    equity: rows.map((i) => result.equity[i]!),
    drawdownPct: rows.map((i) => result.drawdown[i]!),
  };
}

export function toResultBody(
  result: BacktestResult,
  openTimes: Float64Array,
  data: { source: DataSource; timezone: string; warmupBars: number; warnings: string[] },
): BacktestResultBody {
  const metrics: ResultMetrics = result.metrics;
  const trades: ResultTrade[] = listTrades(result.trades, openTimes, MAX_STORED_TRADES);
  const tradesTruncated = result.trades.count > MAX_STORED_TRADES;
  return {
    metrics,
    trades,
    tradesTruncated,
    monthlyReturns: result.monthlyReturns,
    curve: thinCurve(result, openTimes, data.warmupBars),
    warnings: [
      ...data.warnings,
      ...result.warnings,
      ...(tradesTruncated
        ? [`Only the first ${MAX_STORED_TRADES} of ${result.trades.count} trades are stored.`]
        : []),
    ],
    data: {
      source: data.source,
      timezone: data.timezone,
      bars: openTimes.length,
      warmupBars: data.warmupBars,
    },
  };
}

export function summaryOf(metrics: ResultMetrics): BacktestSummary {
  const { netProfit, totalReturnPct, winRatePct, maxDrawdownPct, riskReward, tradeCount } = metrics;
  return { netProfit, totalReturnPct, winRatePct, maxDrawdownPct, riskReward, tradeCount };
}
