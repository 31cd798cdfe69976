/**
 * Property tests: random valid requests on random data never throw, give finite (or null)
 * metrics, and give trades that never overlap and never precede their signals.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { listTrades } from '../../../src/engine/simulate/trade-columns';
import { runBacktest } from '../../../src/engine/backtest';
import { compileStrategy } from '../../../src/engine/strategy/compile';
import { backtestRequestSchema, type BacktestRequestInput } from '../../../src/shared/backtest-request';
import { CANDLESTICK_PATTERN_NAMES } from '../../../src/shared/candlestick-patterns';
import {
  COMPARISON_LOGIC,
  CROSSOVER_LOGIC,
  TIMEFRAMES,
  TIMEFRAME_MINUTES,
  TIMEZONES,
} from '../../../src/shared/backtest-vocabulary';
import {
  CROSSOVER_INDICATOR_LABELS,
  VALUE_INDICATOR_LABELS,
  indicatorSettings,
} from '../../../src/shared/indicators';
import { syntheticSeries } from '../data/synthetic';

/** Blank (default) or a period from 1 to 40 for each setting the indicator declares. */
const settingsFor = (label: string) =>
  fc
    .tuple(
      ...indicatorSettings(label).map(() =>
        fc.oneof(fc.constant(''), fc.integer({ min: 1, max: 40 }).map(String)),
      ),
    )
    .map((values) =>
      Object.fromEntries(indicatorSettings(label).map((setting, i) => [setting.label, values[i]!])),
    );

const crossoverRow = fc
  .tuple(fc.constantFrom(...CROSSOVER_INDICATOR_LABELS), fc.constantFrom(...CROSSOVER_INDICATOR_LABELS))
  .chain(([indicator1, indicator2]) =>
    fc.record({
      indicator1: fc.constant(indicator1),
      logic: fc.constantFrom(...CROSSOVER_LOGIC),
      indicator2: fc.constant(indicator2),
      additionalFields1: settingsFor(indicator1),
      additionalFields2: settingsFor(indicator2),
    }),
  );

const valueRow = <N extends number | string | null>(number: fc.Arbitrary<N>) =>
  fc.constantFrom(...VALUE_INDICATOR_LABELS).chain((indicator) =>
    fc.record({
      indicator: fc.constant(indicator),
      logic: fc.constantFrom(...COMPARISON_LOGIC),
      number,
      additionalFields: settingsFor(indicator),
    }),
  );

const level = fc.integer({ min: -100, max: 150 });

const exitCriterion = fc.oneof(
  fc.constant({ type: '' as const, value: null }),
  fc.record({
    type: fc.constantFrom('percentage' as const, 'points' as const),
    value: fc.double({ min: 0.01, max: 30, noNaN: true }),
  }),
);

const clockTime = fc
  .tuple(fc.integer({ min: 0, max: 23 }), fc.integer({ min: 0, max: 59 }))
  .map(([h, m]) => `${String(h).padStart(2, '0')}:${String(m).padStart(2, '0')}`);

const requestInput: fc.Arbitrary<BacktestRequestInput> = fc
  .record({
    timeframe: fc.constantFrom(...TIMEFRAMES),
    transactionType: fc.constantFrom('buy' as const, 'sell' as const),
    entry: fc.record({
      parameters: fc.array(crossoverRow, { maxLength: 3 }),
      valueBased: fc.array(valueRow(level), { maxLength: 2 }),
      candleStick: fc.array(fc.record({ pattern1: fc.constantFrom(...CANDLESTICK_PATTERN_NAMES) }), {
        maxLength: 2,
      }),
      combine: fc.constantFrom('all' as const, 'any' as const),
    }),
    exit: fc.record({
      parameters: fc.array(crossoverRow, { maxLength: 2 }),
      valueBased: fc.array(valueRow(fc.oneof(level, fc.constant(''), fc.constant(null))), { maxLength: 2 }),
      combine: fc.constantFrom('all' as const, 'any' as const),
    }),
    exitCriteria: fc.record({
      targetProfit: exitCriterion,
      stopLoss: exitCriterion,
      trailingStopLoss: exitCriterion,
      timing: fc.record({
        time: fc.oneof(fc.constant(''), clockTime),
        timezone: fc.constantFrom(...TIMEZONES),
      }),
    }),
    initialCapital: fc.double({ min: 50, max: 1e7, noNaN: true }),
    commission: fc.double({ min: 0, max: 2, noNaN: true }),
    slippage: fc.double({ min: 0, max: 3, noNaN: true }),
    sizing: fc.constantFrom('all-in-fractional' as const, 'all-in-whole-units' as const),
  })
  .map((fields) => ({
    exchange: 'US',
    stock: 'TEST',
    fromDate: '2019-01-01',
    toDate: '2026-12-31',
    ...fields,
  }))
  .filter(({ entry }) => entry.parameters.length + entry.valueBased.length + entry.candleStick.length > 0);

const scenario = fc.record({
  input: requestInput,
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
