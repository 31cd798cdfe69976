import { type BacktestResult, listTrades } from '../../engine/index';
import { MAX_CURVE_POINTS, MAX_STORED_TRADES } from '../../shared/backtest-result';
import { type BacktestResultBody, type ResultMetrics, type ResultTrade } from '../../shared/api/backtests';
import { type DataSource } from '../../shared/data-sources';
import type { BacktestSummary } from '../../shared/api/backtests';
import { thinRowsKeepingExtremes } from './thin-curve';

/**
 * The equity and drawdown curves from the first traded bar, thinned to at most MAX_CURVE_POINTS
 * with every bucket's highest and lowest equity and drawdown kept.
 */
function thinCurve(
  result: BacktestResult,
  openTimes: Float64Array,
  firstBar: number,
): BacktestResultBody['curve'] {
  // Bars after the request's toDate have no equity (NaN): the curve ends at the last traded bar.
  let end = result.equity.length;
  while (end > firstBar && !Number.isFinite(result.equity[end - 1])) end--;
  const rows = thinRowsKeepingExtremes([result.equity, result.drawdown], firstBar, end, MAX_CURVE_POINTS);
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
