/** `backtest --request R.json --candles C.csv` -> {metrics, trades, equity, warnings}. */
import { parseArgs } from 'node:util';
import { runBacktest } from '../../engine/index';
import { CALENDAR_OPTIONS, calendarFrom, readCandles, readRequest } from '../read-inputs';
import { UsageError } from '../usage';

export function backtestCommand(args: string[]) {
  const { values } = parseArgs({
    args,
    options: { request: { type: 'string' }, candles: { type: 'string' }, ...CALENDAR_OPTIONS },
  });
  if (!values.request || !values.candles) throw new UsageError('backtest needs --request and --candles');
  const calendar = calendarFrom(values);
  const request = readRequest(values.request);
  const { metrics, trades, equity, warnings } = runBacktest(request, readCandles(values.candles, calendar));
  // Equity is aligned with the CSV rows; NaN (warm-up) becomes null in JSON.
  return { metrics, trades, equity: Array.from(equity), warnings };
}
