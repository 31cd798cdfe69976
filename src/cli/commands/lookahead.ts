/**
 * `lookahead --request R.json --candles C.csv` -> {biased, checked, differences: [{bar, what,
 * full, cut}]}: recomputes the rules on the data cut after each trade's entry and exit and
 * reports any value that changed (src/engine/robustness/lookahead.ts). `bar` is a CSV data row.
 */
import { parseArgs } from 'node:util';
import { lookaheadCheck } from '../../engine/index';
import { CALENDAR_OPTIONS, calendarFrom, readCandles, readRequest } from '../read-inputs';
import { UsageError } from '../usage';

export function lookaheadCommand(args: string[]) {
  const { values } = parseArgs({
    args,
    options: { request: { type: 'string' }, candles: { type: 'string' }, ...CALENDAR_OPTIONS },
  });
  if (!values.request || !values.candles) throw new UsageError('lookahead needs --request and --candles');
  const request = readRequest(values.request);
  const candles = readCandles(values.candles, calendarFrom(values));
  return lookaheadCheck(request, candles);
}
