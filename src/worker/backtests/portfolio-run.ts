/**
 * A portfolio backtest in the worker: load every symbol's bars (with the request's warm-up),
 * run the engine's portfolio (one capital, each symbol its weight), and shape the stored result
 * like a single run's, plus the per-symbol breakdown and correlation.
 */
import { runPortfolio, type PortfolioLeg, type PortfolioResult } from '../../engine/index';
import type { BacktestRequest } from '../../shared/backtest-request';
import type { BacktestResultBody, DataQuality } from '../../shared/api/backtests';
import { MAX_CURVE_POINTS, MAX_STORED_TRADES } from '../../shared/backtest-result';
import type { DataSource } from '../../shared/data-sources';
import type { Portfolio } from '../../shared/portfolio';
import type { Env } from '../env';
import { ApiError } from '../errors';
import { CandleRequestError } from '../market-data/candle-answer';
import { leastRealSource, portfolioDataQuality, runDataQuality } from './data-quality';
import { loadRunCandles, runSeries } from './run-series';
import { thinRowsKeepingExtremes } from './thin-curve';
import { noBarsToTrade, periodsBeyondBars } from './tradable';
import { requiredWarmupBars } from './warmup';

export interface PortfolioRun {
  source: DataSource;
  result: BacktestResultBody;
}

/** Loads and runs; a symbol without bars to trade is a CandleRequestError (400) naming it. */
export async function runPortfolioBacktest(
  env: Env,
  userId: string,
  portfolio: Portfolio,
  request: BacktestRequest,
): Promise<PortfolioRun> {
  const warmup = requiredWarmupBars(request);
  const loaded = await Promise.all(
    portfolio.symbols.map(async ({ exchange, symbol }) => {
      const answer = await loadRunCandles(env, { ...request, exchange, stock: symbol }, userId, warmup);
      const empty = noBarsToTrade({ ...request, exchange, stock: symbol }, answer);
      if (empty) throw new CandleRequestError(empty.message, 400);
      const tooLong = periodsBeyondBars({ ...request, exchange, stock: symbol }, answer);
      if (tooLong) throw new ApiError(400, tooLong.message, { fields: tooLong.fields });
      return { exchange, symbol, answer };
    }),
  );
  // A symbol listed on two exchanges is told apart by its exchange ("SHEL.LSE").
  const codes = loaded.map(({ symbol }) => symbol);
  const labelOf = (exchange: string, symbol: string) =>
    codes.filter((code) => code === symbol).length > 1 ? `${symbol}.${exchange}` : symbol;
  const legs: PortfolioLeg[] = loaded.map(({ exchange, symbol, answer }, index) => ({
    symbol: labelOf(exchange, symbol),
    series: runSeries({ ...request, exchange }, answer.candles),
    warmupBars: answer.warmupBars,
    ...(portfolio.symbols[index]!.weight === undefined ? {} : { weight: portfolio.symbols[index]!.weight }),
  }));
  const result = runPortfolio(request, legs);
  const dataQuality = loaded.map(({ exchange, answer }, index) =>
    runDataQuality(exchange, answer, legs[index]!.series),
  );
  // The badge shows the least real source among the symbols' (synthetic beats sample beats provider).
  const source = leastRealSource(loaded.map(({ answer }) => answer.source));
  const warnings = [
    ...new Set(
      loaded.flatMap(({ symbol, answer }) => answer.warnings.map((warning) => `${symbol}: ${warning}`)),
    ),
    ...result.warnings,
  ];
  return {
    source,
    result: portfolioResultBody(
      result,
      loaded.map(({ exchange, symbol }, index) => ({
        exchange,
        symbol,
        label: labelOf(exchange, symbol),
        dataQuality: dataQuality[index]!,
      })),
      {
        source,
        timezone: loaded[0]!.answer.timezone,
        warnings,
        name: portfolio.name,
      },
    ),
  };
}

function portfolioResultBody(
  result: PortfolioResult,
  symbols: readonly { exchange: string; symbol: string; label: string; dataQuality: DataQuality }[],
  data: { source: DataSource; timezone: string; warnings: string[]; name: string },
): BacktestResultBody {
  const { times, equity, drawdown } = result;
  const rows = thinRowsKeepingExtremes([equity, drawdown], 0, times.length, MAX_CURVE_POINTS);
  const tradesTruncated = result.trades.length > MAX_STORED_TRADES;
  return {
    metrics: result.metrics,
    trades: result.trades.slice(0, MAX_STORED_TRADES),
    tradesTruncated,
    monthlyReturns: result.monthlyReturns,
    curve: {
      t: rows.map((i) => times[i]!),
      equity: rows.map((i) => equity[i]!),
      drawdownPct: rows.map((i) => drawdown[i]!),
    },
    warnings: [
      ...data.warnings,
      ...(tradesTruncated
        ? [`Only the first ${MAX_STORED_TRADES} of ${result.trades.length} trades are stored.`]
        : []),
    ],
    portfolio: {
      name: data.name,
      symbols: symbols.map(({ exchange, symbol, label, dataQuality }) => {
        const leg = result.perSymbol[label]!;
        return {
          exchange,
          symbol,
          weight: leg.weight,
          metrics: leg.metrics,
          contributionPct: leg.contributionPct,
          dataQuality,
        };
      }),
      correlation: result.correlation,
    },
    data: { source: data.source, timezone: data.timezone, bars: times.length, warmupBars: 0 },
    dataQuality: portfolioDataQuality(symbols.map((member) => member.dataQuality)),
  };
}
