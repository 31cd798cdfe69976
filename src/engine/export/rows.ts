/**
 * A request's rule rows in the shape both exporters write: each row's operands resolved, the
 * chikou span's lag, the candlestick direction; exit value rows without a number left out, as
 * the engine leaves them out.
 */
import type { BacktestRequest } from '../../shared/backtest-request';
import type { ComparisonLogic, CrossoverLogic } from '../../shared/backtest-vocabulary';
import { CANDLESTICK_PATTERNS, type CandlestickPatternName } from '../../shared/candlestick-patterns';
import { patternDirectionality } from '../patterns/registry';
import { type ResolvedIndicator, resolveIndicator } from './indicator-code';

const CHIKOU = 'Ichimoku chikou_span';

export type Row =
  | {
      kind: 'crossover';
      left: ResolvedIndicator;
      logic: CrossoverLogic;
      right: ResolvedIndicator;
      /** Bars the operand opposite a chikou span is read back (0 otherwise). */
      leftLag: number;
      rightLag: number;
    }
  | { kind: 'value'; left: ResolvedIndicator; logic: ComparisonLogic; number: number }
  | {
      kind: 'candlestick';
      pattern: CandlestickPatternName;
      talib: string;
      /** Which sign of TA-Lib's output counts: the trade's direction, or either for undirected patterns. */
      direction: 'bullish' | 'bearish' | 'either';
    };

export interface RuleSet {
  rows: Row[];
  combine: 'all' | 'any';
}

function chikouLag(indicator: ResolvedIndicator): number {
  return indicator.label === CHIKOU ? (indicator.settings['Timeframe 2'] ?? 26) : 0;
}

function crossoverRows(rows: BacktestRequest['entry']['parameters']): Row[] {
  return rows.map((row) => {
    const left = resolveIndicator(row.indicator1, row.additionalFields1);
    const right = resolveIndicator(row.indicator2, row.additionalFields2);
    // The line opposite a chikou span is compared as it stood Timeframe 2 bars back.
    return {
      kind: 'crossover',
      left,
      logic: row.logic,
      right,
      leftLag: chikouLag(right),
      rightLag: chikouLag(left),
    };
  });
}

function valueRows(
  rows: {
    indicator: string;
    logic: ComparisonLogic;
    additionalFields: Record<string, string>;
    number: number | null;
  }[],
): Row[] {
  return rows
    .filter((row): row is typeof row & { number: number } => row.number !== null)
    .map((row) => ({
      kind: 'value',
      left: resolveIndicator(row.indicator, row.additionalFields),
      logic: row.logic,
      number: row.number,
    }));
}

export function entryRules(request: BacktestRequest): RuleSet {
  const direction = request.transactionType === 'buy' ? 'bullish' : 'bearish';
  const candles: Row[] = request.entry.candleStick.map(({ pattern1 }) => ({
    kind: 'candlestick',
    pattern: pattern1,
    talib: CANDLESTICK_PATTERNS.find((pattern) => pattern.name === pattern1)!.talib,
    direction: patternDirectionality(pattern1) === 'undirected' ? 'either' : direction,
  }));
  return {
    rows: [...crossoverRows(request.entry.parameters), ...valueRows(request.entry.valueBased), ...candles],
    combine: request.entry.combine,
  };
}

export function exitRules(request: BacktestRequest): RuleSet {
  return {
    rows: [...crossoverRows(request.exit.parameters), ...valueRows(request.exit.valueBased)],
    combine: request.exit.combine,
  };
}

/** How a comment names a row: "SMA(Timeframe=10) Crosses Above SMA(Timeframe=20)". */
export function rowText(row: Row, describe: (indicator: ResolvedIndicator) => string): string {
  if (row.kind === 'crossover') return `${describe(row.left)} ${row.logic} ${describe(row.right)}`;
  if (row.kind === 'value') return `${describe(row.left)} ${row.logic} ${row.number}`;
  return `candlestick ${row.pattern} (${row.direction})`;
}
