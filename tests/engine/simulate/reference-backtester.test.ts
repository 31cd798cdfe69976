/**
 * Differential tests: the engine's bar loop against the reference backtester of
 * reference-backtester.ts (an order book replayed along each bar's price path), on random
 * bars with random signals and exit rules, and on the S&P 500 with compiled strategies.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { CandleSeries } from '../../../src/engine/candles/series';
import type { PriceDistance } from '../../../src/engine/simulate/exit-levels';
import {
  simulate,
  type SimulationResult,
  type SimulationSettings,
  type TradeSignals,
} from '../../../src/engine/simulate/simulate';
import { listTrades } from '../../../src/engine/simulate/trade-columns';
import { compileStrategy } from '../../../src/engine/strategy/compile';
import { backtestRequestSchema } from '../../../src/shared/backtest-request';
import { TIMEZONE_IANA } from '../../../src/shared/backtest-vocabulary';
import smaCrossRequest from '../../fixtures/sma-cross-request.json';
import { loadSp500 } from '../data/sp500';
import { syntheticSeries } from '../data/synthetic';
import { referenceBacktest, type ReferenceResult } from './reference-backtester';

/** Equal up to floating-point rounding: 1e-9 relative, or 1e-9 absolute near zero. */
function expectClose(actual: number, expected: number, what: string): void {
  if (Number.isNaN(expected)) {
    expect(actual, what).toBeNaN();
    return;
  }
  const tolerance = 1e-9 * Math.max(1, Math.abs(expected));
  expect(Math.abs(actual - expected), `${what}: ${actual} vs ${expected}`).toBeLessThanOrEqual(tolerance);
}

function expectSameResult(
  engineRun: SimulationResult,
  reference: ReferenceResult,
  series: CandleSeries,
): void {
  const engine = { ...engineRun, trades: listTrades(engineRun.trades, series.t) };
  const events = (result: ReferenceResult) =>
    result.trades.map(({ entryIndex, exitIndex, exitReason, entryTime, exitTime, side, barsHeld }) => ({
      entryIndex,
      exitIndex,
      exitReason,
      entryTime,
      exitTime,
      side,
      barsHeld,
    }));
  expect(events(engine)).toEqual(events(reference));
  engine.trades.forEach((trade, i) => {
    const expected = reference.trades[i]!;
    for (const field of [
      'entryPrice',
      'exitPrice',
      'quantity',
      'pnl',
      'returnPct',
      'mfePct',
      'maePct',
    ] as const) {
      expectClose(trade[field], expected[field], `trade ${i} ${field}`);
    }
  });
  expect(engine.equity.length).toBe(reference.equity.length);
  engine.equity.forEach((value, bar) => expectClose(value, reference.equity[bar]!, `equity at bar ${bar}`));
  expect(engine.warnings).toEqual(reference.warnings);
}

/** Entry and exit signals drawn from a seed, each bar firing with the given chance. */
function randomSignals(bars: number, seed: number, entryChance: number, exitChance: number): TradeSignals {
  let state = seed >>> 0 || 1;
  const next = () => {
    // xorshift32: enough randomness for where signals fall.
    state ^= state << 13;
    state ^= state >>> 17;
    state ^= state << 5;
    return (state >>> 0) / 4294967296;
  };
  const entry = new Uint8Array(bars);
  const exit = new Uint8Array(bars);
  for (let bar = 0; bar < bars; bar++) {
    entry[bar] = next() < entryChance ? 1 : 0;
    exit[bar] = next() < exitChance ? 1 : 0;
  }
  return { entry, exit };
}

const HOUR_MS = 3_600_000;

const warningKind = (warning: string) =>
  warning.includes('could not be filled')
    ? 'unfilled entries'
    : warning.startsWith('The account lost all its capital')
      ? 'ruin'
      : warning.includes('came after the daily exit time')
        ? 'squared off'
        : warning;

/** Bar lengths and start times chosen so the data crosses daylight-saving switches. */
const spacing = fc.constantFrom(
  { intervalMs: 15 * 60_000, startTime: Date.UTC(2024, 2, 9, 12) }, // US spring forward, 10 March
  { intervalMs: HOUR_MS, startTime: Date.UTC(2024, 9, 20) }, // EU and US fall back, 27 Oct / 3 Nov
  { intervalMs: HOUR_MS, startTime: Date.UTC(2024, 2, 25) }, // EU spring forward, 31 March
  { intervalMs: 4 * HOUR_MS, startTime: Date.UTC(2024, 0, 1) },
  { intervalMs: 24 * HOUR_MS, startTime: Date.UTC(2020, 0, 1) },
);

/** A distance from the entry price; round values make the stop loss and trailing stop tie. */
const distance: fc.Arbitrary<PriceDistance | null> = fc.option(
  fc.record({
    unit: fc.constantFrom('percentage' as const, 'points' as const),
    value: fc.oneof(fc.constantFrom(1, 2, 5), fc.double({ min: 0.01, max: 15, noNaN: true })),
  }),
  { nil: null },
);

const settings: fc.Arbitrary<SimulationSettings> = fc.record({
  side: fc.constantFrom('long' as const, 'short' as const),
  firstTradableBar: fc.integer({ min: 0, max: 30 }),
  initialCapital: fc.oneof(fc.constant(10_000), fc.double({ min: 50, max: 1e6, noNaN: true })),
  commissionPct: fc.oneof(fc.constant(0), fc.double({ min: 0, max: 1, noNaN: true })),
  // Now and then a slippage larger than the price, so sells fill at 0 and the account is ruined.
  slippagePoints: fc.oneof(
    { arbitrary: fc.constant(0), weight: 3 },
    { arbitrary: fc.double({ min: 0, max: 0.5, noNaN: true }), weight: 3 },
    { arbitrary: fc.double({ min: 50, max: 200, noNaN: true }), weight: 1 },
  ),
  sizing: fc.constantFrom(
    'all-in-fractional' as const,
    'all-in-whole-units' as const,
    'fixed-quantity' as const,
    'fixed-cash' as const,
    'risk-percent' as const,
  ),
  sizingValue: fc.oneof(fc.constantFrom(1, 10, 50), fc.double({ min: 0.5, max: 5000, noNaN: true })),
  targetProfit: distance,
  stopLoss: distance,
  trailingStop: distance,
  dailyExitTime: fc.option(
    fc.record({
      minuteOfDay: fc.oneof(
        fc.integer({ min: 0, max: 1439 }),
        // Readings that daylight saving time skips or repeats (02:xx, 01:xx and 03:xx local).
        fc.integer({ min: 60, max: 239 }),
      ),
      timeZone: fc.constantFrom(...Object.values(TIMEZONE_IANA)),
    }),
    { nil: null },
  ),
});

const scenario = fc.record({
  bars: fc.integer({ min: 2, max: 300 }),
  seed: fc.integer({ min: 1, max: 1_000_000 }),
  spacing,
  entryChance: fc.constantFrom(0.05, 0.2, 0.6),
  exitChance: fc.constantFrom(0, 0.05, 0.3),
  // Settings where the trailing stop starts at the stop loss's level, so the two tie.
  settings: fc.oneof(
    settings,
    settings.map((rules) => ({ ...rules, trailingStop: rules.stopLoss ?? { unit: 'points', value: 1 } })),
  ),
});

describe('the simulator agrees with the reference backtester', () => {
  it('on random bars, signals and exit rules, trade by trade and bar by bar', () => {
    const reasons = new Set<string>();
    const warnings = new Set<string>();
    fc.assert(
      fc.property(scenario, ({ bars, seed, spacing, entryChance, exitChance, settings }) => {
        const series = syntheticSeries(bars, seed, spacing);
        const signals = randomSignals(bars, seed, entryChance, exitChance);
        const engine = simulate(series, signals, settings);
        expectSameResult(engine, referenceBacktest(series, signals, settings), series);
        for (const trade of listTrades(engine.trades, series.t)) reasons.add(trade.exitReason);
        for (const warning of engine.warnings) warnings.add(warningKind(warning));
      }),
      { numRuns: 400, seed: 20261122 },
    );
    // The runs exercised every way out of a position.
    expect([...reasons].sort()).toEqual(['end', 'signal', 'stop', 'target', 'time', 'trailing']);
    expect([...warnings].sort()).toEqual(['ruin', 'squared off', 'unfilled entries']);
  }, 60_000);

  it('when every exit rule is set at once and costs eat the capital until no unit is affordable', () => {
    let runsWithUnfilledEntries = 0;
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 1_000_000 }),
        fc.constantFrom('long' as const, 'short' as const),
        (seed, side) => {
          const series = syntheticSeries(250, seed, {
            intervalMs: HOUR_MS,
            startTime: Date.UTC(2024, 9, 25),
          });
          const signals = randomSignals(250, seed, 0.5, 0.1);
          const rules: SimulationSettings = {
            side,
            firstTradableBar: 5,
            initialCapital: 500,
            commissionPct: 5,
            slippagePoints: 2,
            sizing: 'all-in-whole-units',
            targetProfit: { unit: 'percentage', value: 3 },
            stopLoss: { unit: 'points', value: 1 },
            trailingStop: { unit: 'percentage', value: 1.5 },
            dailyExitTime: { minuteOfDay: 90, timeZone: 'America/New_York' },
          };
          const engine = simulate(series, signals, rules);
          expectSameResult(engine, referenceBacktest(series, signals, rules), series);
          if (engine.warnings.some((warning) => warning.includes('could not be filled')))
            runsWithUnfilledEntries++;
        },
      ),
      { numRuns: 100, seed: 7 },
    );
    expect(runsWithUnfilledEntries).toBeGreaterThan(10);
  }, 60_000);
});

describe('the simulator agrees with the reference backtester on the S&P 500 2000-2020', () => {
  const sp500: CandleSeries = loadSp500();
  const request = backtestRequestSchema.parse(smaCrossRequest);

  it.each([
    ['long, 10% target and 5% stop', 'long', { targetProfit: { unit: 'percentage', value: 10 } }],
    ['short, 3% trailing stop', 'short', { trailingStop: { unit: 'percentage', value: 3 } }],
    [
      'long, 40-point stop and 2% trailing stop, whole units, costs',
      'long',
      {
        stopLoss: { unit: 'points', value: 40 },
        trailingStop: { unit: 'percentage', value: 2 },
        sizing: 'all-in-whole-units',
        commissionPct: 0.1,
        slippagePoints: 0.5,
      },
    ],
  ] as const)('with SMA 10/20 crosses and RSI < 70: %s', (_name, side, overrides) => {
    const signals = compileStrategy(request, sp500);
    const rules: SimulationSettings = {
      side,
      firstTradableBar: 20,
      initialCapital: 100_000,
      commissionPct: 0,
      slippagePoints: 0,
      sizing: 'all-in-fractional',
      targetProfit: null,
      stopLoss: { unit: 'percentage', value: 5 },
      trailingStop: null,
      dailyExitTime: null,
      ...overrides,
    };
    const engine = simulate(sp500, signals, rules);
    expect(engine.trades.count).toBeGreaterThan(50);
    expectSameResult(engine, referenceBacktest(sp500, signals, rules), sp500);
  });
});
