/**
 * The tick run (src/engine/ticks): its exit scan in process, and `backtest --ticks` as a whole
 * CLI process on 3,000,000 trades. Trades are a seeded random walk in cents (mulberry32), five
 * a second; the CLI's file is written once to the temp folder with ISO 8601 times (milliseconds
 * and "Z") and reused.
 */
import { existsSync, renameSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { mulberry32 } from '../src/engine/robustness/random';
import { listTrades } from '../src/engine/simulate/trade-columns';
import type { SimulationSettings } from '../src/engine/simulate/simulate';
import { barsFromTicks, type TickBars } from '../src/engine/ticks/tick-bars';
import { simulateWithTicks } from '../src/engine/ticks/tick-simulate';
import { createTickSeries, type TickSeries } from '../src/engine/ticks/tick-series';
import { backtestRequestSchema } from '../src/shared/backtest-request';
import { benchCliBacktest, type ProcessResult } from './cli-process';

const START = Date.UTC(2024, 0, 2);
const TRADE_GAP_MS = 200;

/** `count` trades of a random walk in cents from 100, TRADE_GAP_MS apart. */
function walkTicks(count: number): TickSeries {
  const random = mulberry32(0x71c5);
  const ticks = createTickSeries(count);
  let cents = 10_000;
  for (let i = 0; i < count; i++) {
    cents = Math.max(1, cents + Math.round((random() - 0.5) * 6));
    ticks.t[i] = START + i * TRADE_GAP_MS;
    ticks.p[i] = cents / 100;
    ticks.q[i] = 1 + Math.floor(random() * 50);
  }
  return ticks;
}

/** Trades of bars the positions held, their exit bars counted whole: what the scan read at most. */
function heldTicks({ barTicks }: TickBars, trades: ReturnType<typeof listTrades>): number {
  return trades.reduce((sum, trade) => sum + barTicks[trade.exitIndex + 1]! - barTicks[trade.entryIndex]!, 0);
}

export interface TickScanResult {
  name: string;
  ticks: number;
  /** Trades in the bars positions were held. */
  held: number;
  trades: number;
  ms: number;
}

/**
 * The tick simulation alone (signals computed beforehand) on `count` trades in 5-minute bars,
 * an entry signal on every bar: with wide levels positions stay open for hours and the scan
 * reads nearly every trade; with tight ones it opens and closes thousands of positions. Best of
 * 5 after 2 warm-up runs.
 */
export function benchTickScan(count: number): TickScanResult[] {
  const tickBars = barsFromTicks(walkTicks(count), 5);
  const bars = tickBars.bars.c.length;
  const signals = { entry: new Uint8Array(bars).fill(1), exit: new Uint8Array(bars) };
  const base: SimulationSettings = {
    side: 'long',
    firstTradableBar: 0,
    initialCapital: 100_000,
    commissionPct: 0.05,
    slippagePoints: 0.01,
    sizing: 'all-in-fractional',
    targetProfit: null,
    stopLoss: null,
    trailingStop: null,
    dailyExitTime: null,
  };
  const cases: [string, SimulationSettings][] = [
    [
      'wide levels (long holds)',
      {
        ...base,
        stopLoss: { unit: 'percentage', value: 8 },
        targetProfit: { unit: 'percentage', value: 8 },
        trailingStop: { unit: 'percentage', value: 5 },
      },
    ],
    [
      'tight stop and target',
      {
        ...base,
        stopLoss: { unit: 'percentage', value: 0.3 },
        targetProfit: { unit: 'percentage', value: 0.3 },
      },
    ],
  ];
  return cases.map(([name, settings]) => {
    const run = () => simulateWithTicks(tickBars.bars, signals, settings, tickBars);
    run();
    run();
    let ms = Number.POSITIVE_INFINITY;
    let result = run();
    for (let i = 0; i < 5; i++) {
      const start = performance.now();
      result = run();
      ms = Math.min(ms, performance.now() - start);
    }
    const trades = listTrades(result.trades, tickBars.bars.t);
    return { name, ticks: count, held: heldTicks(tickBars, trades), trades: trades.length, ms };
  });
}

/** An SMA 10/20 cross on 5-minute bars with a 0.5% stop, a 1% target and a 0.8% trailing stop. */
export const TICK_REQUEST = backtestRequestSchema.parse({
  exchange: 'BENCH',
  stock: 'SYNTH',
  timeframe: '5 min',
  fromDate: '2024-01-01',
  toDate: '2024-12-31',
  intrabar: 'ticks',
  entry: {
    parameters: [
      {
        indicator1: 'SMA',
        logic: 'Crosses Above',
        indicator2: 'SMA',
        additionalFields1: { Timeframe: '10' },
        additionalFields2: { Timeframe: '20' },
      },
    ],
  },
  exit: {
    parameters: [
      {
        indicator1: 'SMA',
        logic: 'Crosses Below',
        indicator2: 'SMA',
        additionalFields1: { Timeframe: '10' },
        additionalFields2: { Timeframe: '20' },
      },
    ],
  },
  exitCriteria: {
    stopLoss: { type: 'percentage', value: 0.5 },
    targetProfit: { type: 'percentage', value: 1 },
    trailingStopLoss: { type: 'percentage', value: 0.8 },
  },
  commission: 0.05,
});

/** Path of the tick CSV of `count` trades, written on first use (atomically, for runs at once). */
export function tickCsv(count: number): string {
  const path = join(tmpdir(), `backtest-bench-${count}-ticks.csv`);
  if (!existsSync(path)) {
    const ticks = walkTicks(count);
    const rows = ['time,price,size'];
    for (let i = 0; i < count; i++) {
      rows.push(`${new Date(ticks.t[i]!).toISOString()},${ticks.p[i]},${ticks.q[i]}`);
    }
    const partial = `${path}.${process.pid}.part`;
    writeFileSync(partial, `${rows.join('\n')}\n`);
    renameSync(partial, path);
  }
  return path;
}

/** `backtest --ticks` of TICK_REQUEST on `count` trades as a whole process, best of `runs`. */
export function benchCliTicks(count: number, runs = 5): ProcessResult & { path: string } {
  const path = tickCsv(count);
  return { ...benchCliBacktest('ticks', TICK_REQUEST, path, { input: '--ticks', runs }), path };
}
