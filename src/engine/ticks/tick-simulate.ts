/**
 * A whole tick run in one call: the bars and their trades as one chunk (tick-run.ts), with the
 * bar loop's answer (simulate.ts) and what the trades decided.
 */
import type { CandleSeries } from '../candles/series';
import type { SimulationResult, SimulationSettings, TradeSignals } from '../simulate/simulate';
import { TradeRecorder } from '../simulate/trade-columns';
import type { TickBars } from './tick-bars';
import { TickRun, type IntrabarSummary } from './tick-run';

export interface TickSimulationResult extends SimulationResult {
  intrabar: IntrabarSummary;
}

/**
 * Runs the signals on `bars` with exits found in their trades: `barTicks` places each bar's
 * trades in `ticks` (it may go on past the bars: those trades are not read).
 */
export function simulateWithTicks(
  bars: CandleSeries,
  signals: TradeSignals,
  settings: SimulationSettings,
  { ticks, barTicks }: Pick<TickBars, 'ticks' | 'barTicks'>,
): TickSimulationResult {
  const rows = bars.c.length;
  if (barTicks.length < rows + 1) {
    throw new RangeError(`The trades cover ${barTicks.length - 1} bars; the series has ${rows}`);
  }
  const firstBar = Math.max(settings.firstTradableBar, 0);
  const equity = new Float64Array(rows).fill(Number.NaN, 0, firstBar);
  const run = new TickRun(bars, signals, settings);
  let trades = new TradeRecorder(settings.side, 1).finish();
  if (firstBar < rows) {
    const chunk = run.advance({ ticks, firstBar: 0, barTicks: barTicks.subarray(0, rows + 1) });
    equity.set(chunk.equity, chunk.firstBar);
    trades = chunk.trades;
  }
  // Every trade of the bars was read, those of warm-up bars included.
  const intrabar = { ...run.summary(), ticks: barTicks[rows]! - barTicks[0]! };
  return { trades, equity, warnings: run.warnings(), intrabar };
}
