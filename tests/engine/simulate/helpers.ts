/** Small hand-made bar sequences and settings for the simulation scenarios. */
import { seriesFromRows, type CandleSeries } from '../../../src/engine/candles/series';
import { simulate, type SimulationSettings, type TradeSignals } from '../../../src/engine/simulate/simulate';
import { listTrades } from '../../../src/engine/simulate/trade-columns';

export const DAY_MS = 86_400_000;
export const HOUR_MS = 3_600_000;

/** Bars [open, high, low, close] one `spacing` apart from `start` (default: daily from 2024-01-01). */
export function ohlc(
  bars: readonly (readonly [number, number, number, number])[],
  spacing = DAY_MS,
  start = Date.UTC(2024, 0, 1),
): CandleSeries {
  return seriesFromRows(bars.map(([o, h, l, c], i) => ({ t: start + i * spacing, o, h, l, c, v: 1000 })));
}

/** Entry and exit signals at the given bars (signal at the bar's close). */
export function signalsAt(
  bars: number,
  entries: readonly number[],
  exits: readonly number[] = [],
): TradeSignals {
  const entry = new Uint8Array(bars);
  const exit = new Uint8Array(bars);
  for (const bar of entries) entry[bar] = 1;
  for (const bar of exits) exit[bar] = 1;
  return { entry, exit };
}

/** Long, 1000 of capital, no costs, no exit rules, trading from bar 0. */
export const LONG: SimulationSettings = {
  side: 'long',
  firstTradableBar: 0,
  initialCapital: 1000,
  commissionPct: 0,
  slippagePoints: 0,
  sizing: 'all-in-fractional',
  targetProfit: null,
  stopLoss: null,
  trailingStop: null,
  dailyExitTime: null,
};

/** The simulator's run with its trades as the trade list (ISO times), as the scenarios read it. */
export function simulateTrades(series: CandleSeries, signals: TradeSignals, settings: SimulationSettings) {
  const run = simulate(series, signals, settings);
  return { ...run, trades: listTrades(run.trades, series.t) };
}
