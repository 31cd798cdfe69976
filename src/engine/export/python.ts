/**
 * A request as Python for backtesting.py: a `Strategy` whose indicators are TA-Lib's functions
 * (its abstract API, by the function, output line and settings the catalogue names) with the
 * same settings, the rows as conditions in next(), the exits, costs, sizing and dates, and a
 * main that runs it on a CSV. What backtesting.py cannot say the same way is a comment naming
 * the difference (docs/strategy-export.md).
 */
import type { BacktestRequest } from '../../shared/backtest-request';
import { TIMEFRAME_MINUTES } from '../../shared/backtest-vocabulary';
import { exitTimeZone } from '../../shared/exchange-time';
import { type PythonHelper, type ResolvedIndicator, describe, pythonIndicator } from './indicator-code';
import { type Row, type RuleSet, entryRules, exitRules, rowText } from './rows';

const HELPERS: Record<PythonHelper | 'shifted', string> = {
  ta_line: `def ta_line(data, function, output, **parameters):
    """One output line of a TA-Lib function over the bars, by TA-Lib's output name."""
    inputs = {name.lower(): np.asarray(getattr(data, name), dtype=float)
              for name in ('Open', 'High', 'Low', 'Close', 'Volume')}
    indicator = abstract.Function(function)
    result = indicator(inputs, **parameters)
    if isinstance(result, list):
        return result[list(indicator.output_names).index(output)]
    return np.asarray(result, dtype=float)`,
  vwap: `def vwap(data, bars):
    """Volume-weighted typical price of the last \`bars\` bars."""
    frame = data.df
    typical = (frame.High + frame.Low + frame.Close) / 3
    return ((typical * frame.Volume).rolling(bars).sum() / frame.Volume.rolling(bars).sum()).to_numpy()`,
  session_vwap: `def session_vwap(data):
    """Volume-weighted typical price since the start of each UTC day."""
    frame = data.df
    day = frame.index.normalize()
    typical = (frame.High + frame.Low + frame.Close) / 3
    return ((typical * frame.Volume).groupby(day).cumsum() / frame.Volume.groupby(day).cumsum()).to_numpy()`,
  elder_power: `def elder_power(data, bars, column):
    """Elder-Ray power: the high (bull) or the low (bear) minus the EMA of the close."""
    close = np.asarray(data.Close, dtype=float)
    return np.asarray(getattr(data, column), dtype=float) - talib.EMA(close, timeperiod=bars)`,
  midprice_shifted: `def midprice_shifted(data, periods, shift):
    """Ichimoku leading span: the mean of the midprices over \`periods\`, from \`shift\` bars back."""
    high = np.asarray(data.High, dtype=float)
    low = np.asarray(data.Low, dtype=float)
    span = np.mean([talib.MIDPRICE(high, low, timeperiod=period) for period in periods], axis=0)
    return shifted(span, shift)`,
  pivots: `def pivots(data, level):
    """Floor pivot levels of the previous UTC day's high, low and close."""
    frame = data.df
    day = frame.index.normalize()
    daily = frame.groupby(day).agg({'High': 'max', 'Low': 'min', 'Close': 'last'}).shift(1)
    high, low, close = (daily[column].reindex(day).to_numpy() for column in ('High', 'Low', 'Close'))
    pivot = (high + low + close) / 3
    return {'P': pivot, 'S1': 2 * pivot - high, 'S2': pivot - (high - low),
            'R1': 2 * pivot - low, 'R2': pivot + (high - low)}[level]`,
  shifted: `def shifted(values, bars):
    """The series as it stood \`bars\` bars back (NaN before)."""
    values = np.asarray(values, dtype=float)
    if bars <= 0:
        return values
    return np.concatenate([np.full(bars, np.nan), values[:-bars]])`,
};

interface Declared {
  init: string[];
  conditions: string[];
  comments: string[];
  helpers: Set<PythonHelper | 'shifted'>;
}

function indicatorCode(
  indicator: ResolvedIndicator,
  lag: number,
  declared: Declared,
): string | { missing: string } {
  const code = pythonIndicator(indicator);
  if ('missing' in code) return code;
  for (const name of code.helpers ?? []) declared.helpers.add(name);
  // The leading spans are shifted series themselves.
  if (declared.helpers.has('midprice_shifted')) declared.helpers.add('shifted');
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
    right = last(`${name}_b`);
  } else {
    right = String(row.number);
  }
  const a = last(`${name}_a`);
  switch (row.logic) {
    case 'Greater Than':
      return `${a} > ${right}`;
    case 'Less Than':
      return `${a} < ${right}`;
    case 'Equals':
      return `math.isclose(${a}, ${right}, rel_tol=1e-9, abs_tol=1e-9)`;
    case 'Crosses Above':
      return `crossover(self.${name}_a, ${row.kind === 'crossover' ? `self.${name}_b` : right})`;
    case 'Crosses Below':
      return `crossover(${row.kind === 'crossover' ? `self.${name}_b` : right}, self.${name}_a)`;
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

function sizeCode(request: BacktestRequest): { code: string; note?: string } {
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
      return {
        code: `max(1, int(${value} // self.data.Close[-1]))`,
        note: "Sizing: the cash is divided by the signal bar's close; the run divided by the fill price.",
      };
    case 'risk-percent':
      return {
        code: `max(1, int(self.equity * ${value} / 100 / (${distance(request.exitCriteria.stopLoss, 'self.data.Close[-1]')})))`,
        note: "Sizing: the stop distance is measured from the signal bar's close; the run measured it from the fill price.",
      };
  }
}

export function pythonStrategy(request: BacktestRequest): string {
  const long = request.transactionType === 'buy';
  const declared: Declared = { init: [], conditions: [], comments: [], helpers: new Set() };
  const entry = rules('entry', entryRules(request), declared);
  const exit = rules('exit', exitRules(request), declared);
  const size = sizeCode(request);
  const { targetProfit, stopLoss, trailingStopLoss, timing } = request.exitCriteria;
  const notes = [
    ...(size.note ? [size.note] : []),
    ...(request.mode === 'ml' ? ['This run is an ML run: the model is not exported, only its rules.'] : []),
    ...(request.slippage > 0
      ? [
          `Slippage: the run moved every fill ${request.slippage} price points against the trade; backtesting.py has a relative spread instead (not set here).`,
        ]
      : []),
  ];
  // Against the position: below the entry for a long, above for a short; with it the other way.
  const against = long ? '-' : '+';
  const along = long ? '+' : '-';
  const minutes = TIMEFRAME_MINUTES[request.timeframe];

  const next: string[] = [...declared.conditions.map((line) => `        ${line}`)];
  next.push(`        entry_signal = ${entry}`, `        exit_signal = ${exit}`);
  next.push('        now = self.data.index[-1]');
  next.push('        last_run_bar = now + BAR >= RUN_END');
  if (timing.time !== '') {
    next.push(
      "        next_open = (now + BAR).tz_localize('UTC').tz_convert(EXIT_ZONE) if now.tzinfo is None else (now + BAR).tz_convert(EXIT_ZONE)",
      '        this_open = next_open - BAR',
      '        exit_time_next = (next_open.hour * 60 + next_open.minute >= EXIT_MINUTE' +
        ' and (this_open.hour * 60 + this_open.minute < EXIT_MINUTE or this_open.date() != next_open.date()))',
      '        squared_off = next_open.hour * 60 + next_open.minute >= EXIT_MINUTE',
    );
  }
  next.push('        if self.position:');
  const closeWhen = ['exit_signal', 'last_run_bar', ...(timing.time !== '' ? ['exit_time_next'] : [])];
  next.push(
    `            if ${closeWhen.join(' or ')}:`,
    '                self.position.close()',
    '                return',
  );
  const levels = stopLoss.type !== '' || targetProfit.type !== '' || trailingStopLoss.type !== '';
  if (levels) {
    next.push('            trade = self.trades[-1]', '            price = trade.entry_price');
    const stops: string[] = [];
    if (stopLoss.type !== '') stops.push(`price ${against} ${distance(stopLoss, 'price')}`);
    if (trailingStopLoss.type !== '') {
      next.push(
        `            self.best = ${long ? 'max' : 'min'}(self.best if self.best is not None else price, self.data.${long ? 'High' : 'Low'}[-1])`,
      );
      stops.push(`self.best ${against} ${distance(trailingStopLoss, 'price')}`);
    }
    if (stops.length > 0)
      next.push(
        `            trade.sl = ${stops.length === 1 ? stops[0] : `${long ? 'max' : 'min'}(${stops.join(', ')})`}`,
      );
    if (targetProfit.type !== '')
      next.push(`            trade.tp = price ${along} ${distance(targetProfit, 'price')}`);
  }
  const allow = ['now >= RUN_START', 'not last_run_bar', ...(timing.time !== '' ? ['not squared_off'] : [])];
  next.push(
    `        elif entry_signal and ${allow.join(' and ')}:`,
    ...(trailingStopLoss.type !== '' ? ['            self.best = None'] : []),
    `            self.${long ? 'buy' : 'sell'}(size=${size.code})`,
  );

  const helpers = (
    ['shifted', 'ta_line', 'vwap', 'session_vwap', 'elder_power', 'midprice_shifted', 'pivots'] as const
  )
    .filter((name) => declared.helpers.has(name))
    .map((name) => HELPERS[name]);

  const lines = [
    `"""Backtest Studio strategy: ${request.stock} (${request.exchange}), ${request.timeframe} bars, ${request.fromDate} to ${request.toDate}.`,
    '',
    'Exported for backtesting.py with TA-Lib. Run it on a CSV of the same bars (a Date column in',
    'UTC, then Open, High, Low, Close, Volume), warm-up bars before the from date included:',
    '',
    '    python3 this_file.py bars.csv',
    '',
    "Fills: orders placed at a bar's close fill at the next bar's open, as in the run.",
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
    'from backtesting.lib import crossover',
    '',
    `INITIAL_CAPITAL = ${request.initialCapital}`,
    `COMMISSION = ${request.commission} / 100  # of the traded value, per fill`,
    `RUN_START = pd.Timestamp('${request.fromDate}')`,
    `RUN_END = pd.Timestamp('${request.toDate}') + pd.Timedelta(days=1)`,
    `BAR = pd.Timedelta(minutes=${minutes})`,
    ...(timing.time !== ''
      ? [
          `EXIT_ZONE = '${exitTimeZone(timing.timezone, request.exchange)}'  # daily exit at ${timing.time} ${timing.timezone}`,
          `EXIT_MINUTE = ${Number(timing.time.slice(0, 2)) * 60 + Number(timing.time.slice(3))}`,
        ]
      : []),
    '',
    ...helpers.flatMap((code) => [code, '', '']),
    'class ExportedStrategy(Strategy):',
    '    def init(self):',
    ...(declared.init.length === 0 ? ['        pass'] : declared.init.map((line) => `        ${line}`)),
    ...(trailingStopLoss.type !== '' ? ['        self.best = None'] : []),
    ...declared.comments.map((line) => `        ${line}`),
    '',
    '    def next(self):',
    ...next,
    '',
    '',
    "if __name__ == '__main__':",
    '    bars = pd.read_csv(sys.argv[1], index_col=0, parse_dates=True)',
    '    bars.columns = [column.capitalize() for column in bars.columns]',
    '    backtest = Backtest(bars, ExportedStrategy, cash=INITIAL_CAPITAL, commission=COMMISSION,',
    '                        exclusive_orders=True, finalize_trades=True)',
    '    print(backtest.run())',
  ];
  return `${lines.join('\n')}\n`;
}
