/**
 * A tick run in chunks, a day of trades each, every chunk in a new run resumed from the state
 * the last one left (through its JSON text): the same trades, equity, warnings and summary as
 * the run over all trades at once.
 */
import { describe, expect, it } from 'vitest';
import { runBacktest, tradedRange } from '../../../src/engine/backtest';
import { finishTickRun, resumeTickRun } from '../../../src/engine/ticks/chunked-tick-run';
import type { TickChunkResult } from '../../../src/engine/ticks/tick-run';
import { backtestRequestSchema } from '../../../src/shared/backtest-request';
import type { SimulationSettings, TradeSignals } from '../../../src/engine/simulate/simulate';
import type { TradeColumns } from '../../../src/engine/simulate/trade-columns';
import { barsFromTicks, type TickBars } from '../../../src/engine/ticks/tick-bars';
import { TickRun } from '../../../src/engine/ticks/tick-run';
import {
  decodeTickRunState,
  encodeTickRunState,
  initialTickRunState,
  type TickRunState,
} from '../../../src/engine/ticks/tick-run-state';
import { simulateWithTicks } from '../../../src/engine/ticks/tick-simulate';
import { decodeTickChunkResult, encodeTickChunkResult } from '../../../src/engine/ticks/tick-chunk-text';
import { sliceTicks } from '../../../src/engine/ticks/tick-series';
import { LONG } from '../simulate/helpers';
import { randomTicks, seeded } from './tick-data';

const DAY_MS = 86_400_000;

/** Entry and exit signals on about one bar in `every`, seeded. */
function randomSignals(bars: number, seed: number, every: number): TradeSignals {
  const random = seeded(seed);
  const entry = new Uint8Array(bars);
  const exit = new Uint8Array(bars);
  for (let bar = 0; bar < bars; bar++) {
    entry[bar] = random() < 1 / every ? 1 : 0;
    exit[bar] = random() < 1 / (4 * every) ? 1 : 0;
  }
  return { entry, exit };
}

/** The chunks of a day each: the first bar of the day and the trades of its bars. */
function dayChunks({ ticks, bars, barTicks }: TickBars) {
  const chunks = [];
  let first = 0;
  while (first < bars.t.length) {
    const day = Math.floor(bars.t[first]! / DAY_MS);
    let end = first;
    while (end < bars.t.length && Math.floor(bars.t[end]! / DAY_MS) === day) end++;
    const from = barTicks[first]!;
    chunks.push({
      ticks: sliceTicks(ticks, from, barTicks[end]!),
      firstBar: first,
      barTicks: barTicks.slice(first, end + 1).map((tick) => tick - from),
    });
    first = end;
  }
  return chunks;
}

/** Trade columns appended one after another (the trades of consecutive chunks). */
function joined(parts: TradeColumns[]) {
  const columns = [
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
  ] as const;
  return Object.fromEntries(columns.map((name) => [name, parts.flatMap((part) => Array.from(part[name]))]));
}

describe('a tick run in chunks of a day', () => {
  /** Each case, with whether its positions stay open from one day to the next. */
  const cases: [string, SimulationSettings, boolean][] = [
    [
      'long, stop, target and trailing stop, a daily exit time, warm-up bars',
      {
        ...LONG,
        firstTradableBar: 30,
        commissionPct: 0.05,
        slippagePoints: 0.01,
        stopLoss: { unit: 'percentage', value: 0.8 },
        targetProfit: { unit: 'percentage', value: 1.2 },
        trailingStop: { unit: 'points', value: 0.6 },
        dailyExitTime: { minuteOfDay: 15 * 60 + 50, timeZone: 'America/New_York' },
      },
      false,
    ],
    [
      'short, trailing stop only, positions held across days',
      { ...LONG, side: 'short', trailingStop: { unit: 'percentage', value: 2 } },
      true,
    ],
  ];

  it.each(cases)('equals the whole run: %s', (_name, settings, overnight) => {
    const tickBars = barsFromTicks(randomTicks(40_000, 11, { meanGapMs: 30_000 }), 15);
    const { bars } = tickBars;
    const signals = randomSignals(bars.t.length, 3, 12);
    const whole = simulateWithTicks(bars, signals, settings, tickBars);

    let state = initialTickRunState(settings.firstTradableBar, settings.initialCapital);
    const equity = new Float64Array(bars.t.length).fill(Number.NaN);
    const trades: TradeColumns[] = [];
    const chunks = dayChunks(tickBars);
    expect(chunks.length).toBeGreaterThan(10);
    let carriedPositions = 0;
    let handedTrades = 0;
    for (const chunk of chunks) {
      // Days of warm-up bars only need no trades.
      if (chunk.firstBar + chunk.barTicks.length - 1 <= state.nextBar) continue;
      handedTrades += chunk.ticks.t.length;
      const run = new TickRun(bars, signals, settings, decodeTickRunState(encodeTickRunState(state)));
      const result = run.advance(chunk);
      equity.set(result.equity, result.firstBar);
      trades.push(result.trades);
      state = run.state();
      if (state.position !== null) carriedPositions++;
    }
    // Positions cross from one day's chunk into the next, unless the exit time closes them.
    if (overnight) expect(carriedPositions).toBeGreaterThan(3);
    else expect(carriedPositions).toBe(0);
    expect(whole.trades.count).toBeGreaterThan(20);
    expect(joined(trades)).toEqual(joined([whole.trades]));
    expect(equity).toEqual(whole.equity);
    const last = new TickRun(bars, signals, settings, state);
    expect(last.warnings()).toEqual(whole.warnings);
    expect(last.summary()).toEqual({ ...whole.intrabar, ticks: handedTrades });
    expect(whole.intrabar.exitsDecidedByTicks).toBeGreaterThan(0);
  });

  it('gives a request’s result from its chunks, as runBacktest gives it from all trades at once', () => {
    const request = backtestRequestSchema.parse({
      exchange: 'US',
      stock: 'TEST',
      fromDate: '2024-01-04',
      toDate: '2024-01-20',
      timeframe: '15 min',
      transactionType: 'sell',
      entry: { valueBased: [{ indicator: 'RSI', logic: 'Greater Than', number: 60 }] },
      exit: { valueBased: [{ indicator: 'RSI', logic: 'Less Than', number: 35 }] },
      exitCriteria: {
        stopLoss: { type: 'percentage', value: 0.7 },
        targetProfit: { type: 'points', value: 1.5 },
        trailingStopLoss: { type: 'percentage', value: 0.9 },
      },
      commission: 0.02,
    });
    const tickBars = barsFromTicks(randomTicks(50_000, 21, { meanGapMs: 40_000 }), 15);
    const whole = runBacktest(request, tickBars.bars, { ticks: tickBars });

    const { end } = tradedRange(request, tickBars.bars);
    const results: TickChunkResult[] = [];
    let state: TickRunState | null = null;
    let handedTrades = 0;
    for (const chunk of dayChunks(tickBars)) {
      const carried = state && decodeTickRunState(encodeTickRunState(state));
      const run = resumeTickRun(request, tickBars.bars, carried);
      // Days of warm-up bars only, and days after the request's last date, are not the run's.
      if (chunk.firstBar + chunk.barTicks.length - 1 <= run.state().nextBar || chunk.firstBar >= end)
        continue;
      handedTrades += chunk.ticks.t.length;
      // Each chunk's result travels as text to the chunk that finishes the run (a stored queue result).
      results.push(decodeTickChunkResult(encodeTickChunkResult(run.advance(chunk))));
      state = run.state();
    }
    const chunked = finishTickRun(request, tickBars.bars, { chunks: results, state: state! });
    expect(whole.trades.count).toBeGreaterThan(10);
    expect(chunked.intrabar).toEqual({ ...whole.intrabar, ticks: handedTrades });
    expect({ ...chunked, intrabar: null }).toEqual({ ...whole, intrabar: null });
    expect(() =>
      finishTickRun(request, tickBars.bars, {
        chunks: results.slice(0, 1),
        state: { ...state!, nextBar: 100 },
      }),
    ).toThrow(/The chunks ran to bar 99; the run has \d+ bars/);
  });

  it('refuses a chunk that does not reach the run’s next bar, or has a bar without trades', () => {
    const tickBars = barsFromTicks(randomTicks(4_000, 5, { meanGapMs: 60_000 }), 15);
    const signals = randomSignals(tickBars.bars.t.length, 1, 5);
    const [first, second, third] = dayChunks(tickBars);
    const run = new TickRun(tickBars.bars, signals, LONG);
    expect(() => run.advance(second!)).toThrow(/the run's next bar is 0/);
    run.advance(first!);
    expect(() => run.advance({ ...third!, firstBar: third!.firstBar + 1 })).toThrow(/the run's next bar is/);
    const empty = second!.barTicks.slice();
    empty[1] = empty[0]!;
    expect(() => run.advance({ ...second!, barTicks: empty })).toThrow(/has no trades in the chunk/);
  });

  it('carries NaN levels and infinite limits through the state’s JSON text', () => {
    const state = {
      ...initialTickRunState(0, 1000),
      position: {
        entryIndex: 3,
        entryPrice: 100,
        entryMarketPrice: 100,
        quantity: 10,
        entryCommission: 0,
        capital: 1000,
        target: Number.NaN,
        stop: 99,
        trailDistance: Number.NaN,
        bestPrice: 101,
        deadline: Number.POSITIVE_INFINITY,
        barLimit: Number.POSITIVE_INFINITY,
        highest: 101,
        lowest: 99.5,
        barBestPrice: 100.5,
        barExitBar: -1,
        barExitReason: -1,
      },
    };
    const text = encodeTickRunState(state);
    expect(JSON.parse(text).position.target).toBe('NaN');
    expect(decodeTickRunState(text)).toEqual(state);
    expect(decodeTickRunState(text).closedUntil).toBe(Number.NEGATIVE_INFINITY);
  });
});
