/**
 * `export --request R.json --format pine|python [--timezone Z] [--session-open HH:MM]`: the
 * request's strategy as Pine Script v6 or Python, counting days as `backtest` does with the same
 * options (UTC calendar days without them).
 */
import { parseArgs } from 'node:util';
import { exchangeTradingDays, exportStrategy } from '../../engine/cli';
import { EXPORT_FORMATS, type ExportFormat } from '../../shared/strategy-export';
import { StreamedOutput } from '../output-sink';
import { CALENDAR_OPTIONS, calendarFrom, readRequest } from '../read-inputs';
import { UsageError, requireOptions } from '../usage';

export function exportCommand(args: string[]) {
  const { values } = parseArgs({
    args,
    options: { request: { type: 'string' }, format: { type: 'string' }, ...CALENDAR_OPTIONS },
  });
  requireOptions('export', values, ['request', 'format']);
  if (!EXPORT_FORMATS.includes(values.format as ExportFormat)) {
    throw new UsageError(`--format is ${EXPORT_FORMATS.join(' or ')}, got "${values.format}"`);
  }
  const request = readRequest(values.request);
  const calendar = calendarFrom(values);
  const days = {
    timeZone: calendar.timeZone,
    openMinute: calendar.openMinute,
    weekends: exchangeTradingDays(request.exchange).weekends,
  };
  const code = exportStrategy(request, values.format as ExportFormat, days);
  return new StreamedOutput((out) => out.write(code));
}
