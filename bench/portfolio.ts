/**
 * Times a portfolio backtest of 20 symbols x 100,000 hourly bars of a 24-hour market (seeded
 * random walks, each symbol missing a different 1% of the bars so the common calendar has work
 * to do): SMA 10/30 cross with a 3% stop, equal weights. Best of 3 after a warm-up run.
 */
import { createSeries, type CandleSeries } from '../src/engine/candles/series';
import { runPortfolio, type PortfolioLeg } from '../src/engine/portfolio/portfolio';
import { mulberry32 } from '../src/engine/robustness/random';
import { backtestRequestSchema } from '../src/shared/backtest-request';

const RUNS = 3;
export const PORTFOLIO_SYMBOLS = 20;
export const PORTFOLIO_BARS = 100_000;
const HOUR = 3_600_000;

function hourlyWalk(symbol: number): CandleSeries {
  const random = mulberry32(0x5eed + symbol);
  const keep: number[] = [];
  for (let i = 0; i < PORTFOLIO_BARS; i++) if (random() >= 0.01 || i === 0) keep.push(i);
  const series = createSeries(keep.length);
  let close = 50 + 10 * symbol;
  let row = 0;
  for (let i = 0; i < PORTFOLIO_BARS && row < keep.length; i++) {
    const open = close;
    close = open * (1 + (random() - 0.5) * 0.01);
    if (keep[row] !== i) continue;
    series.t[row] = Date.UTC(2014, 0, 1) + i * HOUR;
    series.o[row] = open;
    series.c[row] = close;
    series.h[row] = Math.max(open, close) * (1 + random() * 0.003);
    series.l[row] = Math.min(open, close) * (1 - random() * 0.003);
    series.v[row] = 1000 + Math.round(random() * 1000);
    row++;
  }
  return series;
}

const cross = (logic: 'Crosses Above' | 'Crosses Below') => ({
  indicator1: 'SMA' as const,
  logic,
  indicator2: 'SMA' as const,
  additionalFields1: { Timeframe: '10' },
  additionalFields2: { Timeframe: '30' },
});

export function benchPortfolio(): { ms: number; trades: number; calendarBars: number } {
  const legs: PortfolioLeg[] = Array.from({ length: PORTFOLIO_SYMBOLS }, (_, symbol) => ({
    symbol: `S${symbol + 1}`,
    series: hourlyWalk(symbol),
  }));
  const request = backtestRequestSchema.parse({
    exchange: 'US',
    stock: 'BASKET',
    timeframe: '1 hour',
    fromDate: '2014-01-01',
    toDate: '2026-12-31',
    transactionType: 'buy',
    commission: 0.05,
    entry: { parameters: [cross('Crosses Above')] },
    exit: { parameters: [cross('Crosses Below')] },
    exitCriteria: { stopLoss: { type: 'percentage', value: '3' } },
  });
  const first = runPortfolio(request, legs);
  let ms = Number.POSITIVE_INFINITY;
  for (let run = 0; run < RUNS; run++) {
    const start = performance.now();
    runPortfolio(request, legs);
    ms = Math.min(ms, performance.now() - start);
  }
  return { ms, trades: first.trades.length, calendarBars: first.times.length };
}
