/**
 * Property tests: random valid requests on random data never throw, give finite (or null)
 * metrics, and give trades that never overlap and never precede their signals.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { listTrades } from '../../../src/engine/simulate/trade-columns';
import { runBacktest } from '../../../src/engine/backtest';
import { compileStrategy } from '../../../src/engine/strategy/compile';
import { backtestRequestSchema } from '../../../src/shared/backtest-request';
import { TIMEFRAME_MINUTES } from '../../../src/shared/backtest-vocabulary';
import { requestInput } from '../arbitraries';
import { syntheticSeries } from '../data/synthetic';

const level = fc.integer({ min: -100, max: 150 });

const scenario = fc.record({
  input: requestInput(
    {
      maxPeriod: 40,
      entryRows: { parameters: 3, valueBased: 2, candleStick: 2 },
      exitRows: { parameters: 2, valueBased: 2 },
      entryLevel: level,
      exitLevel: fc.oneof(level, fc.constant(''), fc.constant(null)),
      exitDistance: { min: 0.01, max: 30 },
    },
    {
      initialCapital: fc.double({ min: 50, max: 1e7, noNaN: true }),
      commission: fc.double({ min: 0, max: 2, noNaN: true }),
      slippage: fc.double({ min: 0, max: 3, noNaN: true }),
      sizing: fc.constantFrom('all-in-fractional' as const, 'all-in-whole-units' as const),
    },
  ),
  bars: fc.integer({ min: 2, max: 400 }),
  seed: fc.integer({ min: 1, max: 1_000_000 }),
  warmupBars: fc.option(fc.integer({ min: 0, max: 120 }), { nil: undefined }),
});

describe('random valid requests on random data', () => {
  it('never throw, give finite metrics and orderly trades', () => {
    let runsWithTrades = 0;
    fc.assert(
      fc.property(scenario, ({ input, bars, seed, warmupBars }) => {
        const request = backtestRequestSchema.parse(input);
        const series = syntheticSeries(bars, seed, {
          intervalMs: TIMEFRAME_MINUTES[request.timeframe] * 60_000,
        });
        const result = runBacktest(request, series, warmupBars === undefined ? {} : { warmupBars });
        const firstBar = warmupBars ?? 0;

        for (const [name, value] of Object.entries(result.metrics)) {
          if (typeof value === 'number' && !Number.isFinite(value))
            throw new Error(`metric ${name} = ${value}`);
        }
        for (let bar = firstBar; bar < bars; bar++) expect(Number.isFinite(result.equity[bar])).toBe(true);

        const signals = compileStrategy(request, series);
        let previousExit = -1;
        const trades = listTrades(result.trades, series.t);
        for (const trade of trades) {
          const signalBar = trade.entryIndex - 1;
          expect(signalBar).toBeGreaterThanOrEqual(firstBar);
          expect(trade.entryIndex).toBeGreaterThan(previousExit);
          expect(signals.entry[signalBar]).toBe(1);
          expect(trade.exitIndex).toBeGreaterThanOrEqual(trade.entryIndex);
          expect(trade.exitIndex).toBeLessThan(bars);
          if (trade.exitReason === 'signal') {
            expect(trade.exitIndex - 1).toBeGreaterThanOrEqual(trade.entryIndex);
            expect(signals.exit[trade.exitIndex - 1]).toBe(1);
          }
          if (trade.exitReason === 'end') expect(trade.exitIndex).toBe(bars - 1);
          for (const value of [
            trade.pnl,
            trade.returnPct,
            trade.quantity,
            trade.entryPrice,
            trade.exitPrice,
          ]) {
            expect(Number.isFinite(value)).toBe(true);
          }
          previousExit = trade.exitIndex;
        }
        const totalPnl = trades.reduce((sum, trade) => sum + trade.pnl, 0);
        expect(Math.abs(result.metrics.netProfit - totalPnl)).toBeLessThan(1e-9 * request.initialCapital);
        if (trades.length > 0) runsWithTrades++;
      }),
      { numRuns: 200, seed: 2024 },
    );
    // The properties are only worth something if many runs trade.
    expect(runsWithTrades).toBeGreaterThan(40);
  }, 60_000);
});
