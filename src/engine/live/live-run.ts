/**
 * A forward test's run on live bars (docs/conventions.md#forward-tests): the batch backtest
 * (`prepareRun` and `simulate`, exactly as runBacktest calls them) run again on every closed bar
 * over the warm-up and the live bars seen so far, and read at its last bar. There is no second
 * simulator: what a forward test reports is what the backtest on the same bars reports, and what
 * is new at a bar is the difference from the bar before (`LiveRun`).
 *
 * Read at the last bar:
 * - the closed trades are the run's trades but the one the end of the data closed, which is the
 *   open position (marked to the last close);
 * - a signal is what the last close schedules for the next open: an exit when a position is
 *   open and the exit rules hold, an entry when flat, with money, and the entry rules hold.
 *
 * That a trade, once closed, never changes when more bars come (no look-ahead) is what makes
 * the live record equal the replay; tests/engine/live/live-run.test.ts holds the two side by side.
 */
import type { BacktestRequest } from '../../shared/backtest-request';
import { prepareRun, resultOfRun } from '../backtest';
import { seriesFromRows, type CandleRow } from '../candles/series';
import type { Metrics } from '../metrics/metrics';
import { simulate } from '../simulate/simulate';
import { listTrades } from '../simulate/trade-columns';
import type { PositionSide, Trade } from '../simulate/trade';

export interface LiveSignal {
  /** Open time of the bar whose close gave the signal (UTC ms). */
  time: number;
  kind: 'entry' | 'exit';
  /** That bar's close. */
  price: number;
}

export interface OpenPosition {
  side: PositionSide;
  /** Open time of the entry bar, ISO 8601 UTC. */
  entryTime: string;
  entryPrice: number;
  quantity: number;
  /** The last close. */
  markPrice: number;
  /** Profit if it closed at the last close, after both commissions and the exit's slippage. */
  unrealisedPnl: number;
}

/** A forward test at its last bar. */
export interface LiveState {
  trades: Trade[];
  openPosition: OpenPosition | null;
  /** The signal of the last close, if any. */
  signal: LiveSignal | null;
  /** Equity at the last close. */
  equity: number;
  metrics: Metrics;
  warnings: string[];
}

/** The request with dates that cover every bar: a forward test's dates are ignored. */
function undated(request: BacktestRequest, rows: readonly CandleRow[]): BacktestRequest {
  const dateOf = (t: number) => new Date(t).toISOString().slice(0, 10);
  return { ...request, fromDate: dateOf(rows[0]!.t), toDate: dateOf(rows.at(-1)!.t) };
}

/**
 * The run of `request` on `rows` (warm-up rows first, then live ones from `firstLiveBar`), read at
 * its last bar. Rows must be in order of time, one per bar.
 */
export function liveState(
  request: BacktestRequest,
  rows: readonly CandleRow[],
  firstLiveBar: number,
): LiveState {
  if (rows.length === 0 || firstLiveBar >= rows.length) {
    throw new RangeError(
      `A live run needs a live bar: ${rows.length} rows, the first live one at ${firstLiveBar}`,
    );
  }
  const dated = undated(request, rows);
  const series = seriesFromRows(rows);
  const prepared = prepareRun(dated, series, { warmupBars: firstLiveBar });
  const simulation = simulate(prepared.tradedSeries, prepared.signals, prepared.settings);
  const result = resultOfRun(dated, prepared, simulation);
  const last = rows.length - 1;
  const all = listTrades(result.trades, series.t);
  const end = all.at(-1);
  const holding = end !== undefined && end.exitReason === 'end' && end.exitIndex === last;
  const trades = holding ? all.slice(0, -1) : all;
  const close = series.c[last]!;
  const openPosition: OpenPosition | null = holding
    ? {
        side: end.side,
        entryTime: end.entryTime,
        entryPrice: end.entryPrice,
        quantity: end.quantity,
        markPrice: close,
        unrealisedPnl: end.pnl,
      }
    : null;
  const equity = result.equity[last]!;
  const { entry, exit } = prepared.signals;
  let signal: LiveSignal | null = null;
  if (last >= firstLiveBar) {
    if (holding && exit[last] === 1) signal = { time: rows[last]!.t, kind: 'exit', price: close };
    else if (!holding && entry[last] === 1 && equity > 0)
      signal = { time: rows[last]!.t, kind: 'entry', price: close };
  }
  return { trades, openPosition, signal, equity, metrics: result.metrics, warnings: result.warnings };
}

/** What one closed bar added to a forward test. */
export interface LiveStep {
  state: LiveState;
  /** Trades closed on this bar (already in state.trades). */
  closedTrades: Trade[];
}

/**
 * A forward test fed bar by bar: warm-up rows at construction, then each closed live bar once, in
 * order. It keeps the rows and the trades already reported, nothing else.
 */
export class LiveRun {
  private readonly rows: CandleRow[];
  private reported: number;

  constructor(
    private readonly request: BacktestRequest,
    rows: readonly CandleRow[],
    /** Row of the first live bar (= the warm-up rows' count). */
    readonly firstLiveBar: number,
    /** Trades already reported (a restarted forward test's). */
    reportedTrades = 0,
  ) {
    this.rows = [...rows];
    this.reported = reportedTrades;
  }

  /** Open time of the last bar, or null before any. */
  get lastBarTime(): number | null {
    return this.rows.at(-1)?.t ?? null;
  }

  get bars(): readonly CandleRow[] {
    return this.rows;
  }

  /** Adds the next closed bar (it must open after the last one) and reads the run at it. */
  addBar(row: CandleRow): LiveStep {
    const last = this.lastBarTime;
    if (last !== null && !(row.t > last)) {
      throw new RangeError(`Bars must come in order: ${row.t} does not open after ${last}`);
    }
    this.rows.push(row);
    const state = liveState(this.request, this.rows, this.firstLiveBar);
    const closedTrades = state.trades.slice(this.reported);
    this.reported = state.trades.length;
    return { state, closedTrades };
  }
}

/** One way a forward test's trade differs from the replay's. */
export interface ReplayDifference {
  /** 0-based trade number. */
  trade: number;
  field: string;
  /** The field's values, or the whole trade (null when missing) when `field` is "trade". */
  forward: Trade[keyof Trade] | Trade | null;
  backtest: Trade[keyof Trade] | Trade | null;
}

export interface ReplayReport {
  identical: boolean;
  forwardTrades: Trade[];
  backtestTrades: Trade[];
  differences: ReplayDifference[];
}

const COMPARED: readonly (keyof Trade)[] = [
  'side',
  'entryTime',
  'exitTime',
  'entryPrice',
  'exitPrice',
  'exitReason',
  'quantity',
  'pnl',
];

/**
 * The request backtested over exactly the rows a forward test saw, its closed trades compared
 * trade by trade with the ones the forward test recorded as they happened (numbers exactly:
 * the same bars must give the same floating-point results).
 */
export function replayForwardTest(
  request: BacktestRequest,
  rows: readonly CandleRow[],
  firstLiveBar: number,
  forwardTrades: readonly Trade[],
): ReplayReport {
  const backtestTrades = firstLiveBar < rows.length ? liveState(request, rows, firstLiveBar).trades : [];
  const differences: ReplayDifference[] = [];
  const count = Math.max(backtestTrades.length, forwardTrades.length);
  for (let trade = 0; trade < count; trade++) {
    const forward = forwardTrades[trade];
    const backtest = backtestTrades[trade];
    if (!forward || !backtest) {
      differences.push({ trade, field: 'trade', forward: forward ?? null, backtest: backtest ?? null });
      continue;
    }
    for (const field of COMPARED) {
      if (!Object.is(forward[field], backtest[field])) {
        differences.push({ trade, field, forward: forward[field], backtest: backtest[field] });
      }
    }
  }
  return {
    identical: differences.length === 0,
    forwardTrades: [...forwardTrades],
    backtestTrades,
    differences,
  };
}
