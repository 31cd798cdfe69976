import { type BacktestResult, type CandleSeries, listTrades, type ReturnMoments } from '../../engine/index';
import { MAX_CURVE_POINTS, MAX_STORED_TRADES } from '../../shared/backtest-result';
import {
  type BacktestResultBody,
  type DataQuality,
  type ResultMetrics,
  type ResultTrade,
} from '../../shared/api/backtests';
import { type DataSource } from '../../shared/data-sources';
import type { BacktestSummary } from '../../shared/api/backtests';
import { thinRowsKeepingExtremes } from './thin-curve';

/** A run's result; an ML run's strategy has no moments (its threshold check carries its DSR). */
type RunResult = Omit<BacktestResult, 'returnMoments'> & Partial<Pick<BacktestResult, 'returnMoments'>>;

/**
 * Buy and hold of the same instrument with the same capital: bought at the first traded bar's
 * close and marked at every later close, as the buyHoldReturnPct metric reckons it, so the
 * curve's last point and that metric agree.
 */
function buyAndHoldEquity(closes: Float64Array, firstBar: number, initialCapital: number): Float64Array {
  const equity = new Float64Array(closes.length).fill(Number.NaN);
  const base = closes[firstBar];
  if (base === undefined || !(base > 0)) return equity;
  for (let i = firstBar; i < closes.length; i++) equity[i] = (initialCapital * closes[i]!) / base;
  return equity;
}

/**
 * The equity, drawdown and buy-and-hold curves from the first traded bar, thinned to at most
 * MAX_CURVE_POINTS with every bucket's highest and lowest value of each kept.
 */
function thinCurve(
  result: RunResult,
  series: CandleSeries,
  firstBar: number,
  initialCapital: number,
  ownBuyHold: Float64Array | undefined,
): BacktestResultBody['curve'] {
  // Bars after the request's toDate have no equity (NaN): the curve ends at the last traded bar.
  let end = result.equity.length;
  while (end > firstBar && !Number.isFinite(result.equity[end - 1])) end--;
  const buyHold = ownBuyHold ?? buyAndHoldEquity(series.c, firstBar, initialCapital);
  const rows = thinRowsKeepingExtremes(
    [result.equity, result.drawdown, buyHold],
    firstBar,
    end,
    MAX_CURVE_POINTS,
  );
  return {
    t: rows.map((i) => series.t[i]!),
    equity: rows.map((i) => result.equity[i]!),
    drawdownPct: rows.map((i) => result.drawdown[i]!),
    ...(rows.every((i) => Number.isFinite(buyHold[i])) ? { buyHold: rows.map((i) => buyHold[i]!) } : {}),
  };
}

/** The per-bar returns' moments as stored, when they are defined. */
function sharpeEstimateOf({
  observations,
  sharpe,
  skewness,
  kurtosis,
}: ReturnMoments): BacktestResultBody['sharpeEstimate'] {
  const defined = [sharpe, skewness, kurtosis].every(Number.isFinite);
  return defined ? { observations, sharpe, skewness, kurtosis } : undefined;
}

/** What a run's answer needs besides the engine's result and the bars. */
export interface ResultContext {
  source: DataSource;
  timezone: string;
  warmupBars: number;
  warnings: string[];
  initialCapital: number;
  /**
   * The loaded bars' quality (data-quality.ts), which every run started from candles has
   * (absent only in an ML job queued before runs had it).
   */
  dataQuality: DataQuality | undefined;
  /** First bar of the curves (default: the first after the warm-up). */
  curveFrom?: number;
  /**
   * Buy and hold's equity at each bar when the run simulates its own (an ML run's baseline,
   * whose return its metrics report); default: bought at the first curve bar's close.
   */
  buyHoldEquity?: Float64Array;
}

export function toResultBody(
  result: RunResult,
  series: CandleSeries,
  data: ResultContext,
): BacktestResultBody {
  const openTimes = series.t;
  const metrics: ResultMetrics = result.metrics;
  const trades: ResultTrade[] = listTrades(result.trades, openTimes, MAX_STORED_TRADES);
  const tradesTruncated = result.trades.count > MAX_STORED_TRADES;
  const sharpeEstimate = result.returnMoments && sharpeEstimateOf(result.returnMoments);
  return {
    metrics,
    trades,
    tradesTruncated,
    monthlyReturns: result.monthlyReturns,
    curve: thinCurve(
      result,
      series,
      data.curveFrom ?? data.warmupBars,
      data.initialCapital,
      data.buyHoldEquity,
    ),
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
    ...(data.dataQuality ? { dataQuality: data.dataQuality } : {}),
    ...(sharpeEstimate ? { sharpeEstimate } : {}),
    ...(result.intrabar ? { intrabar: result.intrabar } : {}),
  };
}

export function summaryOf(metrics: ResultMetrics): BacktestSummary {
  const { netProfit, totalReturnPct, winRatePct, maxDrawdownPct, riskReward, tradeCount } = metrics;
  return { netProfit, totalReturnPct, winRatePct, maxDrawdownPct, riskReward, tradeCount };
}
