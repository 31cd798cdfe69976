import { describe, expect, it } from 'vitest';
import { runBacktest } from '../../../src/engine/backtest';
import { seriesFromColumns, type CandleSeries } from '../../../src/engine/candles/series';
import { listTrades } from '../../../src/engine/simulate/trade-columns';
import { PortfolioError, portfolioWeights, runPortfolio } from '../../../src/engine/portfolio/portfolio';
import { backtestRequestSchema } from '../../../src/shared/backtest-request';
import { syntheticSeries } from '../data/synthetic';
import { smaCrossing } from '../../fixtures/requests';

const smaCross = (logic: string) => smaCrossing(logic, 5, 20);

const REQUEST = backtestRequestSchema.parse({
  exchange: 'US',
  stock: 'BASKET',
  timeframe: '1 day',
  fromDate: '2020-02-15',
  toDate: '2022-12-31',
  transactionType: 'buy',
  commission: 0.1,
  entry: { parameters: [smaCross('Crosses Above')] },
  exit: { parameters: [smaCross('Crosses Below')] },
  exitCriteria: { stopLoss: { type: 'percentage', value: '4' } },
});

const A = syntheticSeries(900, 11);
const B = syntheticSeries(900, 23);
const C = syntheticSeries(900, 37);

/** The series without the rows `drop` says to leave out (a market closed on days the others trade). */
function withoutRows(series: CandleSeries, drop: (row: number) => boolean): CandleSeries {
  const keep = [...series.t.keys()].filter((row) => !drop(row));
  const pick = (values: Float64Array) => keep.map((row) => values[row]!);
  return seriesFromColumns({
    t: pick(series.t),
    o: pick(series.o),
    h: pick(series.h),
    l: pick(series.l),
    c: pick(series.c),
    v: pick(series.v),
  });
}

describe('a portfolio backtest', () => {
  it('of one symbol at weight 1 is exactly the single-symbol backtest', () => {
    const single = runBacktest(REQUEST, A);
    const portfolio = runPortfolio(REQUEST, [{ symbol: 'A', series: A, weight: 1 }]);
    expect(portfolio.metrics).toEqual(single.metrics);
    expect(portfolio.monthlyReturns).toEqual(single.monthlyReturns);
    const traded = single.equity.filter((value) => Number.isFinite(value));
    expect([...portfolio.equity]).toEqual([...traded]);
    expect(portfolio.trades).toEqual(
      listTrades(single.trades, A.t).map((trade) => ({ symbol: 'A', ...trade })),
    );
    expect(portfolio.perSymbol.A!.contributionPct).toBeCloseTo(single.metrics.totalReturnPct, 12);
    expect(portfolio.correlation).toEqual({ symbols: ['A'], matrix: [[1]] });
  });

  it('of two identical symbols at 0.5 each is exactly one at 1, with twice the trades at half the size', () => {
    const single = runPortfolio(REQUEST, [{ symbol: 'A', series: A }]);
    const twin = runPortfolio(REQUEST, [
      { symbol: 'A', series: A, weight: 0.5 },
      { symbol: 'A2', series: A, weight: 0.5 },
    ]);
    expect([...twin.equity]).toEqual([...single.equity]);
    const { metrics } = twin;
    for (const key of [
      'netProfit',
      'totalReturnPct',
      'cagrPct',
      'buyHoldReturnPct',
      'maxDrawdownPct',
      'maxDrawdownDurationBars',
      'sharpe',
      'sortino',
      'calmar',
      'exposurePct',
      'winRatePct',
      'bestTradePct',
      'worstTradePct',
    ] as const) {
      expect(metrics[key], key).toBe(single.metrics[key]);
    }
    // Sums over the interleaved half-size trades round differently in the last bits.
    expect(metrics.profitFactor).toBeCloseTo(single.metrics.profitFactor!, 12);
    expect(metrics.riskReward).toBeCloseTo(single.metrics.riskReward!, 12);
    expect(metrics.tradeCount).toBe(2 * single.metrics.tradeCount);
    expect(metrics.expectancy).toBeCloseTo(single.metrics.expectancy! / 2, 9);
    expect(metrics.totalCostsPaid).toBeCloseTo(single.metrics.totalCostsPaid, 8);
    expect(twin.trades.filter((trade) => trade.symbol === 'A2').map((trade) => trade.quantity)).toEqual(
      single.trades.map((trade) => trade.quantity / 2),
    );
    expect(twin.correlation.matrix).toEqual([
      [1, 1],
      [1, 1],
    ]);
  });

  it('never fills a symbol on a bar it does not have, and values it at its last bar meanwhile', () => {
    // B's market is closed on every seventh day and for a 30-day stretch.
    const gappy = withoutRows(B, (row) => row % 7 === 3 || (row >= 400 && row < 430));
    const alone = runBacktest({ ...REQUEST, initialCapital: REQUEST.initialCapital / 2 }, gappy);
    const portfolio = runPortfolio(REQUEST, [
      { symbol: 'A', series: A },
      { symbol: 'B', series: gappy },
    ]);
    const ownTimes = new Set(gappy.t);
    const bTrades = portfolio.trades.filter((trade) => trade.symbol === 'B');
    expect(bTrades.length).toBeGreaterThan(5);
    for (const trade of bTrades) {
      expect(ownTimes.has(Date.parse(trade.entryTime))).toBe(true);
      expect(ownTimes.has(Date.parse(trade.exitTime))).toBe(true);
    }
    // B's sleeve is B's own run at half the capital: the gaps change nothing in it.
    expect(bTrades.map(({ symbol: _symbol, ...trade }) => trade)).toEqual(listTrades(alone.trades, gappy.t));
    expect(portfolio.perSymbol.B!.metrics).toEqual(alone.metrics);
    // On the calendar, B's value on a missing day is its last close's equity.
    const aSleeve = runBacktest({ ...REQUEST, initialCapital: REQUEST.initialCapital / 2 }, A);
    const missing = portfolio.times.findIndex((time) => time === A.t[415]);
    const bLast = alone.equity[gappy.t.findIndex((time) => time === A.t[399])]!;
    expect(portfolio.equity[missing]).toBe(aSleeve.equity[415]! + bLast);
  });

  it('adds the symbols’ contributions up to the portfolio’s return and weighs them as given', () => {
    const portfolio = runPortfolio(REQUEST, [
      { symbol: 'A', series: A, weight: 0.5 },
      { symbol: 'B', series: B, weight: 0.3 },
      { symbol: 'C', series: C, weight: 0.2 },
    ]);
    const contributions = Object.values(portfolio.perSymbol).reduce(
      (sum, leg) => sum + leg.contributionPct,
      0,
    );
    expect(contributions).toBeCloseTo(portfolio.metrics.totalReturnPct, 9);
    expect(portfolio.perSymbol.B!.metrics).toEqual(
      runBacktest({ ...REQUEST, initialCapital: 0.3 * REQUEST.initialCapital }, B).metrics,
    );
    expect(portfolio.metrics.tradeCount).toBe(
      Object.values(portfolio.perSymbol).reduce((sum, leg) => sum + leg.metrics.tradeCount, 0),
    );
    // Trades come in exit order.
    const exits = portfolio.trades.map((trade) => Date.parse(trade.exitTime));
    expect(exits).toEqual([...exits].sort((a, b) => a - b));
    // The buy-and-hold basket: each symbol's weight of its own buy-and-hold return.
    const basket =
      0.5 * portfolio.perSymbol.A!.metrics.buyHoldReturnPct! +
      0.3 * portfolio.perSymbol.B!.metrics.buyHoldReturnPct! +
      0.2 * portfolio.perSymbol.C!.metrics.buyHoldReturnPct!;
    expect(portfolio.metrics.buyHoldReturnPct).toBeCloseTo(basket, 9);
    const { matrix } = portfolio.correlation;
    expect(matrix.map((row, i) => row[i])).toEqual([1, 1, 1]);
    expect(matrix[0]![1]).toBe(matrix[1]![0]);
    expect(Math.abs(matrix[0]![1]!)).toBeLessThan(1);
  });

  it('refuses weights that do not add up to 1, symbols given twice and more than 20 symbols', () => {
    const leg = (symbol: string, weight?: number) => ({
      symbol,
      series: A,
      ...(weight === undefined ? {} : { weight }),
    });
    expect(portfolioWeights([leg('A'), leg('B'), leg('C'), leg('D')])).toEqual([0.25, 0.25, 0.25, 0.25]);
    expect(portfolioWeights([leg('A', 0.333), leg('B', 0.333), leg('C', 0.334)])).toEqual([
      0.333, 0.333, 0.334,
    ]);
    expect(() => portfolioWeights([leg('A', 0.5), leg('B', 0.4)])).toThrow(
      new PortfolioError('The weights must add up to 1; they add up to 0.9'),
    );
    expect(() => portfolioWeights([leg('A', 0.5), leg('B')])).toThrow(
      'Give a weight for every symbol or for none',
    );
    expect(() => portfolioWeights([leg('A', 1.5), leg('B', -0.5)])).toThrow(
      'The weight of B must be a number greater than 0, got -0.5',
    );
    expect(() => portfolioWeights([leg('A'), leg('A')])).toThrow('Symbol A appears twice in the portfolio');
    expect(() => portfolioWeights(Array.from({ length: 21 }, (_, i) => leg(`S${i}`)))).toThrow(
      'A portfolio holds at most 20 symbols, got 21',
    );
    expect(() => portfolioWeights([])).toThrow('A portfolio needs at least one symbol');
  });
});
