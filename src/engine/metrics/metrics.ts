/**
 * The summary statistics of a run (docs/conventions.md#statistics): a pure function of the trades, the
 * equity curve and the bars. E0 = initial capital, E = equity at each bar's close from the first
 * tradable bar on, E_end = the last one.
 *
 * Too short to annualise: raising a few days' return to the power of 365 / days says nothing
 * (a one-day run would show "CAGR -100%"). CAGR and Calmar need a tested span of at least
 * MIN_ANNUALISED_DAYS calendar days; Sharpe and Sortino need that and at least
 * MIN_ANNUALISED_RETURNS per-bar returns (fewer give no usable estimate of a standard
 * deviation). Below that they are null and `tooShortToAnnualise` says why.
 */
import { TIMEFRAME_MINUTES, type Timeframe } from '../../shared/backtest-vocabulary';
import { returnMoments, type ReturnMoments } from '../stats/return-moments';
import type { TradeColumns } from '../simulate/trade-columns';
import { barsPerYear } from './annualisation';
import { drawdownExtremes, equityDrawdownExtremes, type DrawdownExtremes } from './drawdown';
import { barReturns, riskRatios, type BarReturns } from './returns';
import { tradeStatistics, type TradeStatistics } from './trade-statistics';

export interface Metrics extends TradeStatistics {
  /** E_end - E0, money. */
  netProfit: number;
  /** (E_end - E0) / E0 * 100. */
  totalReturnPct: number;
  /**
   * ((E_end / E0)^(1 / years) - 1) * 100, years = (last bar's open + one bar - first tradable
   * bar's open) / 365.25 days. -100 when E_end <= 0; null without bars or when the span is so
   * short that the power overflows.
   */
  cagrPct: number | null;
  /**
   * (last close / first tradable bar's close - 1) * 100: holding long, whatever the request's
   * side; null without bars (or a first close of 0).
   */
  buyHoldReturnPct: number | null;
  /** Largest fall from a running peak of equity, in percent of that peak (positive). */
  maxDrawdownPct: number;
  /** Longest run of bars closing below the running peak. */
  maxDrawdownDurationBars: number;
  /** Annualised Sharpe ratio of per-bar returns (returns.ts, annualisation.ts); null when undefined. */
  sharpe: number | null;
  /** Annualised Sortino ratio of per-bar returns; null without a losing bar. */
  sortino: number | null;
  /** cagrPct / maxDrawdownPct; null without a drawdown or a CAGR. */
  calmar: number | null;
  /** Bars from entry bar to exit bar (both counted) of all trades / tradable bars * 100. */
  exposurePct: number;
  /** Commission on every fill plus slippage, in money, over all trades. */
  totalCostsPaid: number;
  /** True when CAGR, Sharpe, Sortino or Calmar is null because the run is too short (see above). */
  tooShortToAnnualise: boolean;
}

/** Shortest tested span, in calendar days, for which annualised figures are reported. */
export const MIN_ANNUALISED_DAYS = 30;
/** Fewest per-bar returns for which annualised Sharpe and Sortino are reported. */
export const MIN_ANNUALISED_RETURNS = 30;

export interface MetricsInput {
  trades: TradeColumns;
  /** Equity at each bar's close, aligned with the bars; read from `firstBar` on. */
  equity: Float64Array;
  /**
   * Its drawdown from the running peak in percent (drawdown.ts), aligned like `equity`; pass
   * it when it is computed anyway, so it is computed once. Default: the deepest and longest
   * drawdown are read from the equity without making the curve.
   */
  drawdown?: Float64Array;
  /**
   * The deepest and longest drawdown when already known (drawdownCurveAndExtremes finds them
   * while it makes the curve); `drawdown` is then not read.
   */
  drawdownExtremes?: DrawdownExtremes;
  /**
   * Scratch space for the per-bar returns, at least as long as `equity`; a sweep passes one
   * for all its runs. Default: allocated here.
   */
  returnsBuffer?: Float64Array;
  /** Bar open times, unix ms. */
  openTimes: Float64Array;
  closes: Float64Array;
  /** Row of the first tradable bar. */
  firstBar: number;
  initialCapital: number;
  timeframe: Timeframe;
}

const MS_PER_YEAR = 365.25 * 86_400_000;

function cagrPct(finalEquity: number, initialCapital: number, years: number): number | null {
  if (finalEquity <= 0) return -100;
  if (!(years > 0)) return null;
  const growth = ((finalEquity / initialCapital) ** (1 / years) - 1) * 100;
  return Number.isFinite(growth) ? growth : null;
}

export function computeMetrics(input: MetricsInput): Metrics {
  return metricsOf(input, returnsOf(input));
}

/**
 * The metrics and the per-bar returns' moments (a run's deflated Sharpe ratio takes them), both
 * from the one set of returns.
 */
export function computeMetricsAndMoments(input: MetricsInput): {
  metrics: Metrics;
  returnMoments: ReturnMoments;
} {
  const returns = returnsOf(input);
  return { metrics: metricsOf(input, returns), returnMoments: returnMoments(returns.values) };
}

function returnsOf({ equity, firstBar, initialCapital, returnsBuffer }: MetricsInput): BarReturns {
  return barReturns(equity, firstBar, initialCapital, returnsBuffer);
}

function metricsOf(input: MetricsInput, returns: BarReturns): Metrics {
  const { trades, equity, openTimes, closes, firstBar, initialCapital, timeframe } = input;
  const lastBar = equity.length - 1;
  const tradableBars = Math.max(equity.length - firstBar, 0);
  const finalEquity = tradableBars > 0 ? equity[lastBar]! : initialCapital;
  const netProfit = finalEquity - initialCapital;
  const years =
    tradableBars > 0
      ? (openTimes[lastBar]! + TIMEFRAME_MINUTES[timeframe] * 60_000 - openTimes[firstBar]!) / MS_PER_YEAR
      : 0;
  const longEnough = years * 365.25 >= MIN_ANNUALISED_DAYS;
  const cagr = tradableBars > 0 && longEnough ? cagrPct(finalEquity, initialCapital, years) : null;
  const { maxPct: maxDrawdown, longestBars } =
    input.drawdownExtremes ??
    (input.drawdown
      ? drawdownExtremes(input.drawdown, firstBar)
      : equityDrawdownExtremes(equity, firstBar, initialCapital));
  const annualBars = barsPerYear(timeframe);
  const enoughReturns = longEnough && returns.values.length >= MIN_ANNUALISED_RETURNS;
  const ratios = enoughReturns ? riskRatios(returns, annualBars) : null;
  const barsInTrades = barsHeldInAll(trades.entryIndex, trades.exitIndex, trades.count);
  const totalCostsPaid = sumOf(trades.costs, trades.count);
  return {
    netProfit,
    totalReturnPct: (netProfit / initialCapital) * 100,
    cagrPct: cagr,
    buyHoldReturnPct:
      tradableBars > 0 && closes[firstBar]! > 0 ? (closes[lastBar]! / closes[firstBar]! - 1) * 100 : null,
    ...tradeStatistics(trades),
    maxDrawdownPct: maxDrawdown,
    maxDrawdownDurationBars: longestBars,
    sharpe: ratios?.sharpe ?? null,
    sortino: ratios?.sortino ?? null,
    calmar: cagr !== null && maxDrawdown > 0 ? cagr / maxDrawdown : null,
    exposurePct: tradableBars > 0 ? (barsInTrades / tradableBars) * 100 : 0,
    totalCostsPaid,
    tooShortToAnnualise: tradableBars > 0 && !enoughReturns,
  };
}

// The loops over the trades, each on its own with typed arrays and numbers only, so they keep
// their optimised code from run to run (drawdown.ts says why).

/** Bars from entry bar to exit bar, both counted, summed over the first `count` trades. */
function barsHeldInAll(entryIndex: Int32Array, exitIndex: Int32Array, count: number): number {
  let bars = 0;
  for (let row = 0; row < count; row++) bars += exitIndex[row]! - entryIndex[row]! + 1;
  return bars;
}

/** The sum of the first `count` values, in order. */
function sumOf(values: Float64Array, count: number): number {
  let sum = 0;
  for (let row = 0; row < count; row++) sum += values[row]!;
  return sum;
}
