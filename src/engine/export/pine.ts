/**
 * A request as a Pine Script v6 `strategy()`: the entry and exit rows, the target, stop and
 * trailing stop, the daily exit time, costs, sizing and the date range. What Pine cannot say
 * the same way is written as a comment naming the difference (docs/strategy-export.md).
 */
import type { BacktestRequest } from '../../shared/backtest-request';
import {
  type ResolvedIndicator,
  PINE_PIVOT_DECLARATIONS,
  PINE_PIVOT_LABELS,
  describe,
  pineIndicator,
} from './indicator-code';
import { pineDailyExit, pineRunWindow } from './pine-time';
import { type Row, type RuleSet, entryRules, exitRules, rowText } from './rows';
import { type TradingDays, exchangeTradingDays, exitZone } from './trading-days';

const number = (value: number) => String(value);

function operand(indicator: ResolvedIndicator, lag: number): string | { missing: string } {
  const code = pineIndicator(indicator);
  if ('missing' in code) return code;
  return lag > 0 ? `(${code.code})[${lag}]` : code.code;
}

/** Within one part in a billion of the larger magnitude, as the engine's Equals. */
const equals = (a: string, b: string) =>
  `math.abs((${a}) - (${b})) <= 1e-9 * math.max(1, math.abs(${a}), math.abs(${b}))`;

function condition(row: Row): string | { missing: string } {
  if (row.kind === 'candlestick') {
    return { missing: `Pine has no built-in candlestick patterns (TA-Lib's ${row.talib})` };
  }
  const left = operand(row.left, row.kind === 'crossover' ? row.leftLag : 0);
  if (typeof left !== 'string') return left;
  const right = row.kind === 'crossover' ? operand(row.right, row.rightLag) : number(row.number);
  if (typeof right !== 'string') return right;
  switch (row.logic) {
    case 'Greater Than':
      return `${left} > ${right}`;
    case 'Less Than':
      return `${left} < ${right}`;
    case 'Equals':
      return equals(left, right);
    case 'Crosses Above':
      return `ta.crossover(${left}, ${right})`;
    case 'Crosses Below':
      return `ta.crossunder(${left}, ${right})`;
  }
}

/** The rows as named booleans and their combination; omitted rows as comments. */
function ruleLines(name: 'entry' | 'exit', rules: RuleSet): { lines: string[]; signal: string } {
  const lines: string[] = [];
  const names: string[] = [];
  rules.rows.forEach((row, index) => {
    const text = rowText(row, describe);
    const code = condition(row);
    if (typeof code === 'string') {
      names.push(`${name}${index + 1}`);
      lines.push(`// ${text}`, `${name}${index + 1} = ${code}`);
    } else {
      lines.push(
        `// Left out: ${name} row ${index + 1}, ${text}: ${code.missing}. The ${name} signals differ.`,
      );
    }
  });
  const signal = names.length === 0 ? 'false' : names.join(rules.combine === 'all' ? ' and ' : ' or ');
  return { lines, signal };
}

function quantitySettings(request: BacktestRequest): { args: string[]; notes: string[] } {
  const value = request.sizingValue ?? 0;
  switch (request.sizing) {
    case 'all-in-fractional':
      return {
        args: ['default_qty_type = strategy.percent_of_equity', 'default_qty_value = 100'],
        notes: [
          "Sizing: all the equity, fractional units; Pine may round the quantity to the symbol's lot size.",
        ],
      };
    case 'all-in-whole-units':
      return {
        args: ['default_qty_type = strategy.percent_of_equity', 'default_qty_value = 100'],
        notes: [
          'Sizing: all the equity in whole units; Pine does not floor to whole units for every symbol.',
        ],
      };
    case 'fixed-quantity':
      return { args: ['default_qty_type = strategy.fixed', `default_qty_value = ${value}`], notes: [] };
    case 'fixed-cash':
      return { args: ['default_qty_type = strategy.cash', `default_qty_value = ${value}`], notes: [] };
    case 'risk-percent':
      return {
        args: ['default_qty_type = strategy.fixed', 'default_qty_value = 1'],
        notes: [
          `Sizing: ${value}% of equity at risk at the stop; the quantity is computed from the signal bar's close, the run used the fill price.`,
        ],
      };
  }
}

/** Pine's price offset of an exit rule from the entry price. */
function offset(rule: { type: string; value: number | null }, entry: string): string {
  return rule.type === 'percentage' ? `${entry} * ${number(rule.value!)} / 100` : number(rule.value!);
}

/** Pine's offset in whole ticks, for orders given relative to the fill to come. */
const ticks = (rule: { type: string; value: number | null }) =>
  `math.round(${offset(rule, 'close')} / syminfo.mintick)`;

export function pineStrategy(
  request: BacktestRequest,
  days: TradingDays = exchangeTradingDays(request.exchange),
): string {
  const long = request.transactionType === 'buy';
  const side = long ? 'strategy.long' : 'strategy.short';
  const id = long ? 'Long' : 'Short';
  // Against the position: below the entry for a long, above for a short; with it the other way.
  const against = long ? '-' : '+';
  const along = long ? '+' : '-';
  const entry = ruleLines('entry', entryRules(request));
  const exit = ruleLines('exit', exitRules(request));
  const quantity = quantitySettings(request);
  const { targetProfit, stopLoss, trailingStopLoss, timing } = request.exitCriteria;
  const title = `Backtest Studio: ${request.stock} (${request.exchange}) ${request.timeframe}`;

  const notes: string[] = [...quantity.notes];
  if (request.mode === 'ml') notes.push('This run is an ML run: the model is not exported, only its rules.');
  if (request.slippage > 0) {
    notes.push(
      `Slippage: the run moved every fill ${request.slippage} price points against the trade; Pine counts whole ticks: set slippage to ${request.slippage} / syminfo.mintick for your symbol.`,
    );
  }

  const usesPivots = [...entryRules(request).rows, ...exitRules(request).rows].some(
    (row) =>
      row.kind !== 'candlestick' &&
      (PINE_PIVOT_LABELS.has(row.left.label) ||
        (row.kind === 'crossover' && PINE_PIVOT_LABELS.has(row.right.label))),
  );

  const lines = [
    '//@version=6',
    `// ${title}, ${request.fromDate} to ${request.toDate}: exported from Backtest Studio.`,
    "// Fills: orders placed at a bar's close fill at the next bar's open, as in the run.",
    ...notes.map((note) => `// ${note}`),
    `strategy(${JSON.stringify(title)}, overlay = true, initial_capital = ${number(request.initialCapital)}, ${quantity.args.join(', ')}, commission_type = strategy.commission.percent, commission_value = ${number(request.commission)}, slippage = 0, pyramiding = 0, process_orders_on_close = false)`,
    '',
    ...pineRunWindow(request.fromDate, request.toDate, days),
    ...(usesPivots ? ['', '// Floor pivots of the previous daily bar.', ...PINE_PIVOT_DECLARATIONS] : []),
    '',
    `// Entry rows (${entryRules(request).combine === 'all' ? 'all must hold' : 'any may hold'})`,
    ...entry.lines,
    `entrySignal = ${entry.signal}`,
    '',
    `// Exit rows (${exitRules(request).combine === 'all' ? 'all must hold' : 'any may hold'})`,
    ...exit.lines,
    `exitSignal = ${exit.signal}`,
  ];

  let allowEntry = 'inWindow and not lastRunBar';
  if (timing.time !== '') {
    lines.push('', ...pineDailyExit(timing.time, timing.timezone, exitZone(timing.timezone, days), days));
    allowEntry = 'inWindow and not lastRunBar and not squaredOff';
  }

  // The levels twice: with the entry order in ticks from the fill to come, so that they act on
  // the entry bar as in the run, then from the entry bar's close on at the run's own prices.
  const levelsFromFill: string[] = [];
  const levelsFromEntry: string[] = [];
  if (stopLoss.type !== '') {
    levelsFromFill.push(`loss = ${ticks(stopLoss)}`);
    levelsFromEntry.push(`stop = entryPrice ${against} ${offset(stopLoss, 'entryPrice')}`);
  }
  if (targetProfit.type !== '') {
    levelsFromFill.push(`profit = ${ticks(targetProfit)}`);
    levelsFromEntry.push(`limit = entryPrice ${along} ${offset(targetProfit, 'entryPrice')}`);
  }
  if (trailingStopLoss.type !== '') {
    levelsFromFill.push('trail_points = 0', `trail_offset = ${ticks(trailingStopLoss)}`);
    levelsFromEntry.push(
      `trail_price = entryPrice`,
      `trail_offset = math.round(${offset(trailingStopLoss, 'entryPrice')} / syminfo.mintick)`,
    );
  }
  const entryCall =
    request.sizing === 'risk-percent'
      ? `strategy.entry(${JSON.stringify(id)}, ${side}, qty = strategy.equity * ${number(request.sizingValue ?? 0)} / 100 / (${offset(stopLoss, 'close')}))`
      : `strategy.entry(${JSON.stringify(id)}, ${side})`;
  lines.push('', `if strategy.position_size == 0 and ${allowEntry} and entrySignal`, `    ${entryCall}`);
  if (levelsFromFill.length > 0) {
    lines.push(
      "    // Target, stop and trailing stop from the fill, on the entry bar too (a percentage of this bar's close: the fill is not known yet).",
      `    strategy.exit("Levels", ${JSON.stringify(id)}, ${levelsFromFill.join(', ')})`,
    );
  }
  lines.push(
    'if strategy.position_size != 0 and exitSignal',
    `    strategy.close(${JSON.stringify(id)}, comment = "signal")`,
  );
  if (timing.time !== '') {
    lines.push(
      'if strategy.position_size != 0 and exitTimeNext',
      `    strategy.close(${JSON.stringify(id)}, comment = "time")`,
    );
  }
  if (levelsFromEntry.length > 0) {
    lines.push(
      '',
      "// From the entry bar's close on: the levels from the fill price (a percentage is of the entry price).",
      'if strategy.position_size != 0',
      '    entryPrice = strategy.position_avg_price',
      `    strategy.exit("Levels", ${JSON.stringify(id)}, ${levelsFromEntry.join(', ')})`,
    );
    if (trailingStopLoss.type !== '') {
      lines.push(
        "// Pine's trailing stop moves within the bar; the run moved it only after each bar closed.",
      );
    }
  }
  lines.push(
    '',
    "// The run closed an open position at its last bar's close.",
    'if strategy.position_size != 0 and lastRunBar',
    `    strategy.close(${JSON.stringify(id)}, comment = "end", immediately = true)`,
  );
  return `${lines.join('\n')}\n`;
}
