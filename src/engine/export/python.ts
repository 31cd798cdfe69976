/**
 * A request as Python for backtesting.py: a `Strategy` whose indicators are TA-Lib's functions
 * (its abstract API, by the function, output line and settings the catalogue names) with the
 * same settings, the rows as conditions in next(), the exits, costs, sizing and dates, and a
 * main that runs it on a CSV. What backtesting.py cannot say the same way is a comment naming
 * the difference (docs/strategy-export.md).
 */
import type { BacktestRequest } from '../../shared/backtest-request';
import { type ResolvedIndicator, describe, pythonIndicator } from './indicator-code';
import { type PythonFunction, pythonFunctions } from './python-helpers';
import { type Row, type RuleSet, entryRules, exitRules, rowText } from './rows';
import { type TradingDays, dayAfter, describeDays, exchangeTradingDays, exitZone } from './trading-days';

interface Declared {
  init: string[];
  conditions: string[];
  comments: string[];
  helpers: Set<PythonFunction>;
}

function indicatorCode(
  indicator: ResolvedIndicator,
  lag: number,
  declared: Declared,
): string | { missing: string } {
  const code = pythonIndicator(indicator);
  if ('missing' in code) return code;
  for (const name of code.helpers ?? []) declared.helpers.add(name);
  if (lag === 0) return code.code;
  declared.helpers.add('shifted');
  return `self.I(shifted, ${code.code}, ${lag}, name=${JSON.stringify(`${indicator.label} ${lag} bars back`)})`;
}

const last = (name: string) => `self.${name}[-1]`;

function condition(row: Row, name: string, declared: Declared): string | { missing: string } {
  if (row.kind === 'candlestick') {
    declared.helpers.add('ta_line');
    declared.init.push(
      `self.${name} = self.I(ta_line, self.data, '${row.talib}', 'integer', name='${row.pattern}')`,
    );
    const test = row.direction === 'either' ? '!= 0' : row.direction === 'bullish' ? '> 0' : '< 0';
    return `${last(name)} ${test}`;
  }
  const left = indicatorCode(row.left, row.kind === 'crossover' ? row.leftLag : 0, declared);
  if (typeof left !== 'string') return left;
  declared.init.push(`self.${name}_a = ${left}`);
  let right: string;
  if (row.kind === 'crossover') {
    const code = indicatorCode(row.right, row.rightLag, declared);
    if (typeof code !== 'string') return code;
    declared.init.push(`self.${name}_b = ${code}`);
    right = `self.${name}_b`;
  } else {
    right = String(row.number);
  }
  const a = `self.${name}_a`;
  // The run's comparisons: two values within its tolerance are equal (side, crossed_above).
  declared.helpers.add(row.logic.startsWith('Crosses') ? 'crossed_above' : 'side');
  switch (row.logic) {
    case 'Greater Than':
      return `side(${a}, ${right}) == 1`;
    case 'Less Than':
      return `side(${a}, ${right}) == -1`;
    case 'Equals':
      return `side(${a}, ${right}) == 0`;
    case 'Crosses Above':
      return `crossed_above(${a}, ${right})`;
    case 'Crosses Below':
      return `crossed_above(${right}, ${a})`;
  }
}

function rules(kind: 'entry' | 'exit', ruleSet: RuleSet, declared: Declared): string {
  const names: string[] = [];
  ruleSet.rows.forEach((row, index) => {
    const name = `${kind}_${index + 1}`;
    const text = rowText(row, describe);
    const firstLine = declared.init.length;
    const code = condition(row, name, declared);
    if (typeof code === 'string') {
      declared.init.splice(firstLine, 0, `# ${kind} row ${index + 1}: ${text}`);
      declared.conditions.push(`${name} = ${code}`);
      names.push(name);
    } else {
      declared.init.splice(firstLine);
      declared.comments.push(
        `# Left out: ${kind} row ${index + 1}, ${text}: ${code.missing}. The ${kind} signals differ.`,
      );
    }
  });
  if (names.length === 0) return 'False';
  return names.join(ruleSet.combine === 'all' ? ' and ' : ' or ');
}

/** Python's expression for an exit rule's distance from `price`. */
function distance(rule: { type: string; value: number | null }, price: string): string {
  return rule.type === 'percentage' ? `${price} * ${rule.value} / 100` : String(rule.value);
}

/** The order's size; a sizing by money divides by `price`, the fill price (the next bar's open). */
function sizeCode(request: BacktestRequest): { code: string; note?: string; fromFill?: true } {
  const value = request.sizingValue ?? 0;
  switch (request.sizing) {
    case 'all-in-fractional':
      return {
        code: '0.9999',
        note: 'Sizing: the run bought fractional units with all the equity; backtesting.py buys whole units (use backtesting.lib.FractionalBacktest for fractions).',
      };
    case 'all-in-whole-units':
      return { code: '0.9999' };
    case 'fixed-quantity':
      return {
        code: String(Math.max(1, Math.floor(value))),
        note: value % 1 === 0 ? undefined : `Sizing: ${value} units rounded down to whole units.`,
      };
    case 'fixed-cash':
      return { code: `max(1, int(${value} // price))`, fromFill: true };
    case 'risk-percent':
      return {
        code: `max(1, int(self.equity * ${value} / 100 / (${distance(request.exitCriteria.stopLoss, 'price')})))`,
        fromFill: true,
      };
  }
}

/** The position's protective and target levels as Python expressions of the entry price `price`. */
function levelCode(request: BacktestRequest): { stop: string | null; target: string | null } {
  const long = request.transactionType === 'buy';
  const { targetProfit, stopLoss, trailingStopLoss } = request.exitCriteria;
  // Against the position: below the entry for a long, above for a short; with it the other way.
  const against = long ? '-' : '+';
  const along = long ? '+' : '-';
  const stops: string[] = [];
  if (stopLoss.type !== '') stops.push(`price ${against} ${distance(stopLoss, 'price')}`);
  if (trailingStopLoss.type !== '') stops.push(`self.best ${against} ${distance(trailingStopLoss, 'price')}`);
  const stop =
    stops.length === 0
      ? null
      : stops.length === 1
        ? stops[0]!
        : `${long ? 'max' : 'min'}(${stops.join(', ')})`;
  const target = targetProfit.type === '' ? null : `price ${along} ${distance(targetProfit, 'price')}`;
  return { stop, target };
}

/** next(): the rows' signals, then the exits of an open position or the entry of a new one. */
function nextBody(request: BacktestRequest, declared: Declared, entry: string, exit: string): string[] {
  const long = request.transactionType === 'buy';
  const timed = request.exitCriteria.timing.time !== '';
  const trailing = request.exitCriteria.trailingStopLoss.type !== '';
  const { stop, target } = levelCode(request);
  const size = sizeCode(request);
  const lines = [
    ...declared.conditions,
    `entry_signal = ${entry}`,
    `exit_signal = ${exit}`,
    'bar = len(self.data) - 1',
    "# When the next bar opens (None on the last): the daily exit and the run's end follow it.",
    'next_open = self.opens_at[bar + 1] if bar + 1 < len(self.opens_at) else None',
    'if self.position:',
  ];
  const closeWhen = ['exit_signal'];
  if (timed) {
    lines.push(
      '    trade = self.trades[-1]',
      '    exit_time = next_open is not None and next_open >= next_wall_clock(',
      '        self.opens_at[trade.entry_bar], EXIT_MINUTE, EXIT_ZONE)',
    );
    closeWhen.push('exit_time');
  }
  lines.push(`    if ${closeWhen.join(' or ')}:`, '        self.position.close()', '        return');
  // Each level as backtesting.py takes it: a price above 0 (a level at or below 0 is never
  // reached), and with the order only on its side of the signal bar's close.
  const levels = [
    ...(stop === null ? [] : [{ name: 'stop', order: 'sl', code: stop, belowPrice: long }]),
    ...(target === null ? [] : [{ name: 'target', order: 'tp', code: target, belowPrice: !long }]),
  ];
  const positive = (name: string, below: boolean) => (below ? `${name} if ${name} > 0 else None` : name);
  if (levels.length > 0) {
    if (!timed) lines.push('    trade = self.trades[-1]');
    lines.push('    price = trade.entry_price');
    if (trailing) {
      lines.push(
        `    self.best = ${long ? 'max' : 'min'}(self.best, self.data.${long ? 'High' : 'Low'}[-1])`,
      );
    }
    for (const level of levels) {
      lines.push(
        `    ${level.name} = ${level.code}`,
        `    trade.${level.order} = ${positive(level.name, level.belowPrice)}`,
      );
    }
  }
  const allow = [
    'entry_signal',
    'self.opens_at[bar] >= RUN_START',
    'next_open is not None',
    'next_open < RUN_END',
    ...(timed ? ['next_open < next_wall_clock(day_start(next_open), EXIT_MINUTE, EXIT_ZONE)'] : []),
  ];
  lines.push(`elif (${allow.slice(0, 3).join(' and ')}`, `      and ${allow.slice(3).join(' and ')}):`);
  if (levels.length > 0 || size.fromFill) {
    lines.push("    price = self.open_prices[bar + 1]  # the fill: the next bar's open");
  }
  if (trailing) lines.push('    self.best = price');
  const order = [`size=${size.code}`];
  if (levels.length > 0) {
    lines.push(
      '    # The levels, measured from the fill, act on the entry bar as in the run. backtesting.py',
      "    # takes none beyond this bar's close (after a gap): such a level starts at the next close.",
      '    close = self.data.Close[-1]',
    );
    for (const level of levels) {
      const onItsSide = level.belowPrice ? `0 < ${level.name} < close` : `${level.name} > close`;
      lines.push(`    ${level.name} = ${level.code}`);
      order.push(`${level.order}=${level.name} if ${onItsSide} else None`);
    }
  }
  lines.push(`    self.${long ? 'buy' : 'sell'}(${order.join(', ')})`);
  return lines;
}

/** The Python date of a "YYYY-MM-DD" day's start in the run's trading days. */
const dayStartCode = (date: string) => `wall_clock('${date}', DAY_OPEN_MINUTE, DAY_ZONE)[0]`;

export function pythonStrategy(
  request: BacktestRequest,
  days: TradingDays = exchangeTradingDays(request.exchange),
): string {
  const declared: Declared = { init: [], conditions: [], comments: [], helpers: new Set() };
  const entry = rules('entry', entryRules(request), declared);
  const exit = rules('exit', exitRules(request), declared);
  const size = sizeCode(request);
  const { timing } = request.exitCriteria;
  const timed = timing.time !== '';
  const { stop, target } = levelCode(request);
  const readsFill = stop !== null || target !== null || size.fromFill === true;
  const notes = [
    ...(size.note ? [size.note] : []),
    ...(request.mode === 'ml' ? ['This run is an ML run: the model is not exported, only its rules.'] : []),
    ...(request.slippage > 0
      ? [
          `Slippage: the run moved every fill ${request.slippage} price points against the trade; backtesting.py has a relative spread instead (not set here).`,
        ]
      : []),
  ];
  declared.helpers.add('utc').add('wall_clock');
  if (timed) declared.helpers.add('next_wall_clock').add('day_start');

  const lines = [
    `"""Backtest Studio strategy: ${request.stock} (${request.exchange}), ${request.timeframe} bars, ${request.fromDate} to ${request.toDate}.`,
    '',
    'Exported for backtesting.py with TA-Lib. Run it on a CSV of the same bars (a Date column, then',
    'Open, High, Low, Close, Volume; times with a zone such as Z or -05:00, or else in UTC), warm-up',
    'bars before the from date included:',
    '',
    '    python3 this_file.py bars.csv',
    '',
    "Fills: orders placed at a bar's close fill at the next bar's open, as in the run. The run's",
    `trading days start at ${describeDays(days)}; its last bar closes what is still open.`,
    ...notes,
    '"""',
    'import math',
    'import sys',
    '',
    'import numpy as np',
    'import pandas as pd',
    'import talib',
    'from talib import abstract',
    'from backtesting import Backtest, Strategy',
    '',
    `INITIAL_CAPITAL = ${request.initialCapital}`,
    `COMMISSION = ${request.commission} / 100  # of the traded value, per fill`,
    `DAY_ZONE = '${days.timeZone}'`,
    `DAY_OPEN_MINUTE = ${days.openMinute}  # trading days start then`,
    ...(timed
      ? [
          `EXIT_ZONE = '${exitZone(timing.timezone, days)}'  # daily exit at ${timing.time} ${timing.timezone}`,
          `EXIT_MINUTE = ${Number(timing.time.slice(0, 2)) * 60 + Number(timing.time.slice(3))}`,
        ]
      : []),
    '',
    '',
    ...pythonFunctions(declared.helpers).flatMap((code) => [code, '', '']),
    `RUN_START = ${dayStartCode(request.fromDate)}`,
    `RUN_END = ${dayStartCode(dayAfter(request.toDate))}  # the start of the day after the to date`,
    '',
    '',
    'class ExportedStrategy(Strategy):',
    '    def init(self):',
    ...declared.init.map((line) => `        ${line}`),
    ...declared.comments.map((line) => `        ${line}`),
    "        # Every bar's open time (and price), read ahead only for when the next bar opens (and the",
    '        # price the next fill gets).',
    '        self.opens_at = utc(self.data.index)',
    ...(readsFill ? ['        self.open_prices = np.asarray(self.data.Open, dtype=float)'] : []),
    ...(request.exitCriteria.trailingStopLoss.type !== '' ? ['        self.best = None'] : []),
    '',
    '    def next(self):',
    ...nextBody(request, declared, entry, exit).map((line) => `        ${line}`),
    '',
    '',
    "if __name__ == '__main__':",
    '    bars = pd.read_csv(sys.argv[1], index_col=0)',
    '    bars.index = utc(bars.index)',
    '    bars.columns = [column.capitalize() for column in bars.columns]',
    "    # The run's bars: backtesting.py closes what is open on the last (finalize_trades).",
    '    bars = bars[bars.index < RUN_END]',
    '    backtest = Backtest(bars, ExportedStrategy, cash=INITIAL_CAPITAL, commission=COMMISSION,',
    '                        exclusive_orders=True, finalize_trades=True)',
    '    print(backtest.run())',
  ];
  return `${lines.join('\n')}\n`;
}
