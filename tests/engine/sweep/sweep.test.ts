/**
 * The sweep equals runBacktest configuration by configuration (metrics and every trade
 * column, bit for bit) on random requests, random grids over their numeric settings and
 * random data; and its summary is the robustness statistics of its configurations.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { runBacktest } from '../../../src/engine/backtest';
import { probabilityOfBacktestOverfitting } from '../../../src/engine/robustness/pbo';
import { returnMoments } from '../../../src/engine/stats/return-moments';
import { returnsMatrixFromColumns } from '../../../src/engine/robustness/returns-matrix';
import type { TradeColumns } from '../../../src/engine/simulate/trade-columns';
import { applySettings, defaultGrid } from '../../../src/engine/sweep/grid';
import { runSweep, summariseSweep } from '../../../src/engine/sweep/sweep';
import { backtestRequestSchema, type BacktestRequestInput } from '../../../src/shared/backtest-request';
import { TIMEFRAME_MINUTES } from '../../../src/shared/backtest-vocabulary';
import { requestInput as randomRequest, sizingMode } from '../arbitraries';
import { smaCrossRequest } from '../../fixtures/requests';
import { syntheticSeries } from '../data/synthetic';

const level = fc.integer({ min: -50, max: 120 });

const requestInput: fc.Arbitrary<BacktestRequestInput> = randomRequest(
  {
    maxPeriod: 30,
    entryRows: { parameters: 2, valueBased: 2, candleStick: 1 },
    exitRows: { parameters: 1, valueBased: 1 },
    entryLevel: level,
    exitLevel: level,
    exitDistance: { min: 0.05, max: 10 },
  },
  {
    initialCapital: fc.double({ min: 50, max: 1e6, noNaN: true }),
    commission: fc.oneof(fc.constant(0), fc.double({ min: 0, max: 30, noNaN: true })),
    slippage: fc.double({ min: 0, max: 2, noNaN: true }),
    sizing: sizingMode,
    sizingValue: fc.oneof(fc.constantFrom(1, 5, 50), fc.double({ min: 0.5, max: 5000, noNaN: true })),
  },
)
  // Risking a percent needs a stop loss and at most 100%: the schema refuses the rest.
  .filter(
    ({ sizing, sizingValue, exitCriteria }) =>
      sizing !== 'risk-percent' || (exitCriteria.stopLoss.type !== '' && sizingValue <= 100),
  );

function expectSameTrades(actual: TradeColumns, expected: TradeColumns): void {
  expect(actual.count).toBe(expected.count);
  for (const column of [
    'entryIndex',
    'exitIndex',
    'entryPrice',
    'exitPrice',
    'quantity',
    'pnl',
    'returnPct',
    'exitReason',
    'mfePct',
    'maePct',
    'costs',
  ] as const) {
    expect(Array.from(actual[column]), column).toEqual(Array.from(expected[column]));
  }
}

describe('runSweep', () => {
  it('equals runBacktest of each configuration (metrics and trades) on random requests and grids', () => {
    let configurationsWithTrades = 0;
    fc.assert(
      fc.property(
        requestInput,
        fc.integer({ min: 2, max: 300 }),
        fc.integer({ min: 1, max: 1_000_000 }),
        fc.option(fc.integer({ min: 0, max: 80 }), { nil: undefined }),
        fc.array(fc.nat(), { minLength: 3, maxLength: 3 }),
        (input, bars, seed, warmupBars, picks) => {
          const request = backtestRequestSchema.parse(input);
          const series = syntheticSeries(bars, seed, {
            intervalMs: TIMEFRAME_MINUTES[request.timeframe] * 60_000,
          });
          // Up to two axes of the default grid, three values each.
          const full = Object.entries(defaultGrid(request));
          const grid = Object.fromEntries(
            [full[picks[0]! % Math.max(full.length, 1)], full[picks[1]! % Math.max(full.length, 1)]]
              .filter((entry) => entry !== undefined)
              // A short setting (period 1 or 2) has fewer stepped values: start inside the list.
              .map(([path, values]) => {
                const start = picks[2]! % Math.min(3, values.length);
                return [path, values.slice(start, start + 3)];
              }),
          );
          if (Object.keys(grid).length === 0) return;
          const options = warmupBars === undefined ? {} : { warmupBars };
          const sweep = runSweep(request, series, grid, options);
          expect(sweep.configurations).toHaveLength(sweep.size);
          for (const configuration of sweep.configurations) {
            const expected = runBacktest(applySettings(request, configuration.settings), series, options);
            expect(configuration.metrics).toEqual(expected.metrics);
            expectSameTrades(configuration.trades, expected.trades);
            if (expected.trades.count > 0) configurationsWithTrades++;
          }
        },
      ),
      { numRuns: 150, seed: 16 },
    );
    expect(configurationsWithTrades).toBeGreaterThan(100);
  }, 60_000);

  const SMA_REQUEST = backtestRequestSchema.parse(
    smaCrossRequest(5, 20, {
      timeframe: '1 day',
      fromDate: '2020-03-01',
      toDate: '2021-12-31',
      exitCriteria: { stopLoss: { type: 'percentage', value: 2 } },
    }),
  );
  const series = syntheticSeries(700, 7);
  const GRID = {
    'entry.parameters.0.additionalFields1.Timeframe': ['3', '5', '8'],
    'exitCriteria.stopLoss.value': [1, 2, 4, 8],
  };

  it('orders configurations row-major (last axis fastest) and keeps the values as written', () => {
    const sweep = runSweep(SMA_REQUEST, series, GRID);
    expect(sweep.size).toBe(12);
    expect(sweep.configurations.map((configuration) => configuration.settings).slice(0, 5)).toEqual([
      { 'entry.parameters.0.additionalFields1.Timeframe': '3', 'exitCriteria.stopLoss.value': 1 },
      { 'entry.parameters.0.additionalFields1.Timeframe': '3', 'exitCriteria.stopLoss.value': 2 },
      { 'entry.parameters.0.additionalFields1.Timeframe': '3', 'exitCriteria.stopLoss.value': 4 },
      { 'entry.parameters.0.additionalFields1.Timeframe': '3', 'exitCriteria.stopLoss.value': 8 },
      { 'entry.parameters.0.additionalFields1.Timeframe': '5', 'exitCriteria.stopLoss.value': 1 },
    ]);
  });

  it('gives daily returns that compound to the total return, one per trading day', () => {
    const sweep = runSweep(SMA_REQUEST, series, GRID);
    const tradingDays = Array.from(series.t).filter(
      (time) => time >= Date.UTC(2020, 2, 1) && time < Date.UTC(2022, 0, 1),
    ).length;
    for (const { returns, metrics } of sweep.configurations) {
      expect(returns).toHaveLength(tradingDays);
      const growth = returns.reduce((product, value) => product * (1 + value), 1);
      expect((growth - 1) * 100).toBeCloseTo(metrics.totalReturnPct, 8);
    }
  });

  it('summarises with PBO over the daily-return matrix, the DSR of the best Sharpe and the plateau', () => {
    const sweep = runSweep(SMA_REQUEST, series, GRID, { pboBlocks: 8 });
    const summary = sweep.summary!;
    expect(summary.score).toBe('sharpe');
    const expectedPbo = probabilityOfBacktestOverfitting(
      returnsMatrixFromColumns(sweep.configurations.map((configuration) => configuration.returns)),
      { blocks: 8 },
    );
    expect(summary.pbo).toEqual(expectedPbo);
    expect(summary.dsr!.trials).toBe(12);
    expect(summary.dsr!.observations).toBe(sweep.configurations[0]!.returns.length);
    expect(summary.dsr!.dsr).toBeLessThanOrEqual(summary.dsr!.psr);
    expect(summary.suggestion!.settings).toEqual(sweep.configurations[summary.suggestion!.index]!.settings);
    expect(summary.suggestion!.score).toBe(sweep.configurations[summary.suggestion!.index]!.metrics.sharpe);
  });

  it('runs a range of configurations equal to the same ones of the whole sweep; chunks merge into the summary', () => {
    const whole = runSweep(SMA_REQUEST, series, GRID);
    const first = runSweep(SMA_REQUEST, series, GRID, { range: { from: 0, to: 5 } });
    const second = runSweep(SMA_REQUEST, series, GRID, { range: { from: 5, to: 12 } });
    expect(first.summary).toBeNull();
    expect(first.configurations.map((configuration) => configuration.index)).toEqual([0, 1, 2, 3, 4]);
    const merged = [...first.configurations, ...second.configurations];
    expect(merged).toEqual(whole.configurations);
    expect(summariseSweep(whole.axes, merged)).toEqual(whole.summary);
    expect(() => runSweep(SMA_REQUEST, series, GRID, { range: { from: 3, to: 13 } })).toThrow(
      /0 <= from <= to <= 12/,
    );
  });

  it('has no PBO with one configuration, and ranks by total return when asked', () => {
    const single = runSweep(SMA_REQUEST, series, { 'exitCriteria.stopLoss.value': [2] });
    expect(single.summary!.pbo).toBeNull();
    expect(single.summary!.pboReason).toBe('PBO compares configurations: the sweep has only one');
    expect(single.summary!.dsr).toBeNull();
    const byReturn = runSweep(SMA_REQUEST, series, GRID, { score: 'totalReturnPct' });
    const suggestion = byReturn.summary!.suggestion!;
    expect(suggestion.score).toBe(byReturn.configurations[suggestion.index]!.metrics.totalReturnPct);
  });

  it('leaves PBO out below 8 days a block, with the reason, and warns on a DSR of fewer than 100 days', () => {
    const sweep = runSweep(SMA_REQUEST, series, GRID, { pboBlocks: 8 });
    const days = sweep.configurations[0]!.returns.length;
    expect(days).toBeGreaterThanOrEqual(100);
    expect(sweep.summary!.pboReason).toBeNull();
    expect(sweep.summary!.dsrWarning).toBeNull();

    // The same configurations cut to their first 90 days: 16 blocks need 128, 10 blocks 80.
    const short = sweep.configurations.map(({ index, metrics, returns }) => ({
      index,
      metrics,
      returns: returns.slice(0, 90),
    }));
    const sixteen = summariseSweep(sweep.axes, short, { pboBlocks: 16 });
    expect(sixteen.pbo).toBeNull();
    expect(sixteen.pboReason).toBe('90 days are too few for PBO: its 16 blocks need 8 days each (128 days)');
    expect(sixteen.dsr!.observations).toBe(90);
    expect(sixteen.dsrWarning).toBe(
      'Only 90 days: the deflated Sharpe ratio needs at least 100 to be reliable',
    );
    const ten = summariseSweep(sweep.axes, short, { pboBlocks: 10 });
    expect(ten.pbo!.periodsPerBlock).toBe(9);
    expect(ten.pboReason).toBeNull();
  });

  it("keeps the judged configuration's skewness and kurtosis, so its DSR can be deflated over more trials", () => {
    const { summary, configurations } = runSweep(SMA_REQUEST, series, GRID);
    const judged = returnMoments(configurations[summary!.dsr!.configuration]!.returns);
    expect(summary!.dsr).toMatchObject({
      sharpe: judged.sharpe,
      skewness: judged.skewness,
      kurtosis: judged.kurtosis,
      observations: judged.observations,
    });
  });
});
