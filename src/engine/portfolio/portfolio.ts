/**
 * Portfolio backtests: one strategy run on several symbols with one shared capital.
 *
 * Each symbol trades its weight of the capital as a sleeve (a sub-account that starts at
 * weight × initial capital and keeps its own profits), by the same rules as a single-symbol run
 * (`runBacktest` on the symbol's own bars), so every fill happens on a bar the symbol really
 * has. The portfolio's equity on the common calendar (every bar time any symbol has) is the sum
 * of the sleeves, each valued at its last bar while its market has none; that valuation is
 * never a fill.
 *
 * Consequences, pinned by tests: one symbol at weight 1 is exactly the single-symbol run; two
 * identical symbols at 0.5 each are exactly one at 1 (halving a sleeve halves every figure in
 * it, exactly in binary floating point), with twice the trades at half the size.
 */
import type { BacktestRequest } from '../../shared/backtest-request';
import { MAX_PORTFOLIO_SYMBOLS, WEIGHT_SUM_TOLERANCE } from '../../shared/portfolio';
import { runBacktest, tradedRange, type BacktestOptions } from '../backtest';
import type { CandleSeries } from '../candles/series';
import { UTC_CALENDAR } from '../candles/session-calendar';
import { drawdownCurve } from '../metrics/drawdown';
import { computeMetrics, type Metrics } from '../metrics/metrics';
import { monthlyReturns, type MonthlyReturn } from '../metrics/monthly-returns';
import { listTrades, type TradeColumns } from '../simulate/trade-columns';
import type { Trade } from '../simulate/trade';
import { correlationMatrix, periodReturns } from './correlation';
import { calendarRows, unionOfTimes, valuesOnCalendar } from './union-calendar';

export class PortfolioError extends Error {
  override name = 'PortfolioError';
}

export interface PortfolioLeg {
  symbol: string;
  series: CandleSeries;
  /** Share of the capital; the weights add up to 1. Default: equal weights. */
  weight?: number;
  /** Warm-up rows at the start of `series` (runBacktest's option); default: the rows before fromDate. */
  warmupBars?: number;
}

export interface SymbolResult {
  weight: number;
  /** The symbol's own run on its sleeve (weight × initial capital). */
  metrics: Metrics;
  /** The sleeve's net profit in percent of the whole initial capital: the contributions add up to the portfolio's return. */
  contributionPct: number;
  warnings: string[];
}

export interface PortfolioTrade extends Trade {
  symbol: string;
}

export interface PortfolioResult {
  /**
   * The portfolio's figures on the common calendar. Trade statistics count every symbol's trades
   * (ordered by exit); buy and hold is the weighted basket bought at the start and never
   * rebalanced; exposure is the capital-weighted exposure of the sleeves.
   */
  metrics: Metrics;
  /** The common calendar (unix ms) and the portfolio's equity and drawdown at its closes. */
  times: Float64Array;
  equity: Float64Array;
  drawdown: Float64Array;
  monthlyReturns: MonthlyReturn[];
  /** Every symbol's trades, ordered by exit time, each with its symbol. */
  trades: PortfolioTrade[];
  perSymbol: Record<string, SymbolResult>;
  /** Pearson correlation of the symbols' sleeve returns per calendar bar (null for a sleeve that never moves). */
  correlation: { symbols: string[]; matrix: (number | null)[][] };
  warnings: string[];
}

/** The legs' weights, checked: equal when none is given, else every one given, positive, adding up to 1. */
export function portfolioWeights(legs: readonly PortfolioLeg[]): number[] {
  if (legs.length === 0) throw new PortfolioError('A portfolio needs at least one symbol');
  if (legs.length > MAX_PORTFOLIO_SYMBOLS) {
    throw new PortfolioError(
      `A portfolio holds at most ${MAX_PORTFOLIO_SYMBOLS} symbols, got ${legs.length}`,
    );
  }
  const seen = new Set<string>();
  for (const { symbol } of legs) {
    if (seen.has(symbol)) throw new PortfolioError(`Symbol ${symbol} appears twice in the portfolio`);
    seen.add(symbol);
  }
  const given = legs.filter((leg) => leg.weight !== undefined).length;
  if (given === 0) return legs.map(() => 1 / legs.length);
  if (given < legs.length) {
    const missing = legs.find((leg) => leg.weight === undefined)!.symbol;
    throw new PortfolioError(`Give a weight for every symbol or for none (${missing} has none)`);
  }
  for (const { symbol, weight } of legs) {
    if (!(Number.isFinite(weight) && weight! > 0)) {
      throw new PortfolioError(`The weight of ${symbol} must be a number greater than 0, got ${weight}`);
    }
  }
  const sum = legs.reduce((total, leg) => total + leg.weight!, 0);
  if (Math.abs(sum - 1) > WEIGHT_SUM_TOLERANCE) {
    throw new PortfolioError(`The weights must add up to 1; they add up to ${Number(sum.toPrecision(12))}`);
  }
  return legs.map((leg) => leg.weight!);
}

interface LegRun {
  symbol: string;
  weight: number;
  capital: number;
  series: CandleSeries;
  /** The leg's traded rows [firstBar, end) and their equity. */
  firstBar: number;
  end: number;
  result: ReturnType<typeof runBacktest>;
}

export function runPortfolio(request: BacktestRequest, legs: readonly PortfolioLeg[]): PortfolioResult {
  const weights = portfolioWeights(legs);
  const capital = request.initialCapital;
  const runs: LegRun[] = legs.map((leg, index) => {
    const weight = weights[index]!;
    const sleeve = { ...request, initialCapital: weight * capital };
    const options: BacktestOptions = leg.warmupBars === undefined ? {} : { warmupBars: leg.warmupBars };
    const { firstBar, end } = tradedRange(sleeve, leg.series, options);
    return {
      symbol: leg.symbol,
      weight,
      capital: sleeve.initialCapital,
      series: leg.series,
      firstBar,
      end: Math.max(firstBar, end),
      result: runBacktest(sleeve, leg.series, options),
    };
  });

  const times = unionOfTimes(runs.map((run) => run.series.t.subarray(run.firstBar, run.end)));
  const sleeves = runs.map((run) =>
    valuesOnCalendar(
      times,
      run.series.t.subarray(run.firstBar, run.end),
      run.result.equity.subarray(run.firstBar, run.end),
      run.capital,
    ),
  );
  const equity = new Float64Array(times.length);
  for (const sleeve of sleeves) for (let i = 0; i < equity.length; i++) equity[i] = equity[i]! + sleeve[i]!;

  const basket = buyAndHoldBasket(times, runs);
  const trades = mergedTrades(runs, times);
  const drawdown = drawdownCurve(equity, 0, capital);
  const metrics = computeMetrics({
    trades: trades.columns,
    equity,
    drawdown,
    openTimes: times,
    closes: basket,
    firstBar: 0,
    initialCapital: capital,
    timeframe: request.timeframe,
  });
  // A sum of bars held over every symbol would pass 100%: weigh each sleeve's exposure instead.
  metrics.exposurePct = runs.reduce((total, run) => total + run.weight * run.result.metrics.exposurePct, 0);

  const perSymbol: Record<string, SymbolResult> = {};
  for (const run of runs) {
    perSymbol[run.symbol] = {
      weight: run.weight,
      metrics: run.result.metrics,
      contributionPct: (run.result.metrics.netProfit / capital) * 100,
      warnings: run.result.warnings,
    };
  }
  return {
    metrics,
    times,
    equity,
    drawdown,
    monthlyReturns: monthlyReturns(equity, times, 0, capital, legs[0]!.series.calendar ?? UTC_CALENDAR),
    trades: trades.list,
    perSymbol,
    correlation: {
      symbols: runs.map((run) => run.symbol),
      matrix: correlationMatrix(sleeves.map(periodReturns)),
    },
    warnings: runs.flatMap((run) => run.result.warnings.map((warning) => `${run.symbol}: ${warning}`)),
  };
}

/**
 * The weighted basket bought at each symbol's first traded close and held: value 1 at the start
 * (before a symbol's first bar its share counts at cost), so its last value - 1 is the basket's
 * buy-and-hold return.
 */
function buyAndHoldBasket(times: Float64Array, runs: readonly LegRun[]): Float64Array {
  const basket = new Float64Array(times.length);
  for (const run of runs) {
    const closes = run.series.c.subarray(run.firstBar, run.end);
    if (closes.length === 0) {
      for (let i = 0; i < basket.length; i++) basket[i] = basket[i]! + run.weight;
      continue;
    }
    const held = valuesOnCalendar(times, run.series.t.subarray(run.firstBar, run.end), closes, closes[0]!);
    const first = closes[0]!;
    for (let i = 0; i < basket.length; i++) basket[i] = basket[i]! + run.weight * (held[i]! / first);
  }
  return basket;
}

/** Every leg's trades in exit order (then entry, then the legs' order), as columns on the calendar and as a list. */
function mergedTrades(runs: readonly LegRun[], times: Float64Array) {
  const order: { leg: number; row: number; exit: number; entry: number }[] = [];
  runs.forEach((run, leg) => {
    const { trades } = run.result;
    for (let row = 0; row < trades.count; row++) {
      order.push({
        leg,
        row,
        entry: run.series.t[trades.entryIndex[row]!]!,
        exit: run.series.t[trades.exitIndex[row]!]!,
      });
    }
  });
  order.sort((a, b) => a.exit - b.exit || a.entry - b.entry || a.leg - b.leg);

  const count = order.length;
  const columns: TradeColumns = {
    // Every sleeve runs the same request, so they share its side.
    side: runs[0]!.result.trades.side,
    count,
    entryIndex: calendarRows(
      times,
      order.map((trade) => trade.entry),
    ),
    exitIndex: calendarRows(
      times,
      order.map((trade) => trade.exit),
    ),
    entryPrice: new Float64Array(count),
    exitPrice: new Float64Array(count),
    quantity: new Float64Array(count),
    pnl: new Float64Array(count),
    returnPct: new Float64Array(count),
    exitReason: new Uint8Array(count),
    mfePct: new Float64Array(count),
    maePct: new Float64Array(count),
    costs: new Float64Array(count),
  };
  const lists = runs.map((run) => listTrades(run.result.trades, run.series.t));
  const list: PortfolioTrade[] = new Array<PortfolioTrade>(count);
  order.forEach(({ leg, row }, i) => {
    const source = runs[leg]!.result.trades;
    columns.entryPrice[i] = source.entryPrice[row]!;
    columns.exitPrice[i] = source.exitPrice[row]!;
    columns.quantity[i] = source.quantity[row]!;
    columns.pnl[i] = source.pnl[row]!;
    columns.returnPct[i] = source.returnPct[row]!;
    columns.exitReason[i] = source.exitReason[row]!;
    columns.mfePct[i] = source.mfePct[row]!;
    columns.maePct[i] = source.maePct[row]!;
    columns.costs[i] = source.costs[row]!;
    list[i] = { symbol: runs[leg]!.symbol, ...lists[leg]![row]! };
  });
  return { columns, list };
}
