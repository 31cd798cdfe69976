/**
 * A validated backtest request compiled into per-bar entry and exit signals (docs/conventions.md#fills),
 * computed once over the whole series. A signal at bar t means "the rules hold at t's close";
 * the simulator decides what it can do with it.
 *
 * - Crossover row: indicator1 <logic> indicator2 (see conditions.ts for each logic).
 * - Ichimoku chikou span: its value at t is close[t] and it is compared with the other side as
 *   it stood Timeframe 2 bars earlier (t - N2), which is where the chikou line is plotted; it
 *   never reads a later bar. When both sides are chikou spans both are close[t].
 * - Value row: indicator <logic> number. Exit value rows whose number is blank are ignored.
 * - Candlestick row: the pattern fires at t in the trade's direction (bullish for buy, bearish
 *   for sell); patterns TA-Lib reports without a direction count either way.
 * - Rows combine with 'all' (every row holds) or 'any' (at least one holds), per group. An exit
 *   group without a usable row never signals.
 * - Blank settings take the registry's defaults.
 */
import type { BacktestRequest, CrossoverCondition, EntryValueCondition } from '../../shared/backtest-request';
import type { CandlestickPatternName } from '../../shared/candlestick-patterns';
import type { CandleSeries } from '../candles/series';
import { indicatorLookback, resolveSettings } from '../indicators/registry';
import { patternDirectionality, patternLookback } from '../patterns/registry';
import { candlestickRow, crossoverRow, valueRow, type Operand, type PatternDirection } from './conditions';
import { SeriesCache } from './series-cache';

export interface StrategySignals {
  /** 1 where the entry rules hold at the bar's close. */
  entry: Uint8Array;
  /** 1 where the exit rules hold at the bar's close; all 0 without a usable exit row. */
  exit: Uint8Array;
  /** Bars of history before the first bar on which every entry row can hold. */
  entryHistoryBars: number;
}

const CHIKOU = 'Ichimoku chikou_span';

/** Marks the bars where the row holds (out[t] = 1), leaving the others as they are. */
type RowEvaluation = (out: Uint8Array) => void;

interface CompiledRow {
  evaluate: RowEvaluation;
  /** First bar at which the row can hold. */
  historyBars: number;
}

function chikouLag(settings: Record<string, string>): number {
  const lag = resolveSettings(CHIKOU, settings)['Timeframe 2'];
  if (typeof lag !== 'number') throw new Error(`${CHIKOU} has no Timeframe 2`);
  return lag;
}

function compileCrossover(row: CrossoverCondition, cache: SeriesCache): CompiledRow {
  const leftChikou = row.indicator1 === CHIKOU;
  const rightChikou = row.indicator2 === CHIKOU;
  const left: Operand = {
    values: cache.indicator(row.indicator1, resolveSettings(row.indicator1, row.additionalFields1)),
    lag: rightChikou && !leftChikou ? chikouLag(row.additionalFields2) : 0,
  };
  const right: Operand = {
    values: cache.indicator(row.indicator2, resolveSettings(row.indicator2, row.additionalFields2)),
    lag: leftChikou && !rightChikou ? chikouLag(row.additionalFields1) : 0,
  };
  const crosses = row.logic === 'Crosses Above' || row.logic === 'Crosses Below';
  const historyBars =
    Math.max(
      indicatorLookback(row.indicator1, row.additionalFields1) + left.lag,
      indicatorLookback(row.indicator2, row.additionalFields2) + right.lag,
    ) + (crosses ? 1 : 0);
  return { evaluate: (out) => crossoverRow(left, row.logic, right, out), historyBars };
}

function compileValue(row: EntryValueCondition, cache: SeriesCache): CompiledRow {
  const values = cache.indicator(row.indicator, resolveSettings(row.indicator, row.additionalFields));
  return {
    evaluate: (out) => valueRow(values, row.logic, row.number, out),
    historyBars: indicatorLookback(row.indicator, row.additionalFields),
  };
}

function compileCandlestick(
  pattern: CandlestickPatternName,
  tradeDirection: PatternDirection,
  cache: SeriesCache,
): CompiledRow {
  const values = cache.pattern(pattern);
  const direction = patternDirectionality(pattern) === 'undirected' ? 'either' : tradeDirection;
  return {
    evaluate: (out) => candlestickRow(values, direction, out),
    historyBars: patternLookback(pattern),
  };
}

/**
 * Evaluates the rows and combines them: 'all' = AND, 'any' = OR; no rows = never. Each row marks
 * the bars where it holds (conditions.ts), so 'any' rows all mark one zeroed signal. For 'all',
 * each further row marks a zeroed scratch buffer that is then ANDed into the signal; both are
 * padded to whole 32-bit words so that this runs four bars at a time.
 */
function combineRows(rows: readonly CompiledRow[], combine: 'all' | 'any', bars: number): Uint8Array {
  const words = Math.ceil(bars / 4);
  const signal = new Uint32Array(words);
  const marks = new Uint8Array(signal.buffer, 0, bars);
  const [first, ...others] = rows;
  if (first === undefined) return marks;
  first.evaluate(marks);
  if (combine === 'any') {
    for (const other of others) other.evaluate(marks);
    return marks;
  }
  const row = new Uint32Array(words);
  const rowMarks = new Uint8Array(row.buffer, 0, bars);
  for (const other of others) {
    row.fill(0);
    other.evaluate(rowMarks);
    for (let word = 0; word < words; word++) signal[word]! &= row[word]!;
  }
  return marks;
}

/** The entry signal of `request` on `series` and the bars of history it needs. */
export function compileEntry(
  request: BacktestRequest,
  series: CandleSeries,
  cache: SeriesCache = new SeriesCache(series),
): { signal: Uint8Array; historyBars: number } {
  const direction: PatternDirection = request.transactionType === 'buy' ? 'bullish' : 'bearish';
  const rows = [
    ...request.entry.parameters.map((row) => compileCrossover(row, cache)),
    ...request.entry.valueBased.map((row) => compileValue(row, cache)),
    ...request.entry.candleStick.map((row) => compileCandlestick(row.pattern1, direction, cache)),
  ];
  return {
    signal: combineRows(rows, request.entry.combine, series.c.length),
    historyBars: Math.max(0, ...rows.map((row) => row.historyBars)),
  };
}

/** The exit signal of `request` on `series`: it depends on `request.exit` alone. */
export function compileExit(
  request: BacktestRequest,
  series: CandleSeries,
  cache: SeriesCache = new SeriesCache(series),
): Uint8Array {
  const rows = [
    ...request.exit.parameters.map((row) => compileCrossover(row, cache)),
    ...request.exit.valueBased.flatMap((row) =>
      row.number === null ? [] : [compileValue({ ...row, number: row.number }, cache)],
    ),
  ];
  return combineRows(rows, request.exit.combine, series.c.length);
}

/** Entry and exit signals of `request` on `series` (one computation per distinct indicator). */
export function compileStrategy(
  request: BacktestRequest,
  series: CandleSeries,
  cache: SeriesCache = new SeriesCache(series),
): StrategySignals {
  const entry = compileEntry(request, series, cache);
  return {
    entry: entry.signal,
    exit: compileExit(request, series, cache),
    entryHistoryBars: entry.historyBars,
  };
}
